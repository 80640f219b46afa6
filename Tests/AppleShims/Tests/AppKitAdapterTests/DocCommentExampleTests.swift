import AppKit
import BCKit
import BCKitAppKit
import BCKitModules
import Testing

// The AppKit blocks of the doc comments, verbatim: BCKitAppKit's OwnerViewController and
// `installOwner(_:)`.

/// Shows the goods' header.
private final class HeaderController: BusinessController {
    weak var owner: Owner?
    let goodsID: Int

    init(goodsID: Int) {
        self.goodsID = goodsID
    }
}

/// Shows the price.
private final class PriceController: BusinessController {
    weak var owner: Owner?
}

/// Shows a banner.
private final class BannerController: BusinessController {
    weak var owner: Owner?
}

/// Counts the appearances.
private final class AnalyticsController: BusinessController {
    weak var owner: Owner?
    private(set) var appearances = 0

    func ownerDidAppear() { appearances += 1 }
}

/// The goods screen's view.
private final class GoodsView: NSView {
    init() {
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { nil }
}

private final class GoodsViewController: OwnerViewController {
    init(goodsID: Int) {
        super.init(owner: Owner(name: "GoodsDetail"))
        try? owner.attach([HeaderController(goodsID: goodsID), PriceController()])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func loadView() { view = GoodsView() }
}

/// A screen that cannot change its superclass.
private final class LegacyViewController: NSViewController {
    private(set) var relay: HostRelay?

    override func loadView() { view = NSView(frame: .zero) }

    override func viewDidLoad() {
        super.viewDidLoad()
        let owner = Owner(name: "Legacy")
        try? owner.attach([BannerController(), AnalyticsController()])
        relay = installOwner(owner)
    }
}

/// The routes the app's navigator opened.
@MainActor
private final class Opened {
    var routes: [String] = []
}

@MainActor
@Suite struct DocCommentExampleTests {
    @Test func aSubclassBuildsItsViewAndAttachesItsControllers() {
        let screen = GoodsViewController(goodsID: 42)
        let window = NSWindow(contentViewController: screen)

        window.makeKeyAndOrderFront(nil)

        #expect(screen.view is GoodsView)
        #expect(screen.owner.state == .appeared)
        #expect(screen.owner.controllers.compactMap { $0 as? HeaderController }.first?.goodsID == 42)
    }

    @Test func aScreensRoutesGoToTheAppsNavigator() throws {
        let opened = Opened()
        var routes = RouterBuilder<RouteDestination>()
        try routes.register("shop://goods/detail/:id<Int>", to: RouteDestination { opened.routes.append($0.url) })
        let navigator = try Navigator(router: routes.build())
        let screen = GoodsViewController(goodsID: 42)

        screen.services.onNavigate = { route in navigator.navigate(to: route) }
        #expect(screen.owner.center.navigate(to: "shop://goods/detail/7") == .opened("shop://goods/detail/:id<Int>"))

        #expect(opened.routes == ["shop://goods/detail/7"])
    }

    @Test func anInstalledOwnerFollowsTheWindow() throws {
        let screen = LegacyViewController(nibName: nil, bundle: nil)
        let window = NSWindow(contentViewController: screen)

        window.makeKeyAndOrderFront(nil)

        let owner = try #require(screen.relay?.owner)
        #expect(owner.state == .appeared)
        #expect(owner.controllers.compactMap { $0 as? AnalyticsController }.first?.appearances == 1)
    }
}
