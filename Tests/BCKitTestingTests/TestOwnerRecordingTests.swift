import BCKit
import BCKitTesting
import Testing

/// Answers stock questions itself: a controller under test the test asks directly.
private final class StockController: BusinessController, StockQuery {
    weak var owner: Owner?
    func stock(of goodsID: Int) -> Int? { goodsID * 10 }
}

/// Implements the stock query but answers `nil`: the mistake a test asking it must see.
private final class OutOfStockController: BusinessController, StockQuery {
    weak var owner: Owner?
    func stock(of goodsID: Int) -> Int? { nil }
}

/// Answers prices at once.
private final class PriceController: BusinessController, PriceQuery {
    weak var owner: Owner?
    func fetchPrice(of goodsID: Int, reply: Reply<Int>) { reply(goodsID + 100) }
}

/// Asks the price when the screen loads, and keeps what comes back.
private final class PriceLabel: BusinessController {
    weak var owner: Owner?
    private(set) var prices: [Int]?

    func ownerDidLoad() {
        center.gather(
            (any PriceQuery).self, { $0.fetchPrice(of: 7, reply: $1) },
            completion: { [weak self] in self?.prices = $0 })
    }
}

/// Asks the price of the cells below it when the screen loads.
private final class CellPriceLabel: BusinessController {
    weak var owner: Owner?
    private(set) var prices: [Int]?

    func ownerDidLoad() {
        center.gather(
            (any PriceQuery).self, scope: .broadcastDown, { $0.fetchPrice(of: 7, reply: $1) },
            completion: { [weak self] in self?.prices = $0 })
    }
}

/// Keeps the reply it is handed, to answer when the test says.
private final class SlowPrices: StubController, PriceQuery {
    var kept: Reply<Int>?

    func fetchPrice(of goodsID: Int, reply: Reply<Int>) {
        record(goodsID)
        kept = reply
    }
}

/// A stub that talks back: what it sends is not the controller's doing.
private final class ChattyCart: StubController, CartConversation {
    func add(goodsID: Int, quantity: Int) {
        record(goodsID, quantity)
        owner?.center.send((any AlertConversation).self) { $0.show(message: "added") }
    }
}

/// Refreshes asynchronously and reports when done.
@MainActor
private protocol RefreshConversation: AnyObject {
    func refresh() async
}

private final class RefreshingController: BusinessController, RefreshConversation {
    weak var owner: Owner?

    func refresh() async {
        await Task.yield()
        owner?.center.send((any AnalyticsConversation).self) { $0.track("refreshed") }
    }
}

/// Asks the stock when the screen loads: up to the screen, as a cell's controller must, or, when it
/// forgot `up`, in its own owner only.
private final class CellStockLabel: BusinessController {
    weak var owner: Owner?
    let asksUp: Bool
    private(set) var stock: Int?

    init(asksUp: Bool) {
        self.asksUp = asksUp
    }

    func ownerDidLoad() {
        let asked = asksUp ? center.up : center
        stock = asked.first((any StockQuery).self) { $0.stock(of: 7) }
    }
}

@MainActor
@Suite struct TestOwnerRecordingTests {
    private func stub(_ name: String) -> SentMessage.Receiver { .init(name: name, isStub: true) }

    @Test func recordsWhatTheControllerSentInOrderWithTheCallsItsStubsSaw() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.stub(FakeStock()).available = 1
        test.stub(FakeCart())
        test.stub(FakeAlerts())

        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 1) }
        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 3) }

        let stock = ObjectIdentifier((any StockQuery).self)
        #expect(
            test.sentMessages == [
                SentMessage(
                    kind: .query, conversation: "StockQuery", conversationID: stock, sender: "AddToCartController",
                    receivers: [stub("FakeStock")], calls: [StubCall(function: "stock(of:)", arguments: ["7"])]
                ),
                SentMessage(
                    kind: .send, conversation: "CartConversation",
                    conversationID: ObjectIdentifier((any CartConversation).self), sender: "AddToCartController",
                    receivers: [stub("FakeCart")],
                    calls: [StubCall(function: "add(goodsID:quantity:)", arguments: ["7", "1"])]
                ),
                SentMessage(
                    kind: .query, conversation: "StockQuery", conversationID: stock, sender: "AddToCartController",
                    receivers: [stub("FakeStock")], calls: [StubCall(function: "stock(of:)", arguments: ["7"])]
                ),
                SentMessage(
                    kind: .send, conversation: "AlertConversation",
                    conversationID: ObjectIdentifier((any AlertConversation).self), sender: "AddToCartController",
                    receivers: [stub("FakeAlerts")],
                    calls: [StubCall(function: "show(message:)", arguments: ["\"Only 1 left\""])]
                ),
            ]
        )
        test.skipSentMessages()
        test.finish()
    }

    @Test func messagesSentFromLifecycleCallbacksAreAttributedToTheController() {
        let test = TestOwner(testing: ScreenTracker())
        let analytics = test.stub(FakeAnalytics())

        test.drive(to: .appeared)
        test.drive(to: .loaded)

        test.expectSent([
            "AnalyticsConversation.track(\"loaded\")",
            "AnalyticsConversation.track(\"appeared\")",
            "AnalyticsConversation.track(\"disappeared\")",
        ])
        #expect(test.sentMessages.map(\.sender) == Array(repeating: "ScreenTracker", count: 3))
        #expect(analytics.calls.map(\.arguments) == [["\"loaded\""], ["\"appeared\""], ["\"disappeared\""]])
        test.finish()
    }

    @Test func messagesSentWhileAttachingAndDetachingAreAttributedToThatController() {
        let test = TestOwner(testing: QuietController())
        test.stub(FakeAnalytics())

        test.mount(GreetingController())
        test.drive(to: .tornDown)

        #expect(test.sentMessages.map(\.sender) == ["GreetingController", "GreetingController"])
        test.expectSent(["AnalyticsConversation.track(\"hello\")", "AnalyticsConversation.track(\"goodbye\")"])
        test.finish()
    }

    @Test func aMessageSentWhileHandlingAnotherIsRecordedAfterIt() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.mount(CartAnalyticsController())
        test.stub(FakeStock()).available = 5
        test.stub(FakeAnalytics())

        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 1) }

        #expect(test.sentMessages.map(\.conversation) == ["StockQuery", "CartConversation", "AnalyticsConversation"])
        #expect(
            test.sentMessages.map(\.sender) == [
                "AddToCartController", "AddToCartController", "CartAnalyticsController",
            ])
        #expect(
            test.sentMessages[1].receivers == [SentMessage.Receiver(name: "CartAnalyticsController", isStub: false)])
        test.expectSent(["StockQuery.stock(of: 7)", "CartConversation", "AnalyticsConversation.track(\"added 7\")"])
        test.finish()
    }

    @Test func whatStubsSendIsNotRecorded() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.stub(FakeStock()).available = 5
        test.stub(ChattyCart())
        let alerts = test.stub(FakeAlerts())

        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 1) }

        test.expectSent(["StockQuery", "CartConversation.add(goodsID: 7, quantity: 1)"])
        test.expectNoMoreSent()
        #expect(alerts.calls.map(\.description) == ["show(message: \"added\")"])
        test.finish()
    }

    @Test func anyBusinessControllerCanBeAStub() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.stub(FakeStock()).available = 5
        test.stub(PlainCartSink())

        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 1) }

        test.expectSent((any StockQuery).self)
        test.expectSent((any CartConversation).self)
        #expect(test.sentMessages.last?.receivers == [stub("PlainCartSink")])
        #expect(test.sentMessages.last?.calls == [])
        test.finish()
    }

    @Test func aGatherIsRecordedAndAnsweredWhenTheStubReplies() {
        let test = TestOwner(testing: PriceLabelController())
        let prices = test.stub(FakePrices())

        test.drive(to: .loaded)
        #expect(test.controller.text == "")
        for reply in prices.pending { reply(12) }

        #expect(test.controller.text == "12")
        #expect(test.sentMessages.map(\.kind) == [.gather])
        test.expectSent((any PriceQuery).self, "fetchPrice(of: 7)")
        test.finish()
    }

    @Test func theTestAsksTheControllerQuestions() {
        let test = TestOwner(testing: StockController())
        test.mount(PriceController())

        #expect(test.first((any StockQuery).self) { $0.stock(of: 3) } == 30)
        #expect(test.all((any StockQuery).self) { $0.stock(of: 4) } == [40])
        #expect(test.gather((any PriceQuery).self) { $0.fetchPrice(of: 1, reply: $1) } == [101])
        #expect(test.sentMessages.isEmpty)
        test.finish()
    }

    /// A stub stands for the rest of the screen: it answers what the controller under test asks,
    /// not the test's own questions, or its answer would hide the controller's `nil`.
    @Test func aStubDoesNotAnswerTheTestsQuestionsInPlaceOfTheControllerUnderTest() {
        let test = TestOwner(testing: OutOfStockController())
        let stock = test.stub(FakeStock())
        stock.available = 5

        #expect(test.first((any StockQuery).self) { $0.stock(of: 3) } == nil)
        #expect(test.all((any StockQuery).self) { $0.stock(of: 3) } == [nil])
        #expect(stock.calls.isEmpty)
        test.finish()
    }

    /// Nor does a stub take part in the test's own gather: the gather is not held back for a
    /// stub that keeps its reply, and the stub's answer is not among the controller's.
    @Test func aStubIsNotAskedTheTestsGatherNorWaitedFor() {
        let test = TestOwner(testing: PriceController())
        let prices = test.stub(SlowPrices())

        #expect(test.gather((any PriceQuery).self) { $0.fetchPrice(of: 1, reply: $1) } == [101])
        #expect(prices.calls.isEmpty)
        #expect(prices.kept == nil)
        test.finish()
    }

    @Test func anAsyncSendRecordsWhatTheControllerSentMeanwhile() async {
        let test = TestOwner(testing: RefreshingController())
        test.stub(FakeAnalytics())

        let reached = await test.send((any RefreshConversation).self) { await $0.refresh() }

        #expect(reached == 1)
        test.expectSent((any AnalyticsConversation).self, "track(\"refreshed\")")
        test.finish()
    }

    @Test func aCallIsDescribedAsSourceWouldReadIt() {
        #expect(
            StubCall(function: "add(goodsID:quantity:)", arguments: ["7", "2"]).description
                == "add(goodsID: 7, quantity: 2)")
        #expect(StubCall(function: "track(_:)", arguments: ["\"x\""]).description == "track(\"x\")")
        #expect(StubCall(function: "refresh()", arguments: []).description == "refresh()")
        #expect(StubCall(function: "title", arguments: []).description == "title")
        #expect(StubCall(function: "move(to:)", arguments: ["1", "2"]).description == "move(1, 2)")
        #expect(StubCall(function: "fetch(of:reply:)", arguments: ["7"]).description == "fetch(of: 7)")
    }

    /// A gather still waiting for a stub's reply when the test finishes fails the test: the
    /// tear-down would complete it without that answer, unseen.
    @Test func finishingWhileAGatherWaitsForAStubsReplyFails() {
        let creation = #line + 1
        let test = TestOwner(testing: PriceLabel())
        test.stub(SlowPrices())
        test.drive(to: .loaded)
        test.expectSent((any PriceQuery).self, "fetchPrice(of: 7)")
        withKnownIssue {
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == creation
                && issue.comments.contains { $0.rawValue.contains("SlowPrices owes a reply to PriceQuery") }
        }
    }

    @Test func aGatherTheStubAnsweredBeforeTheTestFinishesPasses() {
        let test = TestOwner(testing: PriceLabel())
        let prices = SlowPrices()
        test.stub(prices)
        test.drive(to: .loaded)
        test.expectSent((any PriceQuery).self, "fetchPrice(of: 7)")
        prices.kept?(42)
        #expect(test.controller.prices == [42])
        test.finish()
    }

    /// A reply owed by a controller of a nested owner counts too: the gather waits through it.
    @Test func aReplyOwedInANestedOwnerFailsTheTest() {
        let test = TestOwner(testing: CellPriceLabel())
        let cell = Owner(name: "Cell")
        let slow = SlowPrices()
        #expect(throws: Never.self) { try cell.attach(slow) }
        test.mount(cell)
        test.drive(to: .loaded)
        test.skipSentMessages()
        withKnownIssue {
            test.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("SlowPrices owes a reply to PriceQuery") }
        }
        #expect(slow.kept != nil)
    }

    /// Driving to `.tornDown` before finishing checks the owed replies first, since that tear-down
    /// completes the gather.
    @Test func drivingToTornDownWhileAGatherWaitsFails() {
        let test = TestOwner(testing: PriceLabel())
        test.stub(SlowPrices())
        test.drive(to: .loaded)
        test.expectSent((any PriceQuery).self, "fetchPrice(of: 7)")
        withKnownIssue {
            test.drive(to: .tornDown)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("SlowPrices owes a reply to PriceQuery") }
        }
        #expect(test.controller.prices == [])
        test.finish()
    }

    /// The stub answers a question asked locally as it answers one asked up, so the scope is what
    /// tells a cell controller that forgot `up` from one that did not.
    @Test(arguments: [(true, Scope.reportUp), (false, Scope.local)])
    func aMessageIsRecordedWithItsScope(asksUp: Bool, scope: Scope) {
        let test = TestOwner(testing: CellStockLabel(asksUp: asksUp))
        test.stub(FakeStock()).available = 3

        test.drive(to: .loaded)

        #expect(test.controller.stock == 3)
        #expect(test.sentMessages.map(\.scope) == [scope])
        test.expectSent((any StockQuery).self, "stock(of: 7)")
        test.finish()
    }

    @Test func anExpectationThatNamesTheScopeMatchesAMessageSentWithIt() {
        let test = TestOwner(testing: CellStockLabel(asksUp: true))
        test.stub(FakeStock())
        test.drive(to: .loaded)

        test.expectSent((any StockQuery).self, "stock(of: 7)", scope: .reportUp)
        test.finish()
    }

    @Test func anExpectationThatNamesTheScopeFailsForAMessageSentWithAnother() {
        let test = TestOwner(testing: CellStockLabel(asksUp: false))
        test.stub(FakeStock())
        test.drive(to: .loaded)

        withKnownIssue {
            test.expectSent((any StockQuery).self, "stock(of: 7)", scope: .reportUp)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("was sent local, not report up") }
        }
        test.finish()
    }
}
