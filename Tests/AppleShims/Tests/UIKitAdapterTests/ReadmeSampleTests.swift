import BCKit
import BCKitUIKit
import Testing
import UIKit

// The UIKit samples of the DocC article "Hosting an Owner", verbatim, so they cannot rot.

final class HeaderController: BusinessController {
    weak var owner: Owner?
    let goodsID: Int

    init(goodsID: Int) {
        self.goodsID = goodsID
    }
}

final class PriceController: BusinessController {
    weak var owner: Owner?
}

final class PaymentController: BusinessController {
    weak var owner: Owner?
}

final class SummaryController: BusinessController {
    weak var owner: Owner?
}

final class GoodsViewController: OwnerViewController {
    init(goodsID: Int) {
        super.init(owner: Owner(name: "GoodsDetail"))
        try? owner.attach([HeaderController(goodsID: goodsID), PriceController()])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

final class CheckoutViewController: UIViewController {
    private(set) var relay: HostRelay?

    override func viewDidLoad() {
        super.viewDidLoad()
        let owner = Owner(name: "Checkout")
        try? owner.attach([PaymentController(), SummaryController()])
        relay = installOwner(owner)
    }
}

@MainActor
@Suite struct ReadmeSampleTests {
    @Test func theSubclassSampleAppearsWithBothControllers() {
        let screen = GoodsViewController(goodsID: 42)
        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()
        #expect(screen.owner.state == .appeared)
        #expect(screen.owner.controllers.compactMap { $0 as? HeaderController }.first?.goodsID == 42)
        #expect(screen.owner.controllers.allSatisfy { screen.owner.state(of: $0) == .appeared })
    }

    @Test func theInstallSampleAppearsWithBothControllers() throws {
        let screen = CheckoutViewController(nibName: nil, bundle: nil)
        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()
        let owner = try #require(screen.relay?.owner)
        #expect(owner.state == .appeared)
        #expect(owner.host === screen)
        #expect(owner.controllers.count == 3)
        #expect(owner.controllers.first === screen.relay?.services, "the host services come first")
    }
}
