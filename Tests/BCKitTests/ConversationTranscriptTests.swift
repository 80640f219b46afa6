import BCKit
import Testing

@MainActor
private protocol ShelfConversation: AnyObject {
    func shelfDidChange(_ count: Int)
}

extension ShelfConversation {
    func shelfDidChange(_ count: Int) {}
}

@MainActor
private protocol AuditConversation: AnyObject {
    func audit(_ line: String)
}

extension AuditConversation {
    func audit(_ line: String) {}
}

/// Tells the shelf when the screen loads, and from a task when asked.
private final class ShelfLoader: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() {
        owner?.center.send((any ShelfConversation).self) { $0.shelfDidChange(3) }
    }

    func reloadLater() -> Task<Void, Never> {
        task { context in
            await Task.yield()
            context.controller?.center.send((any ShelfConversation).self) { $0.shelfDidChange(4) }
        }
    }
}

/// Audits every change of the shelf: a send nested in another.
private final class ShelfView: BusinessController, ShelfConversation {
    weak var owner: Owner?

    func shelfDidChange(_ count: Int) {
        owner?.center.send((any AuditConversation).self) { $0.audit("shelf \(count)") }
    }
}

private final class Auditor: BusinessController, AuditConversation {
    weak var owner: Owner?
}

@MainActor
@Suite struct ConversationTranscriptTests {
    private func screen() throws -> (Owner, ConversationTranscript, ShelfLoader) {
        let owner = Owner(name: "Shelf")
        let transcript = ConversationTranscript()
        owner.tracer = transcript
        let loader = ShelfLoader()
        try owner.attach([loader, ShelfView(), Auditor()])
        return (owner, transcript, loader)
    }

    @Test func linesFollowTheOrderDispatchesStartedWithNestedOnesIndented() throws {
        let (owner, transcript, _) = try screen()
        transcript.note("> load")
        try owner.didLoad()
        owner.center.send((any ShelfConversation).self) { $0.shelfDidChange(5) }
        _ = owner.center.first((any ShelfConversation).self) { _ in Optional(1) }

        #expect(
            transcript.lines == [
                "> load",
                "[Shelf] lifecycle did-load: host -> ShelfLoader, ShelfView, Auditor",
                "  [Shelf] send ShelfConversation: ShelfLoader -> ShelfView",
                "    [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] send ShelfConversation: host -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] query ShelfConversation: host -> ShelfView",
            ]
        )
    }

    @Test func aMessageNobodySpeaksIsMarkedUnhandledAndNoDurationAppears() throws {
        let owner = Owner(name: "Empty")
        let transcript = ConversationTranscript()
        owner.tracer = transcript
        owner.center.send((any AuditConversation).self) { $0.audit("lost") }
        try owner.tearDown()

        #expect(transcript.text == "[Empty] send AuditConversation: host -> nobody (unhandled)\n")
        #expect(!transcript.text.contains("µs"))
    }

    @Test func whatATaskSendsStartsOnItsOwnEvenRightBeforeALifecycleEvent() async throws {
        let (owner, transcript, loader) = try screen()
        try owner.didLoad()
        transcript.clear()

        await loader.reloadLater().value
        try owner.willAppear()

        #expect(
            transcript.lines == [
                "[Shelf] send ShelfConversation: ShelfLoader -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] lifecycle will-appear: host -> ShelfLoader, ShelfView, Auditor",
            ]
        )
    }

    @Test func theSameRunGivesTheSameText() throws {
        func run() throws -> String {
            let (owner, transcript, _) = try screen()
            try owner.didLoad()
            try owner.willAppear()
            try owner.didAppear()
            try owner.tearDown()
            return transcript.text
        }
        let first = try run()
        #expect(try run() == first)
        #expect(first.contains("[Shelf] lifecycle did-disappear: host -> Auditor, ShelfView, ShelfLoader\n"))
    }
}
