import BCKit
import Testing

// The blocks of BCKit's tracers, verbatim: DispatchTracer, ConversationGraph and
// ConversationTranscript.

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

@MainActor
@Suite struct TracingExampleTests {
    @Test func aTracerIsInstalledOnTheOwner() {
        let owner = Owner(name: "GoodsDetail")

        final class PrintingTracer: DispatchTracer {
            func didDispatch(_ dispatch: DispatchRecord) { print(dispatch) }
        }
        owner.tracer = PrintingTracer()

        #expect(owner.tracer is PrintingTracer)
    }

    @Test func theGraphDrawsWhoTalksToWhom() throws {
        let owner = Owner(name: "GoodsDetail")
        let addToCart = AddToCartController()
        try owner.attach([addToCart, HeaderController()])

        let graph = ConversationGraph()
        owner.tracer = graph
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
        owner.tracer = transcript
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
