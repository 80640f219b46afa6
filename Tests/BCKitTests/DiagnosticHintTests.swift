import BCKit
import Testing

/// Speaks the basket conversation and handles only a change: a clear is left to the default.
@MainActor
private final class BasketTally: BusinessController, BasketConversation {
    weak var owner: Owner?
    var heard: [Int] = []

    func basketDidChange(count: Int) { heard.append(count) }
}

/// Speaks drafts and handles every synchronous message it is asked about.
@MainActor
private final class Editor: BusinessController, DraftConversation {
    weak var owner: Owner?

    func draftDidChange(_ text: String) {}
    func draftTitle() -> String? { "Title" }
    func validateDraft() throws {}
    func saveDraft() async {}
}

/// The forms a send through a torn-down owner's center can take.
enum TornDownSendForm: String, CaseIterable, Sendable {
    case relayedMessage, relayedQuestion, relayedThrowing, relayedRetained, explicitSend, explicitFirst, explicitAll
}

/// New-user trial findings: the hint of a diagnostic names every likely cause, and never one that
/// cannot be (an unattached controller, when the owner was torn down).
@MainActor
@Suite struct DiagnosticHintTests {
    /// The controller that handles a clear was never attached; the receivers that are leave it to the
    /// default.
    @Test func aMessageEveryReceiverIgnoresNamesAMisspellingAndAMissingController() throws {
        let owner = Owner(name: "Cart")
        let log = owner.collectDiagnostics()
        try owner.attach([BasketTally(), BasketTally()])

        owner.center.basketWasCleared()

        #expect(log.reported.map(\.cause) == [.unhandledMessage])
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("misspell basketWasCleared()"))
        #expect(hint.contains("not attached"))
    }

    @Test(arguments: TornDownSendForm.allCases)
    func aSendThroughATornDownOwnersCenterSaysTheOwnerWasTornDown(form: TornDownSendForm) throws {
        let owner = Owner(name: "Composer")
        let log = owner.collectDiagnostics()
        try owner.attach(Editor())
        try owner.tearDown()

        let center = owner.center
        switch form {
        case .relayedMessage: center.draftDidChange("a")
        case .relayedQuestion: _ = center.draftTitle()
        case .relayedThrowing: try center.validateDraft()
        // A torn-down owner retains nothing, so a retained message is lost like any other.
        case .relayedRetained: center.draftWasRestored("a")
        case .explicitSend: center.send((any DraftConversation).self) { $0.draftDidChange("a") }
        case .explicitFirst: _ = center.first((any DraftConversation).self) { $0.draftTitle() }
        case .explicitAll: _ = center.all((any DraftConversation).self) { $0.draftTitle() }
        }

        #expect(log.reported.map(\.conversation) == ["DraftConversation"])
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("'Composer' is torn down"))
        #expect(!hint.contains("attached"))
    }

    /// What a live owner retains waits for a controller to come: reaching nobody yet is normal.
    @Test func aRetainedMessageNobodyHearsYetInALiveOwnerIsNotReported() throws {
        let owner = Owner(name: "Composer")
        let log = owner.collectDiagnostics()

        owner.center.draftWasRestored("a")

        #expect(log.reported.isEmpty)
    }

    /// A retained message that reaches receivers which all leave it to their default is reported
    /// as any message is: a late joiner does not excuse the receivers that are there.
    @Test func aRetainedMessageEveryReceiverIgnoresIsReported() throws {
        let owner = Owner(name: "Composer")
        let log = owner.collectDiagnostics()
        try owner.attach(Editor())

        owner.center.draftWasRestored("a")

        #expect(log.reported.map(\.cause) == [.unhandledMessage])
        #expect(log.reported.map(\.ignoredBy) == [["Editor"]])
        #expect(log.reported.first?.hint.contains("misspell draftWasRestored(_:)") == true)
    }

    @Test func anAsyncSendThroughATornDownOwnersCenterSaysTheOwnerWasTornDown() async throws {
        let owner = Owner(name: "Composer")
        let log = owner.collectDiagnostics()
        try owner.attach(Editor())
        try owner.tearDown()

        await owner.center.saveDraft()

        #expect(log.reported.map(\.message) == ["saveDraft()"])
        #expect(log.reported.first?.hint.contains("'Composer' is torn down") == true)
    }

    /// Tear-down detached the sender too: what it sends through its center afterwards is reported
    /// to the owner it belonged to, as torn down rather than as never attached.
    @Test func aSendFromAControllerItsOwnersTearDownDetachedSaysTheOwnerWasTornDown() throws {
        let owner = Owner(name: "Composer")
        let log = owner.collectDiagnostics()
        let editor = Editor()
        try owner.attach(editor)
        let center = editor.center
        try owner.tearDown()

        center.draftDidChange("a")

        #expect(log.reported.map(\.cause) == [.senderNotAttached])
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("'Composer' is torn down"))
        #expect(!hint.contains("once the controller is attached"))
    }

    /// A center asked for after the tear-down knows no owner (the controller's `owner` is `nil`
    /// then), so its hint covers both: not attached yet, or no longer, its owner torn down.
    @Test func aSendThroughACenterAskedForAfterTheTearDownNamesTearDownAmongTheCauses() throws {
        let reported = appWideDiagnostics {
            let owner = Owner(name: "Composer")
            let editor = Editor()
            try? owner.attach(editor)
            try? owner.tearDown()
            editor.center.draftDidChange("a")
        }
        #expect(reported.map(\.cause) == [.senderNotAttached])
        #expect(reported.first?.hint.contains("its owner torn down") == true)
    }

    /// The plain detach keeps its hint: the controller can be attached again.
    @Test func aSendFromADetachedControllerOfALiveOwnerStillSaysToAttachIt() throws {
        let owner = Owner(name: "Composer")
        let log = owner.collectDiagnostics()
        let editor = Editor()
        try owner.attach(editor)
        let center = editor.center
        try owner.detach(editor)

        center.draftDidChange("a")

        #expect(log.reported.map(\.cause) == [.senderNotAttached])
        #expect(log.reported.first?.hint.contains("once the controller is attached") == true)
    }

    @Test func aHostRequestThroughATornDownOwnerSaysTheOwnerWasTornDown() throws {
        let relay = HostRelay(owner: Owner(name: "Profile"))
        let log = relay.owner.collectDiagnostics()
        relay.provideServices(HostServices(dismiss: {}))
        relay.tearDown()

        relay.owner.center.dismiss()

        #expect(log.reported.map(\.cause) == [.unhonoredHostRequest])
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("'Profile' is torn down"))
        #expect(!hint.contains("provideServices"))
    }

    /// A live owner with nobody speaking the conversation keeps the hint about attaching.
    @Test func aSendNobodySpeaksInALiveOwnerStillAsksWhetherItsControllerWasAttached() throws {
        let owner = Owner(name: "Composer")
        let log = owner.collectDiagnostics()

        owner.center.draftDidChange("a")

        #expect(log.reported.first?.hint.contains("was its controller attached") == true)
        #expect(log.reported.first?.hint.contains("torn down") == false)
    }

    /// Reaching nobody and being ignored by every receiver are two mistakes: the report of the
    /// first does not hide the second (a handler misspelled in a controller attached later), and
    /// neither is made twice.
    @Test func aMessageEveryReceiverIgnoresIsReportedAfterItReachedNobodyOnceEach() throws {
        let owner = Owner(name: "Cart")
        let log = owner.collectDiagnostics()

        owner.center.basketWasCleared()
        owner.center.basketWasCleared()
        try owner.attach(BasketTally())
        owner.center.basketWasCleared()
        try owner.attach(BasketTally())
        owner.center.basketWasCleared()

        #expect(log.reported.map(\.ignoredBy) == [[], ["BasketTally"]])
    }
}
