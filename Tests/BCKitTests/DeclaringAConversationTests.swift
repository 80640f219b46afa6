import BCKit
import Testing

// The Declaring a Conversation article's code (Sources/BCKit/BCKit.docc/DeclaringAConversation.md),
// verbatim, so it cannot rot. The relay plugin on this test target writes the relays of
// `NoteConversation`; `SearchConversation` is the article's hand-written form.

/// What a note editor's controllers tell each other.
protocol NoteConversation: Conversation {
    /// The note's text changed.
    func noteDidChange(_ text: String)

    /// The note's title, from the first controller that knows it.
    func noteTitle() -> String?

    /// Checks the note; every receiver is asked, then their errors are thrown together.
    func validateNote() throws

    /// Saves the note, one receiver after another.
    func saveNote() async

    /// The note was opened; a controller attached later still gets the latest one.
    ///
    /// - Retained
    func noteWasOpened(id: Int)

    /// The note was synced; nobody handling it is normal.
    ///
    /// - Quiet
    func noteDidSync()

    /// The note's author, as a read-only question.
    var noteAuthor: String? { get }
}

/// Shows the note's status line.
final class NoteStatusController: BusinessController, NoteConversation {
    weak var owner: Owner?
    private(set) var status = ""

    func noteWasOpened(id: Int) { status = "note \(id)" }

    /// Saves every open note to disk: this controller's own helper, not the `saveNote()` message.
    ///
    /// - NotAMessage
    func saveNotes() { status = "saved" }
}

protocol SearchConversation: Conversation {
    func searchDidChange(query: String)
}

extension SearchConversation {
    func searchDidChange(query: String) { relay((any SearchConversation).self) { $0.searchDidChange(query: query) } }
}

extension CommunicationCenter: SearchConversation {}

/// Hears searches and notes, and writes down what it heard.
private final class Listener: BusinessController, SearchConversation, NoteConversation {
    weak var owner: Owner?
    var heard: [String] = []

    func searchDidChange(query: String) { heard.append("searchDidChange(\(query))") }
    func noteDidChange(_ text: String) { heard.append("noteDidChange(\(text))") }
    func noteTitle() -> String? { "Groceries" }
    func validateNote() throws { heard.append("validateNote") }
    func saveNote() async { heard.append("saveNote") }
    var noteAuthor: String? { "Ada" }
}

/// A conversation and one refining it that restates its message: the plugin relays both.
protocol ScrollConversation: Conversation {
    func scrollDidEnd()
}

protocol ZoomingScrollConversation: ScrollConversation {
    func scrollDidEnd()
    func scrollDidZoom()
}

/// Speaks only the refined conversation.
private final class ScrollListener: BusinessController, ScrollConversation {
    weak var owner: Owner?
    var heard = 0
    func scrollDidEnd() { heard += 1 }
}

/// Speaks the refining conversation.
private final class ZoomListener: BusinessController, ZoomingScrollConversation {
    weak var owner: Owner?
    var heard = 0
    func scrollDidEnd() { heard += 1 }
    func scrollDidZoom() {}
}

/// Keeps the records a tracer sees.
private final class Records: DispatchTracer {
    var records: [DispatchRecord] = []
    func didDispatch(_ dispatch: DispatchRecord) { records.append(dispatch) }
}

@MainActor
@Suite struct DeclaringAConversationTests {
    @Test func everyFormOfAGeneratedConversationReachesItsReceivers() async throws {
        let owner = Owner(name: "Notes")
        let listener = Listener()
        try owner.attach(listener)
        owner.center.noteDidChange("milk")
        #expect(owner.center.noteTitle() == "Groceries")
        #expect(owner.center.noteAuthor == "Ada")
        try owner.center.validateNote()
        await owner.center.saveNote()
        owner.center.searchDidChange(query: "eggs")
        #expect(listener.heard == ["noteDidChange(milk)", "validateNote", "saveNote", "searchDidChange(eggs)"])
    }

    @Test func aRetainedMessageReachesAControllerAttachedLater() throws {
        let owner = Owner(name: "Notes")
        owner.center.noteWasOpened(id: 1)
        owner.center.noteWasOpened(id: 2)
        let status = NoteStatusController()
        try owner.attach(status)
        #expect(status.status == "note 2")
    }

    @Test func generatedRelaysNameTheirMessageAsAHandWrittenDefaultWould() throws {
        let owner = Owner(name: "Notes")
        let records = Records()
        owner.addObserver(records)
        owner.onDiagnostic = { _ in }
        try owner.attach(NoteStatusController())
        owner.center.noteDidChange("milk")
        _ = owner.center.noteAuthor
        #expect(
            records.records.flatMap(\.defaulted) == [
                DefaultedDelivery(receiver: "NoteStatusController", method: "noteDidChange(_:)"),
                DefaultedDelivery(receiver: "NoteStatusController", method: "noteAuthor"),
            ])
    }

    @Test func aMessageARefiningConversationRestatesReachesTheSpeakersOfBoth() throws {
        let owner = Owner(name: "Scroll")
        let scroll = ScrollListener()
        let zoom = ZoomListener()
        try owner.attach([scroll, zoom])
        owner.center.scrollDidEnd()
        #expect([scroll.heard, zoom.heard] == [1, 1])
        (owner.center as any ScrollConversation).scrollDidEnd()
        #expect([scroll.heard, zoom.heard] == [2, 2])
    }

    @Test func aQuietMessageNobodyHandledIsNotReported() throws {
        let owner = Owner(name: "Notes")
        var reported: [String?] = []
        owner.onDiagnostic = { reported.append($0.message) }
        try owner.attach(NoteStatusController())
        owner.center.noteDidSync()
        owner.center.noteDidChange("milk")
        #expect(reported == ["noteDidChange(_:)"])
    }
}
