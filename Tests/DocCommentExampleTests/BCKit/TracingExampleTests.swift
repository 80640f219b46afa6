import BCKit
import Testing

// The blocks of BCKit's observers, verbatim: DispatchTracer, Owner's `addObserver(_:)` and
// `mark(_:)`, DispatchRecord, ConversationGraph and ConversationTranscript.

@MainActor
private protocol CartConversation: AnyObject {
    func cartDidChange(count: Int)
}

@MainActor
private protocol GoodsConversation: AnyObject {
    func goodsDidLoad()
}

/// Tells the cart when tapped.
private final class AddToCartController: BusinessController {
    weak var owner: Owner?

    func tapped() { center.send((any CartConversation).self) { $0.cartDidChange(count: 1) } }
}

/// Hears the cart and the goods.
private final class HeaderController: BusinessController, CartConversation, GoodsConversation {
    weak var owner: Owner?

    func cartDidChange(count: Int) {}
    func goodsDidLoad() {}
}

/// Loads the goods when the screen loads, and says so.
private final class RefreshController: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() { center.send((any GoodsConversation).self) { $0.goodsDidLoad() } }
}

/// Hears every dispatch's conversation and every marker; handles nothing.
private final class AnalyticsObserver: DispatchTracer {
    private(set) var heard: [String] = []
    private(set) var markers: [String] = []

    func didDispatch(_ dispatch: DispatchRecord) {
        if dispatch.kind != .lifecycle { heard.append(dispatch.conversation) }
    }

    func didObserve(_ event: TraceEvent) {
        if event.kind == .marker, let label = event.detail { markers.append(label) }
    }
}

@MainActor
@Suite struct TracingExampleTests {
    @Test func anObserverIsAddedBesideTheOthers() {
        let owner = Owner(name: "GoodsDetail")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)

        final class PrintingTracer: DispatchTracer {
            func didDispatch(_ dispatch: DispatchRecord) { print(dispatch) }
        }
        owner.addObserver(PrintingTracer())

        #expect(owner.observers.count == 2)
        #expect(owner.observers.first === transcript)
        #expect(owner.observers.last is PrintingTracer)
    }

    @Test func aRemovedObserverHearsNothingMoreAndTheOthersCarryOn() throws {
        let owner = Owner(name: "GoodsDetail")
        let addToCart = AddToCartController()
        try owner.attach([addToCart, HeaderController()])

        let listening = AnalyticsObserver()
        owner.addObserver(listening)

        let analytics = AnalyticsObserver()
        let observation = owner.addObserver(analytics)
        // …
        owner.removeObserver(observation)
        addToCart.tapped()

        #expect(listening.heard == ["CartConversation"])
        #expect(analytics.heard == [])
        #expect(owner.observers.count == 1)
    }

    @Test func aMarkerReachesEveryObserver() {
        let owner = Owner(name: "GoodsDetail")
        let analytics = AnalyticsObserver()
        owner.addObserver(analytics)

        owner.mark("user tapped add-to-cart")

        #expect(analytics.markers == ["user tapped add-to-cart"])
    }

    @Test func aRecordIsBuiltFromWhatEveryRecordHas() {
        var record = DispatchRecord(kind: .send, conversation: "CartConversation", owner: "Cart")
        record.receivers = ["BadgeController"]

        #expect(!record.isUnhandled)
        #expect(record.sender == nil)
    }

    @Test func theGraphDrawsWhoTalksToWhom() throws {
        let owner = Owner(name: "GoodsDetail")
        let addToCart = AddToCartController()
        try owner.attach([addToCart, HeaderController()])

        let graph = ConversationGraph()
        owner.addObserver(graph)
        // … use the screen …
        print(graph.mermaid())
        // flowchart LR
        //     AddToCartController -->|CartConversation| HeaderController
        addToCart.tapped()

        #expect(graph.mermaid().hasPrefix("flowchart LR\n"))
        #expect(graph.mermaid().contains("    AddToCartController -->|CartConversation| HeaderController"))
    }

    @Test func theTranscriptNestsWhatALifecycleEventCaused() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.attach([RefreshController(), HeaderController()])

        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.didLoad()
        print(transcript.text)
        // [GoodsDetail] lifecycle did-load: host -> RefreshController, HeaderController
        //   [GoodsDetail] send GoodsConversation: RefreshController -> HeaderController

        #expect(
            transcript.lines == [
                "[GoodsDetail] lifecycle did-load: host -> RefreshController, HeaderController",
                "  [GoodsDetail] send GoodsConversation: RefreshController -> HeaderController",
            ])
    }
}
