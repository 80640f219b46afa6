import BCKit
import Testing

// The Getting Started article's code (Sources/BCKit/BCKit.docc/GettingStarted.md), verbatim, so
// it cannot rot.

@MainActor
protocol GoodsMessages {
    func goodsDidLoad(title: String, price: Int)
    func goodsDidFail(_ message: String)
}

@MainActor
protocol GoodsConversation: GoodsMessages, AnyObject {}

extension GoodsConversation {
    func goodsDidLoad(title: String, price: Int) { notHandled() }
    func goodsDidFail(_ message: String) { notHandled() }
}

extension CommunicationCenter: GoodsMessages {
    func goodsDidLoad(title: String, price: Int) {
        send((any GoodsConversation).self) { $0.goodsDidLoad(title: title, price: price) }
    }

    func goodsDidFail(_ message: String) {
        send((any GoodsConversation).self) { $0.goodsDidFail(message) }
    }
}

/// The article's controllers, in a namespace of their own so their names stay free for others.
enum GettingStarted {
    final class PriceController: BusinessController, GoodsConversation {
        weak var owner: Owner?
        private(set) var label = "…"

        func goodsDidLoad(title: String, price: Int) { label = "$\(price)" }
    }

    final class LoaderController: BusinessController {
        weak var owner: Owner?

        func ownerDidLoad() {
            center.goodsDidLoad(title: "Tea", price: 4)
        }
    }
}

@MainActor
@Suite struct GettingStartedTests {
    final class Screen {}

    @Test func theLoaderTellsThePriceWhenTheScreenLoads() throws {
        let screen = Screen()
        let price = GettingStarted.PriceController()
        let owner = Owner(host: screen, name: "GoodsDetail")
        try owner.attach([GettingStarted.LoaderController(), price])
        try owner.didLoad()  // LoaderController sends; PriceController updates its label
        try owner.willAppear()
        try owner.didAppear()
        #expect(price.label == "$4")
        #expect(owner.host(as: Screen.self) === screen)
    }
}
