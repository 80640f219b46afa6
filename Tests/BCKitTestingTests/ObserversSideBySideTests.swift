import BCKit
import BCKitTesting
import Testing

/// An app's analytics: hears everything, handles nothing, and counts message names.
@MainActor
private final class Analytics: DispatchTracer {
    private(set) var heard: [String] = []

    func didDispatch(_ dispatch: DispatchRecord) {
        guard dispatch.kind != .lifecycle else { return }
        heard.append("\(dispatch.owner): \(dispatch.conversation).\(dispatch.message ?? "?")")
    }
}

/// Types when told to; hears typing and ignores it.
private final class Typist: BusinessController, TypingConversation {
    weak var owner: Owner?

    func type() { center.down.peerDidStartTyping(userID: "ann") }
}

/// Lists who types; lives in a nested owner.
private final class TypingList: BusinessController, TypingConversation {
    weak var owner: Owner?
    private(set) var typing: [String] = []

    func ownerDidLoad() { center.peerDidStopTyping(userID: "bob") }
    func peerDidStartTyping(userID: String) { typing.append(userID) }
}

/// DESIGN 12: the test harness, a transcript and an app's analytics observe one owner tree side by
/// side; adding one silences none, and each hears each dispatch once, nested owners included.
@MainActor
@Suite struct ObserversSideBySideTests {
    @Test func theHarnessATranscriptAndAnalyticsEachHearEveryDispatchOnce() throws {
        let test = TestOwner(testing: Typist())
        let analytics = Analytics()
        let transcript = ConversationTranscript()
        test.owner.addObserver(analytics)
        test.owner.addObserver(transcript)
        let thread = Owner(name: "Thread")
        let list = TypingList()
        try thread.attach(list)
        // The nested owner is observed through its parent; added to it too, each still hears once.
        thread.addObserver(analytics)
        test.mount(thread)
        test.drive(to: .appeared)

        test.controller.type()

        test.expectSent((any TypingConversation).self)
        #expect(list.typing == ["ann"])
        #expect(
            analytics.heard == [
                "Thread: TypingConversation.peerDidStopTyping(userID:)",
                "TestOwner: TypingConversation.peerDidStartTyping(userID:)",
            ])
        #expect(transcript.lines.filter { $0.contains("TypingConversation") }.count == 2)
        #expect(test.owner.observers.count == 3)
        test.finish()
    }
}
