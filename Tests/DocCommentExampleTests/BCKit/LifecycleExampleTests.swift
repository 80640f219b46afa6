import BCKit
import Testing

// The blocks of the doc comments of BCKit's lifecycle, verbatim: BusinessController, Owner (and its
// attachment, lifecycle, nesting and reuse), LifecycleState and OwnerError.

/// Goods shown on the screen.
private struct Goods: Equatable {
    let id: Int
}

private protocol GoodsConversation: Conversation {
    func goodsDidChange(_ goods: Goods)
}

extension GoodsConversation {
    func goodsDidChange(_ goods: Goods) { relay((any GoodsConversation).self) { $0.goodsDidChange(goods) } }
}

extension CommunicationCenter: GoodsConversation {}

// The block's empty bodies hold block comments, as the doc comment shows them.
// swift-format-ignore: NoBlockComments
private final class StockController: BusinessController, GoodsConversation {
    weak var owner: Owner?

    func ownerDidLoad() { /* fetch stock */  }
    func goodsDidChange(_ goods: Goods) { /* … */  }
}

/// Shows the goods it is told about.
private final class HeaderController: BusinessController, GoodsConversation {
    weak var owner: Owner?
    private(set) var shown: [Goods] = []

    func goodsDidChange(_ goods: Goods) { shown.append(goods) }
}

/// Speaks nothing; takes a place in the order.
private final class PriceController: BusinessController {
    weak var owner: Owner?
}

/// Speaks nothing; wants to come last.
private final class RecommendationsController: BusinessController {
    weak var owner: Owner?
}

/// Logs the lifecycle events it gets.
private final class ReviewListController: BusinessController {
    weak var owner: Owner?
    private(set) var events: [String] = []

    func ownerDidLoad() { events.append("did-load") }
}

/// The screen an owner works for.
@MainActor
private final class GoodsScreen {
    private(set) var titles: [String] = []

    func show(_ title: String) { titles.append(title) }
}

/// Plays UIKit's reusable cell.
@MainActor
private class ReusableCell {
    func prepareForReuse() {}
}

/// A cell whose content is an owner, reset for each new content.
private final class GoodsCell: ReusableCell {
    let owner = Owner(name: "GoodsCell")

    override func prepareForReuse() {
        super.prepareForReuse()
        do {
            try owner.prepareForReuse()
        } catch {
            // Refused, and nothing was reset: the old content would show under the new one.
            assertionFailure("\(error)")
        }
    }
    func configure(with goods: Goods) {
        owner.center.goodsDidChange(goods)
    }
}

@MainActor
@Suite struct LifecycleExampleTests {
    @Test func anOwnerDrivesItsControllersAndCarriesTheirConversations() throws {
        let screen = GoodsScreen()
        let goods = Goods(id: 42)

        let owner = Owner(host: screen, name: "GoodsDetail")
        try owner.attach([HeaderController(), PriceController(), StockController()])
        try owner.didLoad()
        try owner.willAppear()
        owner.center.goodsDidChange(goods)

        #expect(owner.controllers.map { owner.state(of: $0) } == [.appearing, .appearing, .appearing])
        #expect((owner.controllers.first as? HeaderController)?.shown == [goods])
    }

    @Test func theHostIsHandedBackTypedOrNotAtAll() throws {
        let screen = GoodsScreen()
        let title = "Console"
        let owner = Owner(host: screen, name: "GoodsDetail")

        owner.host(as: GoodsScreen.self)?.show(title)

        #expect(screen.titles == ["Console"])
        #expect(owner.host(as: ReusableCell.self) == nil)
    }

    @Test func aNegativePriorityComesAfterTheOthers() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.attach(HeaderController())

        try owner.attach(RecommendationsController(), priority: -1)
        try owner.attach(PriceController())

        #expect(
            owner.controllers.map { "\(type(of: $0))" } == [
                "HeaderController", "PriceController", "RecommendationsController",
            ])
    }

    @Test func handleDeliversEachEventItIsGiven() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.attach(StockController())

        for event in [LifecycleEvent.didLoad, .willAppear, .didAppear] { try owner.handle(event) }

        #expect(owner.state == .appeared)
    }

    @Test func aNestedOwnerForwardsItsParentsLifecycle() throws {
        let page = Owner(name: "Page")
        let reviews = Owner(name: "Reviews")
        try page.attach(reviews)
        try reviews.attach(ReviewListController())
        try page.didLoad()  // reaches ReviewListController through `reviews`

        let list = try #require(reviews.controllers.first as? ReviewListController)
        #expect(list.events == ["did-load"])
    }

    @Test func aReusedCellClosesItsAppearanceAndTakesNewContent() throws {
        let cell = GoodsCell()
        let header = HeaderController()
        try cell.owner.attach(header)
        try cell.owner.didLoad()
        try cell.owner.willAppear()
        try cell.owner.didAppear()
        cell.configure(with: Goods(id: 1))

        cell.prepareForReuse()
        cell.configure(with: Goods(id: 2))

        #expect(cell.owner.state == .loaded)
        #expect(header.shown == [Goods(id: 1), Goods(id: 2)])
    }

    @Test func anImpossibleTransitionThrowsAndChangesNothing() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.didLoad()

        #expect(throws: OwnerError.invalidTransition(.didAppear, from: .loaded)) {
            try owner.didAppear()
        }
        #expect(owner.state == .loaded)
    }

    @Test func aStateSaysWhichEventsLeadOnAndWhichCloseIt() {
        let transitions: [LifecycleState?] = collect {
            LifecycleState.loaded.applying(.willAppear)  // .appearing
            LifecycleState.loaded.applying(.didAppear)  // nil: no did-appear without will-appear
        }
        let catchUp = LifecycleState.appeared.catchUpEvents  // [.didLoad, .willAppear, .didAppear]
        let closing = LifecycleState.appeared.closingEvents  // [.willDisappear, .didDisappear]

        #expect(transitions == [.appearing, nil])
        #expect(catchUp == [.didLoad, .willAppear, .didAppear])
        #expect(closing == [.willDisappear, .didDisappear])
    }
}
