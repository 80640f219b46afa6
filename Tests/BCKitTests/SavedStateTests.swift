import BCKit
import Testing

/// A controller that saves a draft and writes what happens to it in a shared log.
@MainActor
final class Drafting: RestorableController, PingConversation {
    weak var owner: Owner?
    let name: String
    let log: SavedStateLog
    var draft: String
    let savedStateKey: String
    var onRestore: ((Drafting) -> Void)?

    init(_ name: String, draft: String = "", key: String? = nil, log: SavedStateLog) {
        self.name = name
        self.draft = draft
        self.savedStateKey = key ?? "Drafting"
        self.log = log
    }

    func saveState() -> String? { draft.isEmpty ? nil : draft }

    func restoreState(_ state: String) {
        draft = state
        log.events.append("\(name) restored \(state)")
        onRestore?(self)
    }

    func didAttach(to owner: Owner) { log.events.append("\(name) attached") }
    func ownerDidLoad() { log.events.append("\(name) did-load") }
    func willDetach(from owner: Owner) { log.events.append("\(name) detached") }
    func ping(_ value: Int) { log.events.append("\(name) ping \(value)") }
}

/// A controller of its own type with the default key, its type name.
@MainActor
final class Quality: RestorableController {
    weak var owner: Owner?
    var selected = 720

    func saveState() -> Int? { selected }
    func restoreState(_ state: Int) { selected = state }
}

/// A comment and its replies, nested as deep as the conversation went.
struct CommentThread: Codable, Equatable {
    var text: String
    var reply: [CommentThread]

    /// A leaf wrapped in `depth` replies: two levels of the archive per reply (an object and an
    /// array), two more for the leaf.
    static func nested(depth: Int) -> Self {
        (0..<depth).reduce(Self(text: "leaf", reply: [])) { inner, _ in Self(text: "reply", reply: [inner]) }
    }
}

/// Saves a comment thread, however deep.
@MainActor
final class ThreadController: RestorableController {
    weak var owner: Owner?
    var thread: CommentThread?

    func saveState() -> CommentThread? { thread }
    func restoreState(_ state: CommentThread) { thread = state }
}

/// A card whose key comes from the message it shows, configured after it is attached, as a cell's
/// content often is.
@MainActor
final class ConfiguredCard: RestorableController {
    weak var owner: Owner?
    var messageID = 0
    var expanded = false

    var savedStateKey: String { "card.\(messageID)" }

    func saveState() -> Bool? { expanded }
    func restoreState(_ state: Bool) { expanded = state }
}

@MainActor
final class SavedStateLog {
    var events: [String] = []
}

/// Hears the owner's trace events.
@MainActor
final class EventTracer: DispatchTracer {
    var events: [String] = []
    func didDispatch(_ dispatch: DispatchRecord) {}
    func didObserve(_ event: TraceEvent) {
        events.append("\(event.kind) \(event.subject ?? "-") \(event.detail ?? "-")")
    }
}

@MainActor
@Suite struct SavedStateTests {
    let log = SavedStateLog()

    /// An archive saved by a composer screen: a draft and a quality.
    func savedScreen() throws -> SavedStateArchive {
        let owner = Owner(name: "Composer")
        let quality = Quality()
        quality.selected = 1080
        try owner.attach([Drafting("draft", draft: "Hello", log: SavedStateLog()), quality, Silent()])
        return owner.saveState()
    }

    // MARK: - Saving

    @Test func savingCollectsEachDeclaredPieceUnderItsKeyAndNothingElse() throws {
        let archive = try savedScreen()
        // The default key is the type name; `Silent` declares nothing and saves nothing.
        #expect(archive.keys == ["Drafting", "Quality"])
        #expect(try archive.piece(String.self, forKey: "Drafting") == "Hello")
        #expect(try archive.piece(Int.self, forKey: "Quality") == 1080)
    }

    @Test func aControllerWithNothingToSaveLeavesNoPiece() throws {
        let owner = Owner()
        try owner.attach(Drafting("empty", log: log))
        #expect(owner.saveState().isEmpty)
    }

    @Test func twoControllersOfOneTypeSaveUnderTheirOwnKeys() throws {
        let owner = Owner()
        try owner.attach(Drafting("email", draft: "a@b.c", key: "field.email", log: log))
        try owner.attach(Drafting("name", draft: "Ann", key: "field.name", log: log))
        let archive = owner.saveState()
        #expect(archive.keys == ["field.email", "field.name"])

        let restored = Owner(restoring: archive)
        let email = Drafting("email", key: "field.email", log: log)
        let name = Drafting("name", key: "field.name", log: log)
        try restored.attach([name, email])
        #expect(email.draft == "a@b.c")
        #expect(name.draft == "Ann")
    }

    @Test func aDuplicateKeyIsDiagnosedAndTheFirstInOrderKeepsIt() throws {
        let owner = Owner(name: "Form")
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(Drafting("first", draft: "one", log: log))
        try owner.attach(Drafting("second", draft: "two", log: log))
        let archive = owner.saveState()
        #expect(try archive.piece(String.self, forKey: "Drafting") == "one")
        #expect(diagnostics.reported.map(\.cause) == [.duplicateSavedStateKey])
        #expect(diagnostics.reported.first?.message == "Drafting")
        #expect(diagnostics.reported.first?.hint.contains("give each its own savedStateKey") == true)
    }

    @Test func aDuplicateKeyIsDiagnosedWhenRestoringAndOnlyTheFirstGetsThePiece() throws {
        let owner = Owner(name: "Form", restoring: try savedScreen())
        let diagnostics = owner.collectDiagnostics()
        let first = Drafting("first", log: log)
        let second = Drafting("second", log: log)
        try owner.attach([first, second])
        #expect(first.draft == "Hello")
        #expect(second.draft == "")
        #expect(diagnostics.reported.map(\.cause) == [.duplicateSavedStateKey])
    }

    /// A controller already restored cannot be restored back, so with a duplicate key the piece
    /// goes to the first controller to claim the key (here the first attached, though the later
    /// one comes first in the owner's order and saved it), and the diagnostic says which got it.
    @Test func aDuplicateKeyAtRestoreGoesToTheFirstClaimantAndTheDiagnosticSaysSo() throws {
        let owner = Owner(name: "Form")
        _ = owner.collectDiagnostics()
        try owner.attach(Drafting("low", draft: "from-low", key: "K", log: log))
        try owner.attach(Drafting("high", draft: "from-high", key: "K", log: log), priority: 10)
        let archive = owner.saveState()
        #expect(try archive.piece(String.self, forKey: "K") == "from-high")

        let restored = Owner(name: "Form", restoring: archive)
        let diagnostics = restored.collectDiagnostics()
        let low = Drafting("low", key: "K", log: log)
        let high = Drafting("high", key: "K", log: log)
        try restored.attach(low)
        try restored.attach(high, priority: 10)
        #expect(low.draft == "from-high")
        #expect(high.draft == "")
        #expect(diagnostics.reported.map(\.cause) == [.duplicateSavedStateKey])
        let hint = try #require(diagnostics.reported.first?.hint)
        #expect(
            hint.contains(
                "Drafting claimed 'K' first and was handed its piece, so Drafting, claiming it after, gets none"))
    }

    @Test func aKeyFreedByADetachedControllerIsNoDuplicate() throws {
        let owner = Owner(restoring: try savedScreen())
        let diagnostics = owner.collectDiagnostics()
        let first = Drafting("first", log: log)
        try owner.attach(first)
        try owner.detach(first)
        try owner.attach(Drafting("again", log: log))
        #expect(diagnostics.reported.isEmpty)
    }

    /// The key is read as the card attaches, before its message is known, so the piece saved
    /// under the message's key is never handed over; once configured, the card saves the user's
    /// latest choice over that piece rather than leaving the stale piece for nobody.
    @Test func aControllerWhoseKeyChangedAfterItWasAttachedSavesItsLatestStateAndIsDiagnosed() throws {
        let first = Owner(name: "Chat")
        let card = ConfiguredCard()
        card.messageID = 5
        card.expanded = true
        try first.attach(card)

        let owner = Owner(name: "Chat", restoring: first.saveState())
        let diagnostics = owner.collectDiagnostics()
        let configuredLate = ConfiguredCard()
        try owner.attach(configuredLate)
        configuredLate.messageID = 5
        configuredLate.expanded = false
        let second = owner.saveState()
        #expect(try second.piece(Bool.self, forKey: "card.5") == false)
        #expect(diagnostics.reported.map(\.cause) == [.savedStateKeyChanged])
        #expect(diagnostics.reported.first?.sender == "ConfiguredCard")
        #expect(diagnostics.reported.first?.message == "card.5")
        let hint = try #require(diagnostics.reported.first?.hint)
        #expect(hint.contains("savedStateKey was 'card.0' when it was attached and is 'card.5' now"))

        let third = Owner(name: "Chat", restoring: try SavedStateArchive(bytes: second.bytes))
        let restored = ConfiguredCard()
        restored.messageID = 5
        try third.attach(restored)
        #expect(restored.expanded == false)
    }

    /// A controller restored already is offered a later archive too, though it takes nothing from
    /// it: its key changing afterwards is reported, and its latest state saved.
    @Test func aRestoredControllerWhoseKeyChangesAfterASecondArchiveSavesItsLatestState() throws {
        var first = SavedStateArchive()
        try first.setPiece(true, forKey: "card.0")
        var second = SavedStateArchive()
        try second.setPiece(false, forKey: "card.0")
        try second.setPiece(true, forKey: "card.5")
        let owner = Owner(name: "Chat", restoring: first)
        let diagnostics = owner.collectDiagnostics()
        let card = ConfiguredCard()
        try owner.attach(card)
        try owner.restoreState(from: second)
        card.messageID = 5
        card.expanded = false
        let saved = owner.saveState()
        #expect(try saved.piece(Bool.self, forKey: "card.5") == false)
        #expect(diagnostics.reported.map(\.cause) == [.savedStateRestoredAlready, .savedStateKeyChanged])
    }

    /// Configured after attaching, the card still gets its piece when the archive is given once
    /// it is configured, as the diagnostic advises.
    @Test func aControllerConfiguredAfterAttachingIsRestoredByAnArchiveGivenAfterwards() throws {
        var archive = SavedStateArchive()
        try archive.setPiece(true, forKey: "card.5")
        let owner = Owner(name: "Chat")
        let diagnostics = owner.collectDiagnostics()
        let card = ConfiguredCard()
        try owner.attach(card)
        card.messageID = 5
        try owner.restoreState(from: archive)
        #expect(card.expanded)
        #expect(diagnostics.reported.isEmpty)
    }

    @Test func aPieceThatCannotBeEncodedIsLeftOutWithADiagnostic() throws {
        final class Ratio: RestorableController {
            weak var owner: Owner?
            func saveState() -> Double? { .nan }
            func restoreState(_ state: Double) {}
        }
        let owner = Owner(name: "Chart")
        let diagnostics = owner.collectDiagnostics()
        try owner.attach([Ratio(), Quality()])
        let archive = owner.saveState()
        #expect(archive.keys == ["Quality"])
        #expect(diagnostics.reported.map(\.cause) == [.savedStateNotSaved])
        #expect(diagnostics.reported.first?.sender == "Ratio")
    }

    @Test func aPieceNestedTooDeepToReadBackIsLeftOutAndTheRestReadsBack() throws {
        let owner = Owner(name: "Comments")
        let diagnostics = owner.collectDiagnostics()
        let comments = ThreadController()
        comments.thread = .nested(depth: 70)
        let quality = Quality()
        quality.selected = 1080
        try owner.attach([comments, quality])
        let bytes = owner.saveState().bytes
        #expect(diagnostics.reported.map(\.cause) == [.savedStateNotSaved])
        #expect(diagnostics.reported.first?.message == "ThreadController")
        #expect(diagnostics.reported.first?.hint.contains("nested too deep") == true)
        #expect(diagnostics.reported.first?.hint.contains("128") == true)

        let relaunched = Owner(name: "Comments", restoring: try SavedStateArchive(bytes: bytes))
        let comments2 = ThreadController()
        let quality2 = Quality()
        try relaunched.attach([comments2, quality2])
        #expect(quality2.selected == 1080)
        #expect(comments2.thread == nil)
    }

    /// Each owner a piece is nested in is a level of the archive too: a thread that fits one owner
    /// down does not fit two down, and is left out there rather than written unreadable.
    @Test func theOwnersAPieceIsNestedInCountTowardTheNestingLimit() throws {
        let page = Owner(name: "Page")
        let reviews = Owner(name: "Reviews")
        let replies = Owner(name: "Replies")
        let diagnostics = page.collectDiagnostics()
        let (top, middle, bottom) = (ThreadController(), ThreadController(), ThreadController())
        for comments in [top, middle, bottom] { comments.thread = .nested(depth: 62) }
        try page.attach([top, reviews])
        try reviews.attach([middle, replies])
        try replies.attach(bottom)
        let archive = try SavedStateArchive(bytes: page.saveState().bytes)
        #expect(try archive.piece(CommentThread.self, forKey: "ThreadController") == .nested(depth: 62))
        #expect(
            try archive[owner: "Reviews"]?.piece(CommentThread.self, forKey: "ThreadController") == .nested(depth: 62))
        #expect(archive[owner: "Reviews"]?[owner: "Replies"] == nil)
        #expect(diagnostics.reported.map(\.cause) == [.savedStateNotSaved])
        #expect(diagnostics.reported.map(\.owner) == ["Replies"])
    }

    @Test func anArchiveOverTheDocumentedSizeIsDiagnosedNamingTheLargestPiece() throws {
        let owner = Owner(name: "Huge")
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(Drafting("big", draft: String(repeating: "x", count: 70_000), log: log))
        try owner.attach(Quality())
        let archive = owner.saveState()
        #expect(archive.byteCount > SavedStateArchive.recommendedMaximumByteCount)
        #expect(diagnostics.reported.map(\.cause) == [.savedStateTooLarge])
        #expect(diagnostics.reported.first?.hint.contains("Huge/Drafting (70") == true)
    }

    @Test func anArchiveUnderTheSizeRaisesNothing() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(Drafting("small", draft: "x", log: log))
        _ = owner.saveState()
        #expect(diagnostics.reported.isEmpty)
    }

    // MARK: - Restoring

    @Test func eachPieceIsHandedBackBeforeDidAttach() throws {
        let owner = Owner(restoring: try savedScreen())
        let quality = Quality()
        try owner.attach([Drafting("draft", log: log), quality])
        try owner.didLoad()
        #expect(log.events == ["draft restored Hello", "draft attached", "draft did-load"])
        #expect(quality.selected == 1080)
    }

    @Test func aControllerAttachedLaterGetsItsPieceBeforeDidAttachAndItsCatchUp() throws {
        let owner = Owner(restoring: try savedScreen())
        try owner.show()
        try owner.attach(Drafting("late", log: log))
        #expect(log.events == ["late restored Hello", "late attached", "late did-load"])
    }

    /// A reuse is new content: a piece nobody claimed belonged to the old content, and a
    /// controller attached for the new content starts fresh, nor is the piece saved again.
    @Test func reuseDropsThePiecesNobodyClaimed() throws {
        let owner = Owner(restoring: try savedScreen())
        try owner.didLoad()
        try owner.prepareForReuse()
        let late = Drafting("late", log: log)
        try owner.attach(late)
        #expect(late.draft.isEmpty)
        #expect(!log.events.contains("late restored Hello"))
        #expect(owner.saveState().isEmpty)
    }

    /// The old content's pieces are gone before reuse reports a retained message nobody heard: a
    /// controller the handler attaches for the new content starts fresh.
    @Test func aControllerAttachedWhileReuseReportsAnUnheardMessageGetsNoOldPiece() throws {
        let owner = Owner(restoring: try savedScreen())
        let late = Drafting("late", log: log)
        let fired = owner.attachOnFirstDiagnostic(late)
        try owner.didLoad()
        owner.center.sendRetained((any PingConversation).self, message: "old") { $0.ping(1) }
        try owner.prepareForReuse()
        #expect(fired())
        #expect(late.draft.isEmpty)
        #expect(!log.events.contains("late restored Hello"))
    }

    @Test func aLazyControllerGetsItsPieceWhenItIsCreated() throws {
        let owner = Owner(restoring: try savedScreen())
        try owner.attach(lazily: { Drafting("lazy", log: log) }, speaking: [(any PingConversation).self])
        try owner.didLoad()
        #expect(log.events.isEmpty)
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(log.events == ["lazy restored Hello", "lazy attached", "lazy did-load", "lazy ping 1"])
    }

    @Test func aPieceNotClaimedYetIsSavedAgainSoASecondDeathLosesNothing() throws {
        let owner = Owner(restoring: try savedScreen())
        try owner.attach(lazily: { Drafting("lazy", log: log) }, speaking: [(any PingConversation).self])
        try owner.attach(Quality())
        let again = owner.saveState()
        #expect(again.keys == ["Drafting", "Quality"])
        #expect(try again.piece(String.self, forKey: "Drafting") == "Hello")
    }

    @Test func aPieceNotClaimedIsDroppedAtTearDown() throws {
        let owner = Owner(restoring: try savedScreen())
        let diagnostics = owner.collectDiagnostics()
        try owner.tearDown()
        #expect(owner.saveState().isEmpty)
        #expect(diagnostics.reported.map(\.cause) == [.savedStateAfterTearDown])
    }

    /// A host that saves after the screen went would write an empty archive over the one it kept:
    /// the save is reported, naming the owner and what to do, and asks no controller anything.
    @Test func savingAfterTearDownIsReportedAndReturnsAnEmptyArchive() throws {
        let owner = Owner(name: "Composer")
        let diagnostics = owner.collectDiagnostics()
        let drafting = Drafting("draft", draft: "Hello", log: log)
        try owner.attach(drafting)
        #expect(!owner.saveState().isEmpty)
        try owner.tearDown()

        let archive = owner.saveState()

        #expect(archive.isEmpty)
        #expect(diagnostics.reported.map(\.cause) == [.savedStateAfterTearDown])
        let diagnostic = try #require(diagnostics.reported.first)
        #expect(diagnostic.owner == "Composer")
        #expect(diagnostic.hint.contains("before tearDown()"))
        #expect(diagnostic.hint.contains("keep the archive saved before"))
    }

    @Test func savingAgainAfterTearDownIsReportedOnce() throws {
        let owner = Owner(name: "Composer")
        let diagnostics = owner.collectDiagnostics()
        try owner.tearDown()

        _ = owner.saveState()
        _ = owner.saveState()

        #expect(diagnostics.reported.map(\.cause) == [.savedStateAfterTearDown])
    }

    @Test func aRelaysBytesAfterItsTearDownAreReportedToo() throws {
        let relay = HostRelay(owner: Owner(name: "Composer"))
        let diagnostics = relay.owner.collectDiagnostics()
        try relay.owner.attach(Drafting("draft", draft: "Hello", log: log))
        relay.viewDidLoad()
        relay.tearDown()

        let bytes = relay.savedStateBytes()

        #expect(try SavedStateArchive(bytes: bytes).isEmpty)
        #expect(diagnostics.reported.map(\.cause) == [.savedStateAfterTearDown])
    }

    @Test func savingALiveOwnerWithNothingToSaveIsNotReported() throws {
        let owner = Owner(name: "Composer")
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(Drafting("empty", log: log))

        #expect(owner.saveState().isEmpty)
        #expect(diagnostics.reported.isEmpty)
    }

    @Test func aLateArchiveReachesTheAttachedControllersInOrderAtOnce() throws {
        let archive = try savedScreen()
        let owner = Owner()
        let quality = Quality()
        try owner.attach([Drafting("draft", log: log), quality])
        try owner.didLoad()
        try owner.restoreState(from: archive)
        #expect(log.events == ["draft attached", "draft did-load", "draft restored Hello"])
        #expect(quality.selected == 1080)
    }

    @Test func aSecondArchiveDoesNotRestoreAControllerAgainAndSaysSo() throws {
        let owner = Owner(name: "Composer", restoring: try savedScreen())
        let diagnostics = owner.collectDiagnostics()
        let draft = Drafting("draft", log: log)
        try owner.attach(draft)
        draft.draft = "Edited since"
        // A host that also forwards the platform's late callback restores a second time.
        try owner.restoreState(from: try savedScreen())
        #expect(draft.draft == "Edited since")
        #expect(log.events == ["draft restored Hello", "draft attached"])
        #expect(diagnostics.reported.map(\.cause) == [.savedStateRestoredAlready])
        #expect(diagnostics.reported.map(\.message) == ["Drafting"])
    }

    @Test func aPieceThatFailedToDecodeLeavesItsControllerToALaterArchive() throws {
        var bad = SavedStateArchive()
        try bad.setPiece(42, forKey: "a")
        var good = SavedStateArchive()
        try good.setPiece("A", forKey: "a")
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        let draft = Drafting("a", key: "a", log: log)
        try owner.attach(draft)
        try owner.restoreState(from: bad)
        try owner.restoreState(from: good)
        #expect(draft.draft == "A")
        #expect(diagnostics.reported.map(\.cause) == [.savedStateNotRestored])
    }

    /// A save made from inside a late archive's hand-out (a controller saving as it is restored)
    /// keeps the pieces of the controllers still to come, as the hand-out will leave them: none
    /// of them has been restored yet, so what each holds now is not the screen's state.
    @Test func aSaveDuringALateHandOutKeepsThePiecesNotHandedOutYet() throws {
        var archive = SavedStateArchive()
        try archive.setPiece("A", forKey: "a")
        try archive.setPiece("B", forKey: "b")
        try archive.setPiece(1080, forKey: "Quality")
        let owner = Owner()
        let first = Drafting("a", key: "a", log: log)
        let second = Drafting("b", key: "b", log: log)
        let quality = Quality()
        try owner.attach([first, second, quality])
        var midway: SavedStateArchive?
        first.onRestore = { midway = $0.owner?.saveState() }
        try owner.restoreState(from: archive)
        #expect(second.draft == "B")
        #expect(quality.selected == 1080)
        #expect(midway == archive)
    }

    /// Likewise a nested owner later in the order: its archive, not handed out yet, is saved as
    /// it will be handed out.
    @Test func aSaveDuringALateHandOutKeepsTheArchivesOfNestedOwnersNotHandedOutYet() throws {
        var archive = SavedStateArchive()
        try archive.setPiece("A", forKey: "a")
        var nested = SavedStateArchive()
        try nested.setPiece("N", forKey: "n")
        archive[owner: "Reviews"] = nested
        let page = Owner(name: "Page")
        let first = Drafting("a", key: "a", log: log)
        let reviews = Owner(name: "Reviews")
        let review = Drafting("n", key: "n", log: log)
        try page.attach([first, reviews])
        try reviews.attach(review)
        var midway: SavedStateArchive?
        first.onRestore = { midway = $0.owner?.saveState() }
        try page.restoreState(from: archive)
        #expect(review.draft == "N")
        #expect(midway == archive)
    }

    /// A controller restored from an earlier archive is not restored again, so what it holds is
    /// the screen's state even while a later archive's piece for it waits in the hand-out.
    @Test func aSaveDuringASecondArchivesHandOutKeepsWhatARestoredControllerHolds() throws {
        var first = SavedStateArchive()
        try first.setPiece("A", forKey: "a")
        var second = SavedStateArchive()
        try second.setPiece("X", forKey: "x")
        try second.setPiece("A again", forKey: "a")
        let owner = Owner(restoring: first)
        let diagnostics = owner.collectDiagnostics()
        let restored = Drafting("a", key: "a", log: log)
        let newcomer = Drafting("x", key: "x", log: log)
        try owner.attach(restored)
        try owner.attach(newcomer, priority: 1)
        restored.draft = "Edited"
        var midway: SavedStateArchive?
        newcomer.onRestore = { midway = $0.owner?.saveState() }
        try owner.restoreState(from: second)
        #expect(try midway?.piece(String.self, forKey: "a") == "Edited")
        #expect(restored.draft == "Edited")
        #expect(diagnostics.reported.map(\.cause) == [.savedStateRestoredAlready])
    }

    /// A card whose key changed since an earlier archive is offered a later archive's piece under
    /// its key now, so a save made before the hand-out reaches it keeps that piece for it.
    @Test func aSaveDuringALaterHandOutKeepsThePieceForACardWhoseKeyChangedSinceTheEarlierArchive() throws {
        var earlier = SavedStateArchive()
        try earlier.setPiece("old", forKey: "unrelated")
        var later = SavedStateArchive()
        try later.setPiece("A", forKey: "a")
        try later.setPiece(true, forKey: "card.5")
        let owner = Owner(name: "Chat", restoring: earlier)
        let diagnostics = owner.collectDiagnostics()
        let first = Drafting("a", key: "a", log: log)
        let card = ConfiguredCard()
        try owner.attach([first, card])
        card.messageID = 5
        var midway: SavedStateArchive?
        first.onRestore = { midway = $0.owner?.saveState() }
        try owner.restoreState(from: later)
        #expect(try midway?.piece(Bool.self, forKey: "card.5") == true)
        #expect(card.expanded)
        #expect(diagnostics.reported.isEmpty)
    }

    /// Likewise in a nested owner whose archive the hand-out has yet to reach.
    @Test func aSaveDuringALaterHandOutKeepsThePieceForACardOfANestedOwnerNotHandedItsArchiveYet() throws {
        var earlierCards = SavedStateArchive()
        try earlierCards.setPiece("old", forKey: "unrelated")
        var earlier = SavedStateArchive()
        earlier[owner: "Cards"] = earlierCards
        var laterCards = SavedStateArchive()
        try laterCards.setPiece(true, forKey: "card.5")
        var later = SavedStateArchive()
        try later.setPiece("A", forKey: "a")
        later[owner: "Cards"] = laterCards
        let page = Owner(name: "Page", restoring: earlier)
        let diagnostics = page.collectDiagnostics()
        let first = Drafting("a", key: "a", log: log)
        let cards = Owner(name: "Cards")
        let card = ConfiguredCard()
        try page.attach([first, cards])
        try cards.attach(card)
        card.messageID = 5
        var midway: SavedStateArchive?
        first.onRestore = { midway = $0.owner?.saveState() }
        try page.restoreState(from: later)
        #expect(try midway?[owner: "Cards"]?.piece(Bool.self, forKey: "card.5") == true)
        #expect(card.expanded)
        #expect(diagnostics.reported.isEmpty)
    }

    @Test func aSecondArchiveStillRestoresWhatTheFirstLeftUnclaimed() throws {
        // The first archive held no draft; the second does, and holds the quality too.
        var first = try savedScreen()
        try first.setPiece(String?.none, forKey: "Drafting")
        let owner = Owner(restoring: first)
        let diagnostics = owner.collectDiagnostics()
        let draft = Drafting("draft", log: log)
        let quality = Quality()
        try owner.attach([draft, quality])
        quality.selected = 480
        try owner.restoreState(from: try savedScreen())
        #expect(draft.draft == "Hello")
        #expect(quality.selected == 480)
        #expect(diagnostics.reported.map(\.message) == ["Quality"])
    }

    @Test func aControllerAttachedAgainIsRestoredByTheNextArchive() throws {
        let owner = Owner(restoring: try savedScreen())
        let diagnostics = owner.collectDiagnostics()
        let draft = Drafting("draft", log: log)
        try owner.attach(draft)
        try owner.detach(draft)
        try owner.attach(draft)
        draft.draft = "Edited"
        try owner.restoreState(from: try savedScreen())
        #expect(draft.draft == "Hello")
        #expect(diagnostics.reported.isEmpty)
    }

    @Test func aNestedOwnerIsNotRestoredAgainByASecondArchive() throws {
        let page = Owner(name: "Page", restoring: try savedPage())
        let diagnostics = page.collectDiagnostics()
        let reviews = Owner(name: "Reviews")
        let reviewsDiagnostics = reviews.collectDiagnostics()
        let review = Drafting("review", log: log)
        try reviews.attach(review)
        try page.attach(reviews)
        review.draft = "Edited"
        try page.restoreState(from: try savedPage())
        #expect(review.draft == "Edited")
        #expect(diagnostics.reported.filter { $0.cause == .duplicateOwnerPath }.isEmpty)
        #expect(reviewsDiagnostics.reported.map(\.cause) == [.savedStateRestoredAlready])
    }

    @Test func aPieceThatNoLongerDecodesStartsThatControllerFreshAndNothingElseIsLost() throws {
        // The draft was saved as a number by an older version; the quality is intact.
        var archive = try savedScreen()
        try archive.setPiece(["words": 3], forKey: "Drafting")
        let owner = Owner(name: "Composer", restoring: archive)
        let diagnostics = owner.collectDiagnostics()
        let draft = Drafting("draft", log: log)
        let quality = Quality()
        try owner.attach([draft, quality])
        #expect(draft.draft == "")
        #expect(quality.selected == 1080)
        #expect(log.events == ["draft attached"])
        let diagnostic = try #require(diagnostics.reported.first)
        #expect(diagnostic.cause == .savedStateNotRestored)
        #expect(diagnostic.sender == "Drafting")
        #expect(diagnostic.message == "Drafting")
        #expect(diagnostic.hint.contains("Drafting starts fresh"))
        #expect(diagnostics.reported.count == 1)
    }

    @Test func restorationIsTracedNamingEachControllerAndItsKey() throws {
        let owner = Owner(name: "Composer", restoring: try savedScreen())
        let tracer = EventTracer()
        owner.addObserver(tracer)
        try owner.attach([Drafting("draft", log: log), Quality(), Silent()])
        #expect(
            tracer.events.filter { $0.hasPrefix("restored") } == [
                "restored Drafting Drafting", "restored Quality Quality",
            ])
        tracer.events.removeAll()
        let archive = owner.saveState()
        #expect(tracer.events == ["saved - 2 pieces, \(archive.byteCount) bytes"])
    }

    @Test func theTranscriptShowsWhichControllersWereRestored() throws {
        let owner = Owner(name: "Composer", restoring: try savedScreen())
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.attach([Drafting("draft", log: log), Quality()])
        #expect(
            transcript.lines == ["[Composer] restored Drafting (Drafting)", "[Composer] restored Quality (Quality)"])
    }

    // MARK: - Re-entrant restores

    @Test func aControllerThatSendsFromItsRestoreReachesTheListeningSiblings() throws {
        let owner = Owner(restoring: try savedScreen())
        try owner.attach(Probe("sibling", Journal()))
        let sibling = try #require(owner.controllers.first as? Probe)
        let draft = Drafting("draft", log: log)
        draft.onRestore = { $0.center.send((any PingConversation).self) { $0.ping(5) } }
        try owner.attach(draft)
        // It is not listening yet, so it does not hear itself; the sibling does.
        #expect(sibling.journal.events == [.attached("sibling"), .ping("sibling", 5)])
        #expect(log.events == ["draft restored Hello", "draft attached"])
    }

    @Test func aControllerAttachedDuringARestoreGetsItsOwnPieceFirstAndOnce() throws {
        let owner = Owner(restoring: try savedScreen())
        var reported: [Diagnostic.Cause] = []
        owner.onDiagnostic = { reported.append($0.cause) }
        let quality = Quality()
        var restores = 0
        final class Counting: RestorableController {
            weak var owner: Owner?
            var onRestore: () -> Void = {}
            func saveState() -> Int? { 1 }
            func restoreState(_ state: Int) { onRestore() }
            var savedStateKey: String { "Quality" }
        }
        let draft = Drafting("draft", log: log)
        let counting = Counting()
        counting.onRestore = { restores += 1 }
        draft.onRestore = { try? $0.owner?.attach(counting) }
        try owner.attach([draft, quality])
        #expect(restores == 1)
        #expect(owner.controllers.count == 3)
        // The newcomer took the key "Quality" first; the later Quality is a duplicate.
        #expect(quality.selected == 720)
        #expect(reported == [.duplicateSavedStateKey])
    }

    @Test func aRestoreThatDetachesASiblingStopsItsHandOut() throws {
        let archive = try savedScreen()
        let owner = Owner()
        let draft = Drafting("draft", log: log)
        let quality = Quality()
        try owner.attach([draft, quality])
        draft.onRestore = { [weak owner] _ in try? owner?.detach(quality) }
        try owner.restoreState(from: archive)
        #expect(quality.selected == 720)
        #expect(quality.owner == nil)
    }

    /// An archive restored from inside another's hand-out replaces it for the controllers still to
    /// come: each is restored once, from the later archive, as if the two had come one after the
    /// other.
    @Test func anArchiveRestoredFromInsideARestoreReplacesItForTheControllersToCome() throws {
        var older = SavedStateArchive()
        try older.setPiece("first A", forKey: "a")
        try older.setPiece("first B", forKey: "b")
        var newer = SavedStateArchive()
        try newer.setPiece("second A", forKey: "a")
        try newer.setPiece("second B", forKey: "b")
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        let first = Drafting("a", key: "a", log: log)
        let second = Drafting("b", key: "b", log: log)
        try owner.attach([first, second])
        first.onRestore = { [weak owner] controller in
            controller.onRestore = nil
            try? owner?.restoreState(from: newer)
        }
        try owner.restoreState(from: older)
        #expect(log.events.filter { $0.contains("restored") } == ["a restored first A", "b restored second B"])
        #expect(diagnostics.reported.map(\.message) == ["a"])
    }

    /// A reuse from inside a restore's hand-out ends it: the controllers still to come are reset
    /// for the new content and get none of the old content's pieces.
    @Test func aReuseFromInsideARestoreEndsItsHandOut() throws {
        var archive = SavedStateArchive()
        try archive.setPiece("old A", forKey: "a")
        try archive.setPiece("old B", forKey: "b")
        let owner = Owner()
        let first = Drafting("a", key: "a", log: log)
        let second = Drafting("b", key: "b", log: log)
        try owner.attach([first, second])
        first.onRestore = { [weak owner] controller in
            controller.onRestore = nil
            try? owner?.prepareForReuse()
        }
        try owner.restoreState(from: archive)
        #expect(log.events.filter { $0.contains("restored") } == ["a restored old A"])
        #expect(second.draft.isEmpty)
    }

    @Test func aRestoreIntoATornDownOwnerIsRefusedAndChangesNothing() throws {
        let owner = Owner()
        let draft = Drafting("draft", log: log)
        try owner.attach(draft)
        try owner.tearDown()
        #expect(throws: OwnerError.tornDown("restore state")) { try owner.restoreState(from: try savedScreen()) }
        #expect(draft.draft == "")
    }

    /// Bytes a host hands a torn-down screen are ignored unread, as its late callbacks are: bad
    /// ones are not reported either.
    @Test(arguments: [[], Array("garbage".utf8)])
    func bytesHandedToATornDownOwnerAreIgnoredUnread(bytes: [UInt8]) throws {
        let relay = HostRelay(owner: Owner(name: "Composer"))
        let diagnostics = relay.owner.collectDiagnostics()
        relay.viewDidLoad()
        relay.tearDown()
        relay.restoreState(from: bytes, report: "decodeRestorableState")
        #expect(diagnostics.reported.isEmpty)
    }

    @Test func aRestoreThatTearsTheOwnerDownEndsTheAttachAndTheRest() throws {
        let owner = Owner(restoring: try savedScreen())
        let draft = Drafting("draft", log: log)
        let quality = Quality()
        draft.onRestore = { $0.owner.map { try? $0.tearDown() } }
        try owner.attach([draft, quality])
        // It left during its restore: no didAttach after its goodbye, and nobody else came in.
        #expect(log.events == ["draft restored Hello", "draft detached"])
        #expect(quality.owner == nil)
        #expect(quality.selected == 720)
        #expect(owner.state == .tornDown)
    }

    // MARK: - Nested owners

    /// A page with a nested reviews owner, each holding a draft, saved.
    func savedPage() throws -> SavedStateArchive {
        let page = Owner(name: "Page")
        let reviews = Owner(name: "Reviews")
        try page.attach([Drafting("page", draft: "top", log: SavedStateLog()), reviews])
        try reviews.attach(Drafting("review", draft: "nested", log: SavedStateLog()))
        return page.saveState()
    }

    @Test func nestedOwnersSaveInPlaceUnderTheirNames() throws {
        let archive = try savedPage()
        #expect(archive.keys == ["Drafting"])
        #expect(archive.ownerNames == ["Reviews"])
        #expect(try archive[owner: "Reviews"]?.piece(String.self, forKey: "Drafting") == "nested")
    }

    @Test func aNestedOwnerHandsItsControllersTheirPiecesBeforeDidAttach() throws {
        let page = Owner(name: "Page", restoring: try savedPage())
        let reviews = Owner(name: "Reviews")
        try page.attach(reviews)
        try reviews.attach(Drafting("review", log: log))
        try page.attach(Drafting("page", log: log))
        #expect(log.events == ["review restored nested", "review attached", "page restored top", "page attached"])
    }

    @Test func controllersOfAnOwnerNestedAfterwardsGetTheirPiecesWhenItIsNested() throws {
        let page = Owner(name: "Page", restoring: try savedPage())
        let reviews = Owner(name: "Reviews")
        let review = Drafting("review", log: log)
        try reviews.attach(review)
        try page.attach(reviews)
        #expect(review.draft == "nested")
        #expect(log.events == ["review attached", "review restored nested"])
    }

    @Test func twoNestedOwnersWithOneNameAreDiagnosedAndTheFirstKeepsThePlace() throws {
        let page = Owner(name: "Page")
        let diagnostics = page.collectDiagnostics()
        let first = Owner(name: "Reviews")
        let second = Owner(name: "Reviews")
        try page.attach([first, second])
        try first.attach(Drafting("first", draft: "one", log: log))
        try second.attach(Drafting("second", draft: "two", log: log))
        let archive = page.saveState()
        #expect(try archive[owner: "Reviews"]?.piece(String.self, forKey: "Drafting") == "one")
        #expect(diagnostics.reported.map(\.cause) == [.duplicateOwnerPath])
        #expect(diagnostics.reported.first?.message == "Page/Reviews")

        let restored = Owner(name: "Page", restoring: archive)
        let restoredDiagnostics = restored.collectDiagnostics()
        let one = Owner(name: "Reviews")
        let two = Owner(name: "Reviews")
        try restored.attach([one, two])
        let onesDraft = Drafting("first", log: log)
        let twosDraft = Drafting("second", log: log)
        try one.attach(onesDraft)
        try two.attach(twosDraft)
        #expect(onesDraft.draft == "one")
        #expect(twosDraft.draft == "")
        #expect(restoredDiagnostics.reported.map(\.cause) == [.duplicateOwnerPath])
    }

    /// Cells reused in a list share one name as a rule: with nothing saved under it, the clash
    /// loses nothing and is not reported, saving or restoring.
    @Test func nestedOwnersOfOneNameWithNothingSavedAreNotReported() throws {
        let page = Owner(name: "Page")
        let diagnostics = page.collectDiagnostics()
        try page.attach([Owner(name: "Cell"), Owner(name: "Cell"), Owner(name: "Cell")])
        try page.attach(Drafting("page", draft: "top", log: log))
        let archive = page.saveState()
        #expect(archive.ownerNames.isEmpty)

        let restored = Owner(name: "Page", restoring: archive)
        let restoredDiagnostics = restored.collectDiagnostics()
        try restored.attach([Owner(name: "Cell"), Owner(name: "Cell")])
        #expect(diagnostics.reported.isEmpty)
        #expect(restoredDiagnostics.reported.isEmpty)
    }

    // MARK: - Memory

    @Test func theKeptArchiveHoldsNoDetachedControllerAlive() throws {
        let owner = Owner(restoring: try savedScreen())
        weak var weakDraft: Drafting?
        do {
            let draft = Drafting("draft", log: log)
            weakDraft = draft
            try owner.attach(draft)
            try owner.detach(draft)
        }
        #expect(weakDraft == nil)
    }
}
