import BCKit
import BCKitTesting
import Testing

// The block of BCKitTesting's `expectSnapshot(of:named:record:filePath:function:sourceLocation:)`,
// verbatim. The file is named as the block's comment names the snapshot's folder.

@MainActor
private protocol GoodsConversation: AnyObject {
    func goodsDidLoad()
}

/// Loads the goods when the screen loads, and says so.
private final class RefreshController: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() { center.send((any GoodsConversation).self) { $0.goodsDidLoad() } }
}

/// Shows the goods once loaded.
private final class HeaderController: BusinessController, GoodsConversation {
    weak var owner: Owner?

    func goodsDidLoad() {}
}

/// A goods screen with its owner and two controllers.
@MainActor
private final class GoodsScreen {
    let owner = Owner(name: "GoodsDetail")

    init() {
        try? owner.attach([RefreshController(), HeaderController()])
    }
}

@MainActor
@Suite struct ScreenTests {
    private let screen = GoodsScreen()

    @Test func loadingTheScreen() throws {
        let transcript = ConversationTranscript()
        screen.owner.addObserver(transcript)
        try screen.owner.didLoad()
        expectSnapshot(of: transcript)  // __Snapshots__/ScreenTests/loadingTheScreen.txt
    }
}
