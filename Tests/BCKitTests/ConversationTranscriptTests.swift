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
private protocol RestockConversation: AnyObject {
    func restock() async
}

/// Restocks asynchronously, telling the shelf before and after it waits.
private final class Restocker: BusinessController, RestockConversation {
    weak var owner: Owner?

    func restock() async {
        owner?.center.send((any ShelfConversation).self) { $0.shelfDidChange(1) }
        await Task.yield()
        owner?.center.send((any ShelfConversation).self) { $0.shelfDidChange(2) }
    }
}

@MainActor
private protocol StockConversation: AnyObject {
    func restockAll() async
}

/// Awaits a restock, then tells the shelf: an async send nested in an async receiver, and a
/// sync send after it.
private final class Stocker: BusinessController, StockConversation {
    weak var owner: Owner?

    func restockAll() async {
        await center.send((any RestockConversation).self) { await $0.restock() }
        center.send((any ShelfConversation).self) { $0.shelfDidChange(9) }
    }
}

/// Adds a transcript from inside a dispatch, then sends as itself.
private final class TranscriptJoiner: BusinessController, ShelfConversation {
    weak var owner: Owner?
    let transcript: ConversationTranscript

    init(_ transcript: ConversationTranscript) {
        self.transcript = transcript
    }

    func shelfDidChange(_ count: Int) {
        owner?.addObserver(transcript)
        center.send((any AuditConversation).self) { $0.audit("joined") }
    }
}

/// Reports a shelf change up to its parent owner when the screen will appear.
private final class AppearanceReporter: BusinessController {
    weak var owner: Owner?

    func ownerWillAppear() {
        owner?.center.send((any ShelfConversation).self, scope: .reportUp) { $0.shelfDidChange(2) }
    }
}

/// Broadcasts a shelf change down to the nested owners when the screen will appear.
private final class AppearanceBroadcaster: BusinessController {
    weak var owner: Owner?

    func ownerWillAppear() {
        owner?.center.send((any ShelfConversation).self, scope: .broadcastDown) { $0.shelfDidChange(1) }
    }
}

/// Clears the transcript while it hears a shelf change, then audits.
private final class TranscriptClearer: BusinessController, ShelfConversation {
    weak var owner: Owner?
    let transcript: ConversationTranscript

    init(_ transcript: ConversationTranscript) {
        self.transcript = transcript
    }

    func shelfDidChange(_ count: Int) {
        transcript.clear()
        owner?.center.send((any AuditConversation).self) { $0.audit("cleared") }
    }
}

/// Tells the shelf when it is attached, and another owner's shelf when its own owner loads.
private final class TwoShelvesTeller: BusinessController, ShelfConversation {
    weak var owner: Owner?
    var other: Owner?

    func didAttach(to owner: Owner) {
        center.send((any ShelfConversation).self) { $0.shelfDidChange(1) }
    }

    func ownerDidLoad() {
        other?.center.send((any ShelfConversation).self) { $0.shelfDidChange(2) }
    }
}

/// Hears everything, handles nothing: makes an owner's dispatches traced.
private final class QuietObserver: DispatchTracer {
    func didDispatch(_ dispatch: DispatchRecord) {}
}

/// Attaches a nested owner when the screen loads.
private final class CardAttacher: BusinessController {
    weak var owner: Owner?
    let card: Owner

    init(_ card: Owner) {
        self.card = card
    }

    func ownerDidLoad() {
        try? owner?.attach(card)
    }
}

/// Tells the shelf its count as soon as it is attached, and again when its piece comes back.
private final class ShelfCounter: RestorableController {
    weak var owner: Owner?
    var count = 7

    func didAttach(to owner: Owner) {
        center.send((any ShelfConversation).self) { [count] in $0.shelfDidChange(count) }
    }

    func saveState() -> Int? { count }

    func restoreState(_ state: Int) {
        count = state
        center.send((any ShelfConversation).self) { $0.shelfDidChange(state) }
    }
}

@MainActor
@Suite struct ConversationTranscriptTests {
    private func screen() throws -> (Owner, ConversationTranscript, ShelfLoader) {
        let owner = Owner(name: "Shelf")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
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

    /// A new-user trial printed the transcript and got its type's name.
    @Test func printingATranscriptPrintsItsLines() throws {
        let owner = Owner(name: "Screen")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.didLoad()
        #expect(String(describing: transcript) == "[Screen] lifecycle did-load: host -> nobody\n")
        #expect("\(transcript)" == transcript.text)
    }

    @Test func aMessageNobodySpeaksIsMarkedUnhandledAndNoDurationAppears() throws {
        let owner = Owner(name: "Empty")
        let diagnostics = owner.collectDiagnostics()
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        owner.center.send((any AuditConversation).self) { $0.audit("lost") }
        try owner.tearDown()

        #expect(transcript.text == "[Empty] send AuditConversation: host -> nobody (unhandled)\n")
        #expect(!transcript.text.contains("µs"))
        #expect(diagnostics.conversations == ["AuditConversation"])
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

    /// An async send is written when it finishes, as the article says: what its receiver sent
    /// while it ran, before or after a suspension, comes first, each on its own line.
    @Test func anAsyncSendIsWrittenWhenItFinishesAfterWhatItsReceiversSent() async throws {
        let (owner, transcript, _) = try screen()
        try owner.attach(Restocker())
        transcript.clear()

        await owner.center.send((any RestockConversation).self) { await $0.restock() }

        #expect(
            transcript.lines == [
                "[Shelf] send ShelfConversation: Restocker -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] send ShelfConversation: Restocker -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] send RestockConversation: host -> Restocker",
            ]
        )
    }

    /// A send from a button action is the controller's, but made before the next lifecycle event
    /// started: it stays on its own line rather than under that event.
    @Test func aControllersSendFromAButtonActionIsNotPutUnderTheNextLifecycleEvent() throws {
        let (owner, transcript, loader) = try screen()
        try owner.didLoad()
        transcript.clear()

        loader.center.send((any ShelfConversation).self) { $0.shelfDidChange(6) }
        try owner.willAppear()

        #expect(
            transcript.lines == [
                "[Shelf] send ShelfConversation: ShelfLoader -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] lifecycle will-appear: host -> ShelfLoader, ShelfView, Auditor",
            ]
        )
    }

    /// Re-entrant: a send from a button action just before the event stays out, while what the
    /// same controller sends from inside that event's callback goes under it.
    @Test func onlyWhatTheEventsCallbacksSendGoesUnderIt() throws {
        let owner = Owner(name: "Shelf")
        let diagnostics = owner.collectDiagnostics()
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        let loader = ShelfLoader()
        try owner.attach([loader, ShelfView()])
        loader.center.send((any ShelfConversation).self) { $0.shelfDidChange(1) }
        try owner.didLoad()

        #expect(
            transcript.lines == [
                "[Shelf] send ShelfConversation: ShelfLoader -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> nobody (unhandled)",
                "[Shelf] lifecycle did-load: host -> ShelfLoader, ShelfView",
                "  [Shelf] send ShelfConversation: ShelfLoader -> ShelfView",
                "    [Shelf] send AuditConversation: ShelfView -> nobody (unhandled)",
            ]
        )
        #expect(diagnostics.conversations == ["AuditConversation"])
    }

    /// A nested owner hears its parent's event while the parent delivers it: the parent's line
    /// started first, so it comes first, with the nested owner's line under it.
    @Test func aNestedOwnersLifecycleLineFollowsItsParents() throws {
        let parent = Owner(name: "Screen")
        let diagnostics = parent.collectDiagnostics()
        let nested = Owner(name: "Card")
        let transcript = ConversationTranscript()
        parent.addObserver(transcript)
        nested.addObserver(transcript)
        try nested.attach([ShelfLoader(), ShelfView()])
        try parent.attach([nested, Auditor()])
        try parent.didLoad()

        #expect(
            transcript.lines == [
                "[Screen] lifecycle did-load: host -> Card, Auditor",
                "  [Card] lifecycle did-load: host -> ShelfLoader, ShelfView",
                "    [Card] send ShelfConversation: ShelfLoader -> ShelfView",
                "      [Card] send AuditConversation: ShelfView -> nobody (unhandled)",
            ]
        )
        #expect(diagnostics.conversations == ["AuditConversation"])
    }

    /// Nested twice, and caught up late: each owner's line comes before the lines of the owners
    /// nested in it.
    @Test func ownersNestedTwiceAndAttachedLateKeepTheOrderTheirEventsStarted() throws {
        let screen = Owner(name: "Screen")
        let card = Owner(name: "Card")
        let row = Owner(name: "Row")
        let transcript = ConversationTranscript()
        for owner in [screen, card, row] { owner.addObserver(transcript) }
        try row.attach(Auditor())
        try card.attach(row)
        try screen.didLoad()
        transcript.clear()
        try screen.attach(card)

        #expect(
            transcript.lines == [
                "[Screen] lifecycle did-load: host -> Card",
                "  [Card] lifecycle did-load: host -> Row",
                "    [Row] lifecycle did-load: host -> Auditor",
            ]
        )
    }

    /// Re-entrant: a nested owner attached from inside its parent's fan-out is caught up by the
    /// parent one level deeper, while the nested owner counts its own depth from zero.
    @Test func aNestedOwnerAttachedDuringItsParentsEventComesUnderThatEventsCatchUp() throws {
        let screen = Owner(name: "Screen")
        let card = Owner(name: "Card")
        let transcript = ConversationTranscript()
        screen.addObserver(transcript)
        card.addObserver(transcript)
        try card.attach(Auditor())
        try screen.attach(CardAttacher(card))
        try screen.didLoad()

        #expect(
            transcript.lines == [
                "[Screen] lifecycle did-load: host -> CardAttacher",
                "  [Screen] lifecycle did-load: host -> Card",
                "    [Card] lifecycle did-load: host -> Auditor",
            ]
        )
    }

    /// A controller that a parent's callback attaches to a nested owner is caught up by the nested
    /// owner, which counts its own depth from zero: its whole catch-up comes under the parent's
    /// event, not only the event the two share (its did-load stood at the left, after).
    @Test func aCatchUpInANestedOwnerCausedByItsParentsEventGoesUnderThatEvent() throws {
        let journal = Journal()
        let screen = Owner(name: "Screen")
        let card = Owner(name: "Card")
        let transcript = ConversationTranscript()
        screen.addObserver(transcript)
        let attacher = Probe("attacher", journal)
        let late = Probe("late", journal)
        attacher.onLifecycle = { [unowned card] event in
            if event == .willAppear { try? card.attach(late) }
        }
        try card.attach(Probe("eager", journal))
        try screen.attach([card, attacher])
        try screen.didLoad()
        transcript.clear()

        try screen.willAppear()

        #expect(
            transcript.lines == [
                "[Screen] lifecycle will-appear: host -> Card, Probe",
                "  [Card] lifecycle will-appear: host -> Probe",
                "  [Card] lifecycle did-load: host -> Probe",
                "  [Card] lifecycle will-appear: host -> Probe",
            ]
        )
    }

    /// An owner that a parent's controller attaches from its did-appear callback is caught up
    /// event after event, in lifecycle order, each under that did-appear with the nested owner's
    /// own event under it, as a controller attached there is (the events stood nested in each
    /// other, the last first, since each took the one before as its own).
    @Test func aNestedOwnerAttachedFromADidAppearCallbackIsCaughtUpInOrderUnderIt() throws {
        let journal = Journal()
        func lines(attachingAnOwner: Bool) throws -> [String] {
            let screen = Owner(name: "Screen")
            let card = Owner(name: "Card")
            let transcript = ConversationTranscript()
            screen.addObserver(transcript)
            let late = Probe("late", journal)
            let attacher = Probe("attacher", journal)
            attacher.onLifecycle = { [unowned screen] event in
                if event == .didAppear { try? screen.attach(attachingAnOwner ? card : late) }
            }
            try card.attach(Probe("eager", journal))
            try screen.attach(attacher)
            try screen.didLoad()
            try screen.willAppear()
            transcript.clear()

            try screen.didAppear()
            return transcript.lines
        }

        let alone = try lines(attachingAnOwner: false)
        let nested = try lines(attachingAnOwner: true)
        #expect(
            alone == [
                "[Screen] lifecycle did-appear: host -> Probe",
                "  [Screen] lifecycle did-load: host -> Probe",
                "  [Screen] lifecycle will-appear: host -> Probe",
                "  [Screen] lifecycle did-appear: host -> Probe",
            ]
        )
        #expect(
            nested == [
                "[Screen] lifecycle did-appear: host -> Probe",
                "  [Screen] lifecycle did-load: host -> Card",
                "    [Card] lifecycle did-load: host -> Probe",
                "  [Screen] lifecycle will-appear: host -> Card",
                "    [Card] lifecycle will-appear: host -> Probe",
                "  [Screen] lifecycle did-appear: host -> Card",
                "    [Card] lifecycle did-appear: host -> Probe",
            ]
        )
    }

    /// What the nested owner's controller sends from a callback of that catch-up goes under its
    /// owner's event, and takes in nothing the catch-up wrote before (the send held the parent's
    /// did-load line, which the nested owner counts as deeper than its own first level).
    @Test func aSendFromANestedOwnersCatchUpInADidAppearCallbackStaysUnderItsEvent() throws {
        let journal = Journal()
        let screen = Owner(name: "Screen")
        let card = Owner(name: "Card")
        let transcript = ConversationTranscript()
        screen.addObserver(transcript)
        let eager = Probe("eager", journal)
        eager.onLifecycle = { [unowned eager] event in
            if event == .willAppear { eager.center.send((any PingConversation).self) { $0.ping(1) } }
        }
        let attacher = Probe("attacher", journal)
        attacher.onLifecycle = { [unowned screen] event in
            if event == .didAppear { try? screen.attach(card) }
        }
        try card.attach(eager)
        try screen.attach(attacher)
        try screen.didLoad()
        try screen.willAppear()
        transcript.clear()

        try screen.didAppear()

        #expect(
            transcript.lines == [
                "[Screen] lifecycle did-appear: host -> Probe",
                "  [Screen] lifecycle did-load: host -> Card",
                "    [Card] lifecycle did-load: host -> Probe",
                "  [Screen] lifecycle will-appear: host -> Card",
                "    [Card] lifecycle will-appear: host -> Probe",
                "      [Card] send PingConversation: Probe -> Probe",
                "  [Screen] lifecycle did-appear: host -> Card",
                "    [Card] lifecycle did-appear: host -> Probe",
            ]
        )
    }

    /// A controller that a sibling attaches from its did-appear callback sends from the will-appear
    /// of its catch-up: the send goes under that will-appear, as it does when the host attaches
    /// the controller, one level deeper (it stood first under the did-appear, before the catch-up,
    /// since the send counts its depth apart from the lifecycle events around it).
    @Test func aSendFromTheCatchUpOfAControllerAttachedInADidAppearCallbackGoesUnderItsEvent() throws {
        let journal = Journal()
        func lines(attachingFromACallback: Bool) throws -> [String] {
            let screen = Owner(name: "Screen")
            let transcript = ConversationTranscript()
            screen.addObserver(transcript)
            let late = Probe("late", journal)
            late.onLifecycle = { [unowned late] event in
                if event == .willAppear { late.center.send((any PingConversation).self) { $0.ping(1) } }
            }
            let attacher = Probe("attacher", journal)
            attacher.onLifecycle = { [unowned screen] event in
                if event == .didAppear, attachingFromACallback { try? screen.attach(late) }
            }
            try screen.attach(attacher)
            try screen.didLoad()
            try screen.willAppear()
            transcript.clear()

            try screen.didAppear()
            if !attachingFromACallback { try screen.attach(late) }
            return transcript.lines
        }

        let byTheHost = try lines(attachingFromACallback: false)
        let fromACallback = try lines(attachingFromACallback: true)
        #expect(
            byTheHost == [
                "[Screen] lifecycle did-appear: host -> Probe",
                "[Screen] lifecycle did-load: host -> Probe",
                "[Screen] lifecycle will-appear: host -> Probe",
                "  [Screen] send PingConversation: Probe -> Probe",
                "[Screen] lifecycle did-appear: host -> Probe",
            ]
        )
        #expect(
            fromACallback == [
                "[Screen] lifecycle did-appear: host -> Probe",
                "  [Screen] lifecycle did-load: host -> Probe",
                "  [Screen] lifecycle will-appear: host -> Probe",
                "    [Screen] send PingConversation: Probe -> Probe",
                "  [Screen] lifecycle did-appear: host -> Probe",
            ]
        )
    }

    /// What a screen with one ``ShelfCounter`` saved.
    private func savedCounter() throws -> SavedStateArchive {
        let saved = Owner(name: "Shelf")
        try saved.attach(ShelfCounter())
        defer { try? saved.tearDown() }
        return saved.saveState()
    }

    /// What a controller sends while it joins an owner not loaded yet, from its greeting or its
    /// restore, comes before the first event: the event did not cause it.
    @Test func whatAControllerSendsWhileJoiningAnOwnerNotLoadedStartsOnItsOwn() throws {
        let archive = try savedCounter()
        let owner = Owner(name: "Shelf", restoring: archive)
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.attach([ShelfView(), ShelfCounter()])
        try owner.didLoad()

        #expect(
            transcript.lines == [
                "[Shelf] restored ShelfCounter (ShelfCounter)",
                "[Shelf] send ShelfConversation: ShelfCounter -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> nobody (unhandled)",
                "[Shelf] send ShelfConversation: ShelfCounter -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> nobody (unhandled)",
                "[Shelf] lifecycle did-load: host -> ShelfView, ShelfCounter",
            ]
        )
    }

    /// A controller attached late sends from its greeting just before its catch-up, which the
    /// transcript shows as part of joining: under the first event it catches up with.
    @Test func aLateControllersGreetingGoesUnderTheFirstEventItCatchesUpWith() throws {
        let owner = Owner(name: "Shelf")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.attach(ShelfView())
        try owner.didLoad()
        transcript.clear()
        try owner.attach(ShelfCounter())
        try owner.willAppear()

        #expect(
            transcript.lines == [
                "[Shelf] lifecycle did-load: host -> ShelfCounter",
                "  [Shelf] send ShelfConversation: ShelfCounter -> ShelfView",
                "    [Shelf] send AuditConversation: ShelfView -> nobody (unhandled)",
                "[Shelf] lifecycle will-appear: host -> ShelfView, ShelfCounter",
            ]
        )
    }

    /// A restore that comes after the controllers are attached is its own line, and what the
    /// controller sends from it is not put under the event that follows.
    @Test func whatALaterRestoreSendsIsNotPutUnderTheNextEvent() throws {
        let archive = try savedCounter()
        let owner = Owner(name: "Shelf")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.attach([ShelfView(), ShelfCounter()])
        try owner.didLoad()
        transcript.clear()
        try owner.restoreState(from: archive)
        try owner.willAppear()

        #expect(
            transcript.lines == [
                "[Shelf] restored ShelfCounter (ShelfCounter)",
                "[Shelf] send ShelfConversation: ShelfCounter -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> nobody (unhandled)",
                "[Shelf] lifecycle will-appear: host -> ShelfView, ShelfCounter",
            ]
        )
    }

    /// An async send nested in an async receiver is written when it finishes, at the left, like
    /// the one around it: never under a sync send of the same receiver that finished later.
    @Test func anAsyncSendNestedInAnAsyncReceiverStartsAtTheLeft() async throws {
        let (owner, transcript, _) = try screen()
        try owner.attach([Stocker(), Restocker()])
        transcript.clear()

        await owner.center.send((any StockConversation).self) { await $0.restockAll() }

        #expect(
            transcript.lines == [
                "[Shelf] send ShelfConversation: Restocker -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] send ShelfConversation: Restocker -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] send RestockConversation: Stocker -> Restocker",
                "[Shelf] send ShelfConversation: Stocker -> ShelfView",
                "  [Shelf] send AuditConversation: ShelfView -> Auditor",
                "[Shelf] send StockConversation: host -> Stocker",
            ]
        )
    }

    /// A transcript added by a receiver never hears the dispatch running: what that receiver
    /// sends next starts at the left, and is not put under the next dispatch.
    @Test(arguments: [false, true])
    func aMessageNestedInADispatchTheTranscriptMissedStartsAtTheLeft(tracedBefore: Bool) throws {
        let owner = Owner(name: "Shelf")
        if tracedBefore { owner.addObserver(QuietObserver()) }
        let transcript = ConversationTranscript()
        try owner.attach([TranscriptJoiner(transcript), Auditor()])

        owner.center.send((any ShelfConversation).self) { $0.shelfDidChange(1) }
        owner.center.send((any AuditConversation).self) { $0.audit("next") }

        #expect(
            transcript.lines == [
                "[Shelf] send AuditConversation: TranscriptJoiner -> Auditor",
                "[Shelf] send AuditConversation: host -> Auditor",
            ]
        )
    }

    /// A broadcast's line comes before what it caused in a nested owner, which starts at the left
    /// after it: in the order they started.
    @Test func whatABroadcastCausesInANestedOwnerComesAfterIt() throws {
        let page = Owner(name: "Page")
        let card = Owner(name: "Card")
        try page.attach(card)
        try card.attach([ShelfView(), Auditor()])
        let transcript = ConversationTranscript()
        page.addObserver(transcript)

        page.center.send((any ShelfConversation).self, scope: .broadcastDown) { $0.shelfDidChange(2) }
        page.center.send((any AuditConversation).self) { $0.audit("after") }

        #expect(
            transcript.lines.map { $0.prefix(while: { $0 != ":" }) } == [
                "[Page] send ShelfConversation",
                "[Card] send AuditConversation",
                "[Page] send AuditConversation",
            ])
    }

    /// A send from a lifecycle callback stays under its event when its receiver sends in another
    /// owner, whose line starts after it at the left.
    @Test func aReportUpFromALifecycleCallbackStaysUnderTheEvent() throws {
        let page = Owner(name: "Page")
        let card = Owner(name: "Card")
        try card.attach(AppearanceReporter())
        try page.attach([ShelfView(), Auditor(), card])
        try page.didLoad()
        let transcript = ConversationTranscript()
        page.addObserver(transcript)

        try page.willAppear()

        #expect(
            transcript.lines.prefix(3) == [
                "[Page] lifecycle will-appear: host -> ShelfView, Auditor, Card",
                "  [Card] lifecycle will-appear: host -> AppearanceReporter",
                "    [Card] send ShelfConversation: AppearanceReporter -> ShelfView",
            ])
    }

    /// A lifecycle event's line comes before what its callbacks caused in a nested owner.
    @Test func aBroadcastFromALifecycleCallbackComesAfterTheEvent() throws {
        let page = Owner(name: "Page")
        let card = Owner(name: "Card")
        try card.attach([ShelfView(), Auditor()])
        try page.attach([AppearanceBroadcaster(), card])
        try page.didLoad()
        let transcript = ConversationTranscript()
        page.addObserver(transcript)

        try page.willAppear()

        #expect(transcript.lines.first?.hasPrefix("[Page] lifecycle will-appear") == true)
    }

    /// A transcript cleared by a receiver still puts what that receiver sends next under the
    /// dispatch running.
    @Test func aTranscriptClearedDuringADispatchKeepsItsCauseFirst() throws {
        let owner = Owner(name: "Shelf")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.attach([TranscriptClearer(transcript), Auditor()])

        owner.center.send((any ShelfConversation).self) { $0.shelfDidChange(1) }

        #expect(
            transcript.lines == [
                "[Shelf] send ShelfConversation: host -> TranscriptClearer",
                "  [Shelf] send AuditConversation: TranscriptClearer -> Auditor",
            ])
    }

    /// A catch-up that adopts what the newcomer sent before it started still comes before what
    /// its callbacks caused in another owner.
    @Test func anEventThatAdoptsALineFromBeforeItsStartComesBeforeWhatItCausedElsewhere() throws {
        let transcript = ConversationTranscript()
        let screen = Owner(name: "A")
        let other = Owner(name: "B")
        screen.addObserver(transcript)
        other.addObserver(transcript)
        try other.attach(TwoShelvesTeller())
        try screen.didLoad()
        let late = TwoShelvesTeller()
        late.other = other

        try screen.attach(late)

        let lines = transcript.lines
        let event = try #require(lines.lastIndex { $0.hasPrefix("[A] lifecycle did-load") })
        let caused = try #require(lines.lastIndex { $0.hasPrefix("[B] send") })
        #expect(event < caused)
        #expect(lines[event + 1].hasPrefix("  [A] send ShelfConversation: TwoShelvesTeller"))
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

    /// A reuse closes a visible owner's appearance before it resets it: its closing events are
    /// the host's, at the left before the reset, as the inspector records them (cross-check of
    /// stop 50: they went under the will-reuse line, the reuse's own delivery counted as theirs).
    @Test func aReuseWritesTheClosingEventsAtTheLeftBeforeTheReset() throws {
        let owner = Owner(name: "Row")
        try owner.attach(Cell("a", Journal()))
        try owner.show()
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)

        try owner.prepareForReuse()

        #expect(
            transcript.text == """
                [Row] lifecycle will-disappear: host -> Cell
                [Row] lifecycle did-disappear: host -> Cell
                [Row] lifecycle will-reuse: host -> Cell

                """)
    }

    /// A parent's reuse writes its nested owner's closing events under its own, in the order they
    /// ran (they came before the parent's, one level too deep for the nested owner's to join them).
    @Test func aParentsReuseWritesTheNestedOwnersClosingEventsUnderItsOwn() throws {
        let page = Owner(name: "Page")
        let row = Owner(name: "Row")
        try page.attach(row)
        try row.attach(Cell("a", Journal()))
        try page.show()
        let transcript = ConversationTranscript()
        page.addObserver(transcript)

        try page.prepareForReuse()

        #expect(
            transcript.text == """
                [Page] lifecycle will-disappear: host -> Row
                  [Row] lifecycle will-disappear: host -> Cell
                [Page] lifecycle did-disappear: host -> Row
                  [Row] lifecycle did-disappear: host -> Cell
                [Page] lifecycle will-reuse: host -> Row
                  [Row] lifecycle will-reuse: host -> Cell

                """)
    }

    /// What a controller sends as it resets is the reset's, not the closing events': they stay at
    /// the left before it.
    @Test func aSendFromTheResetDoesNotTakeInTheClosingEvents() throws {
        let owner = Owner(name: "Row")
        let cells = [Cell("a", Journal()), Cell("b", Journal())]
        try owner.attach(cells)
        cells[1].onReuse = { [unowned sender = cells[1]] in
            sender.center.send((any PingConversation).self) { $0.ping(0) }
        }
        try owner.show()
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)

        try owner.prepareForReuse()

        #expect(
            transcript.text == """
                [Row] lifecycle will-disappear: host -> Cell, Cell
                [Row] lifecycle did-disappear: host -> Cell, Cell
                [Row] lifecycle will-reuse: host -> Cell, Cell
                  [Row] send PingConversation: Cell -> Cell, Cell

                """)
    }
}
