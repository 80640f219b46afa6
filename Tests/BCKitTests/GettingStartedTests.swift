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

extension GettingStarted {
    /// The questions of the article's "Ask questions" section.
    @MainActor
    protocol TitleQuery: AnyObject {
        var title: String { get }
    }

    @MainActor
    protocol BadgeQuery: AnyObject {
        var badge: String { get }
    }

    @MainActor
    protocol PriceQuery: AnyObject {
        var amount: Int { get }
    }

    /// The question of the article's lazy controller.
    @MainActor
    protocol ReviewQuery: AnyObject {
        var reviewCount: Int { get }
    }

    final class Screen {}

    final class ReviewsController: BusinessController, ReviewQuery {
        weak var owner: Owner?
        let reviewCount = 12
    }

    final class TitleController: BusinessController, TitleQuery, BadgeQuery, PriceQuery {
        weak var owner: Owner?
        let title = "Tea"
        let badge = "new"
        let amount = 4
    }

    final class ShippingController: BusinessController, BadgeQuery, PriceQuery {
        weak var owner: Owner?
        let badge = "free shipping"
        let amount = 2
    }

    // Nested, so the article's unqualified controller names resolve to the article's controllers.
    @MainActor
    @Suite struct Tests {
        @Test func theLoaderTellsThePriceWhenTheScreenLoads() throws {
            let screen = Screen()
            let owner = Owner(host: screen, name: "GoodsDetail")
            try owner.attach([LoaderController(), PriceController()])
            try owner.didLoad()  // LoaderController sends; PriceController updates its label
            try owner.willAppear()
            try owner.didAppear()
            let price = try #require(owner.controllers.last as? PriceController)
            #expect(price.label == "$4")
            #expect(owner.host(as: Screen.self) === screen)
        }

        @Test func theQuestionsGetTheFirstEveryAndTheFoldedAnswer() throws {
            let owner = Owner(name: "GoodsDetail")
            try owner.attach([TitleController(), ShippingController()])

            let title = owner.center.first((any TitleQuery).self) { $0.title }
            let badges = owner.center.all((any BadgeQuery).self) { $0.badge }
            let total = owner.center.reduce((any PriceQuery).self, into: 0) { sum, part in sum += part.amount }

            #expect(title == "Tea")
            #expect(badges == ["new", "free shipping"])
            #expect(total == 6)
        }

        @Test func aLazyControllerIsCreatedByTheFirstQuestionItAnswers() throws {
            let owner = Owner(name: "GoodsDetail")
            try owner.attach(lazily: { ReviewsController() }, speaking: [(any ReviewQuery).self])
            try owner.didLoad()
            #expect(owner.controllers.isEmpty)

            #expect(owner.center.first((any ReviewQuery).self) { $0.reviewCount } == 12)
            #expect(owner.controllers.count == 1)
            #expect(owner.state(of: owner.controllers[0]) == .loaded)
        }

        @Test func aLazyControllerRegisteredWhileVisibleIsCreatedOnTheNextAppearance() throws {
            let owner = Owner(name: "GoodsDetail")
            try owner.didLoad()
            try owner.willAppear()
            try owner.didAppear()
            try owner.attach(lazily: { ReviewsController() }, speaking: [(any ReviewQuery).self])
            #expect(owner.controllers.isEmpty)

            try owner.willDisappear()
            try owner.didDisappear()
            #expect(owner.controllers.isEmpty)
            try owner.willAppear()
            #expect(owner.controllers.count == 1)
        }
    }
}
