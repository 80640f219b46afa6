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

/// Where a controller that speaks the basket conversation is, outside the owner a send goes through.
enum SpeakerPlace: String, CaseIterable, Sendable {
    case nested, nestedLazily, ancestor, ancestorLazily

    var isNested: Bool { self == .nested || self == .nestedLazily }
    var isLazy: Bool { self == .nestedLazily || self == .ancestorLazily }
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

    /// A message stays in the owner it is sent through: when only an owner nested in it, or one it
    /// is nested in, speaks the conversation, the hint names that owner and the view that reaches
    /// it, rather than asking whether the controller was attached.
    @Test(arguments: SpeakerPlace.allCases, [false, true])
    func aSendNobodyInItsOwnerSpeaksNamesTheOwnerThatDoesAndTheViewThatReachesIt(
        place: SpeakerPlace,
        explicitly: Bool
    ) throws {
        let page = Owner(name: "Page")
        let cart = Owner(name: "Cart")
        let log = page.collectDiagnostics()
        let speaking = place.isNested ? cart : page
        if place.isLazy {
            try speaking.attach(
                lazily: { BasketTally() }, speaking: [(any BasketConversation).self], creation: .onFirstMessage)
        } else {
            try speaking.attach(BasketTally())
        }
        try page.attach(cart)

        let sending = place.isNested ? page : cart
        if explicitly {
            sending.center.send((any BasketConversation).self) { $0.basketDidChange(count: 1) }
        } else {
            sending.center.basketDidChange(count: 1)
        }

        #expect(log.reported.count == 1)
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains(place.isLazy ? "BasketTally (registered lazily)" : "BasketTally in"))
        #expect(
            hint.contains(place.isNested ? "in 'Cart', nested in 'Page'," : "in 'Page', which 'Cart' is nested in,"))
        #expect(hint.contains(place.isNested ? "center.down" : "center.up"))
        #expect(!hint.contains("created lazily for another conversation"))
    }

    /// The hint points only where the send did not reach: a broadcast down that reached nobody
    /// (the nested speaker was still being attached) names the owner above, and the view up.
    @Test func aBroadcastDownNobodyHeardNamesOnlyAnOwnerAboveThatSpeaksIt() throws {
        /// Speaks the basket conversation, and broadcasts down from its owner's parent while it
        /// is being attached, so it is not listening yet.
        final class Greeter: BusinessController, BasketConversation {
            weak var owner: Owner?

            func didAttach(to owner: Owner) { owner.parent?.center.down.basketDidChange(count: 1) }
        }
        let root = Owner(name: "Root")
        let page = Owner(name: "Page")
        let cart = Owner(name: "Cart")
        let log = root.collectDiagnostics()
        try root.attach(BasketTally())
        try root.attach(page)
        try page.attach(cart)

        try cart.attach(Greeter())

        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("BasketTally in 'Root', which 'Page' is nested in,"))
        #expect(hint.contains("center.up"))
        #expect(!hint.contains("center.down"))
    }

    /// A retained message whose only listener is in a nested owner is lost at tear-down: the
    /// report names that owner and the view, not a controller that was never attached.
    @Test func aRetainedMessageOnlyANestedOwnerSpeaksNamesThatOwnerWhenItIsDropped() throws {
        let screen = Owner(name: "Screen")
        let log = screen.collectDiagnostics()
        let panel = Owner(name: "Panel")
        try panel.attach(Editor())
        try screen.attach(panel)

        screen.center.draftWasRestored("a")
        #expect(log.reported.isEmpty)
        try screen.tearDown()

        #expect(log.reported.map(\.cause) == [.unhandledMessage])
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("Editor in 'Panel', nested in 'Screen',"))
        #expect(hint.contains("center.down"))
        #expect(!hint.contains("is the controller that handles it attached?"))
    }
}
