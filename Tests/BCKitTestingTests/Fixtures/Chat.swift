import BCKit
import BCKitTesting

// A chat screen's conversations and controllers, as the trial's messenger had them: a typing
// indicator with a timeout, a composer that says when the user types, a draft saver with a
// retained draft.

/// What the chat screen's controllers say about someone typing.
protocol TypingConversation: Conversation {
    func peerDidStartTyping(userID: String)
    func peerDidStopTyping(userID: String)
}

extension TypingConversation {
    func peerDidStartTyping(userID: String) {
        relay((any TypingConversation).self) { $0.peerDidStartTyping(userID: userID) }
    }
    func peerDidStopTyping(userID: String) {
        relay((any TypingConversation).self) { $0.peerDidStopTyping(userID: userID) }
    }
}

extension CommunicationCenter: TypingConversation {}

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
protocol DraftConversation: Conversation {
    func draftWasRestored(_ text: String)
    func draftDidChange(_ text: String)
    func draftWasSaved(_ text: String)
}

extension DraftConversation {
    func draftWasRestored(_ text: String) { relayRetained((any DraftConversation).self) { $0.draftWasRestored(text) } }
    func draftDidChange(_ text: String) { relay((any DraftConversation).self) { $0.draftDidChange(text) } }
    func draftWasSaved(_ text: String) { relayRetained((any DraftConversation).self) { $0.draftWasSaved(text) } }
}

extension CommunicationCenter: DraftConversation {}

final class DraftSaver: BusinessController, DraftConversation {
    weak var owner: Owner?
    private(set) var saved = "hello"

    func ownerDidLoad() {
        center.draftWasRestored(saved)
    }

    func draftDidChange(_ text: String) {
        saved = text
        center.draftWasSaved(text)
    }
}

/// Stands in for the composer, which shows the restored draft.
final class FakeComposer: StubController, DraftConversation {
    func draftWasRestored(_ text: String) { record(text) }
}
