import BCKit
import BCKitTesting

// A chat screen's conversations and controllers, as the trial's messenger had them: a typing
// indicator with a timeout, a composer that says when the user types, a draft saver with a
// retained draft.

/// What the chat screen's controllers say about someone typing.
@MainActor
protocol TypingMessages {
    func peerDidStartTyping(userID: String)
    func peerDidStopTyping(userID: String)
}

/// What controllers adopt: every message optional.
@MainActor
protocol TypingConversation: TypingMessages, AnyObject {}

extension TypingConversation {
    func peerDidStartTyping(userID: String) { notHandled() }
    func peerDidStopTyping(userID: String) { notHandled() }
}

extension CommunicationCenter: TypingMessages {
    func peerDidStartTyping(userID: String) {
        send((any TypingConversation).self) { $0.peerDidStartTyping(userID: userID) }
    }

    func peerDidStopTyping(userID: String) {
        send((any TypingConversation).self) { $0.peerDidStopTyping(userID: userID) }
    }
}

/// Says the user is typing, as a composer would.
final class ComposerController: BusinessController {
    weak var owner: Owner?

    func userTyped() {
        center.peerDidStartTyping(userID: "bob")
    }
}

/// Stands in for the banner that shows who stopped typing.
final class FakeTypingBanner: StubController, TypingConversation {
    func peerDidStopTyping(userID: String) { record(userID) }
}

/// A stub that speaks typing but handles no message of it.
final class DeafTypingStub: StubController, TypingConversation {}

/// The draft of the message being written.
@MainActor
protocol DraftConversation: AnyObject {
    func draftWasRestored(_ text: String)
    func draftDidChange(_ text: String)
    func draftWasSaved(_ text: String)
}

extension DraftConversation {
    func draftWasRestored(_ text: String) { notHandled() }
    func draftDidChange(_ text: String) { notHandled() }
    func draftWasSaved(_ text: String) { notHandled() }
}

/// Restores the saved draft when the screen loads, retained for controllers created later, and
/// saves each change, retained too; it hears its own messages and ignores them.
final class DraftSaver: BusinessController, DraftConversation {
    weak var owner: Owner?
    private(set) var saved = "hello"

    func ownerDidLoad() {
        let saved = saved
        center.sendRetained((any DraftConversation).self) { $0.draftWasRestored(saved) }
    }

    func draftDidChange(_ text: String) {
        saved = text
        center.sendRetained((any DraftConversation).self) { $0.draftWasSaved(text) }
    }
}

/// Stands in for the composer, which shows the restored draft.
final class FakeComposer: StubController, DraftConversation {
    func draftWasRestored(_ text: String) { record(text) }
}
