import BCKit
import BCKitTesting
import Testing

// The blocks of BCKitTesting's TestOwner doc comments that drive, ask and wait, verbatim: its
// lifecycle, its sends and questions, `settle`, Exhaustivity and `expectNoLeaks`.

/// Goods shown on the screen.
private struct Goods: Equatable {
    let id: Int
}

@MainActor
private protocol GoodsConversation: AnyObject {
    func goodsDidLoad(_ goods: Goods)
}

@MainActor
private protocol PriceQuery: AnyObject {
    var price: Int? { get }
}

@MainActor
private protocol StockQuery: AnyObject {
    func fetchStock(reply: Reply<Int>)
}

@MainActor
private protocol RefreshConversation: AnyObject {
    func refresh() async
    func refreshDidFinish()
}

@MainActor
private protocol AnalyticsConversation: AnyObject {
    func track(_ event: String)
}

/// Shows the goods it is told about and answers for their price and stock.
private final class HeaderController: BusinessController, GoodsConversation, PriceQuery, StockQuery {
    weak var owner: Owner?
    private(set) var goods: Goods?

    var price: Int? { goods.map { $0.id * 100 } }

    func goodsDidLoad(_ goods: Goods) { self.goods = goods }
    func fetchStock(reply: Reply<Int>) { reply(3) }
}

/// Loads the goods in a controller task when the screen loads, then says so.
private final class GoodsLoader: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() {
        task { context in
            await Task.yield()
            context.controller?.center.send((any GoodsConversation).self) { $0.goodsDidLoad(Goods(id: 7)) }
        }
    }
}

/// Refreshes, then tells whoever speaks the conversation, itself included.
private final class RefreshController: BusinessController, RefreshConversation {
    weak var owner: Owner?
    private(set) var finished = 0

    func refresh() async {
        await Task.yield()
        center.send((any RefreshConversation).self) { $0.refreshDidFinish() }
    }

    func refreshDidFinish() { finished += 1 }
}

/// Tracks three events when it appears; a test may care about one.
private final class RecommendationsController: BusinessController {
    weak var owner: Owner?

    func ownerDidAppear() {
        for event in ["shown", "scrolled", "tapped"] {
            center.send((any AnalyticsConversation).self) { $0.track(event) }
        }
    }
}

/// Stands in for analytics.
private final class FakeAnalytics: StubController, AnalyticsConversation {
    func track(_ event: String) { record(event) }
}

/// Stands in for the screen that shows loaded goods.
private final class FakeGoodsView: StubController, GoodsConversation {
    func goodsDidLoad(_ goods: Goods) { record(goods.id) }
}

@MainActor
@Suite struct HarnessExampleTests {
    @Test func driveTakesTheNormalPathToAState() {
        let test = TestOwner(testing: HeaderController())

        test.drive(to: .appeared)  // did-load, will-appear, did-appear
        test.drive(to: .loaded)  // will-disappear, did-disappear

        test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])
        test.finish()
    }

    @Test func handleDeliversTheUnusualPathsOneEventAtATime() {
        let test = TestOwner(testing: HeaderController())

        test.drive(to: .appearing)
        test.handle(.willDisappear)  // the appearance is cancelled

        test.expectLifecycle([.didLoad, .willAppear, .willDisappear])
        #expect(test.owner.state == .disappearing)
        test.finish()
    }

    @Test func theTestSendsAndAsksAsTheHostWould() {
        let test = TestOwner(testing: HeaderController())
        let goods = Goods(id: 7)

        test.send((any GoodsConversation).self) { $0.goodsDidLoad(goods) }
        let price = test.first((any PriceQuery).self) { $0.price }
        let counts = test.gather((any StockQuery).self) { $0.fetchStock(reply: $1) }

        #expect(test.controller.goods == goods)
        #expect(price == 700)
        #expect(counts == [3])
        test.finish()
    }

    @Test func settleWaitsForTheControllersTasks() async {
        let test = TestOwner(testing: GoodsLoader())
        test.stub(FakeGoodsView())

        test.drive(to: .loaded)  // the controller starts loading in a task
        await test.settle()
        test.expectSent((any GoodsConversation).self)

        test.finish()
    }

    @Test func aNonExhaustiveTestAssertsOnlyWhatItCaresAbout() {
        let test = TestOwner(testing: RecommendationsController(), exhaustivity: .nonExhaustive)
        test.stub(FakeAnalytics())

        test.drive(to: .appeared)

        test.expectSent((any AnalyticsConversation).self, "track(\"tapped\")")
        test.finish()
    }

    @Test func headerDoesNotLeak() {
        expectNoLeaks {
            let test = TestOwner(testing: HeaderController())
            test.drive(to: .appeared)
            test.finish()
        }
    }

    @Test func refreshDoesNotLeak() async {
        await expectNoLeaks {
            let test = TestOwner(testing: RefreshController())
            await test.send((any RefreshConversation).self) { await $0.refresh() }
            test.skipSentMessages()
        }
    }
}
