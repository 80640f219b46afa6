import BCKit
import Testing

// A two-message conversation in the one-call form.
protocol BasketConversation: Conversation {
    func basketDidChange(count: Int)
    func basketWasCleared()
}

extension BasketConversation {
    func basketDidChange(count: Int) { relay((any BasketConversation).self) { $0.basketDidChange(count: count) } }
    func basketWasCleared() { relay((any BasketConversation).self) { $0.basketWasCleared() } }
}

extension CommunicationCenter: BasketConversation {}

// Every one-call form, in one conversation.
protocol DraftConversation: Conversation {
    func draftDidChange(_ text: String)
    func draftTitle() -> String?
    func validateDraft() throws
    func saveDraft() async
    func draftWasRestored(_ text: String)
    func draftAuthorWasRestored(_ name: String)
}

extension DraftConversation {
    func draftDidChange(_ text: String) { relay((any DraftConversation).self) { $0.draftDidChange(text) } }
    func draftTitle() -> String? { relay((any DraftConversation).self) { $0.draftTitle() } }
    func validateDraft() throws { try relay((any DraftConversation).self) { try $0.validateDraft() } }
    func saveDraft() async { await relay((any DraftConversation).self) { await $0.saveDraft() } }
    func draftWasRestored(_ text: String) {
        relayRetained((any DraftConversation).self) { $0.draftWasRestored(text) }
    }
    func draftAuthorWasRestored(_ name: String) {
        relayRetained((any DraftConversation).self) { $0.draftAuthorWasRestored(name) }
    }
}

extension CommunicationCenter: DraftConversation {}

// `ConnectivityConversation`, a quiet conversation an app declares, is HostingArticleTests'.

/// Hears the cart and writes down what it heard.
private final class Badge: BusinessController, BasketConversation {
    weak var owner: Owner?
    var heard: [String] = []

    func basketDidChange(count: Int) { heard.append("basketDidChange(\(count))") }
}

/// Speaks the cart conversation but handles none of it: every message is left to the default.
private final class Indifferent: BusinessController, BasketConversation {
    weak var owner: Owner?
}

/// Speaks drafts: handles some messages, records what it heard, and sends as itself.
private final class Draft: BusinessController, DraftConversation {
    weak var owner: Owner?
    let name: String
    var heard: [String] = []
    var title: String?
    var failure: (any Error)?

    init(_ name: String, title: String? = nil) {
        self.name = name
        self.title = title
    }

    func draftDidChange(_ text: String) { heard.append("\(name) draftDidChange(\(text))") }
    func draftTitle() -> String? { title }
    func validateDraft() throws {
        heard.append("\(name) validateDraft")
        if let failure { throw failure }
    }
    func saveDraft() async { heard.append("\(name) saveDraft") }
    func draftWasRestored(_ text: String) { heard.append("\(name) draftWasRestored(\(text))") }
    func draftAuthorWasRestored(_ name: String) { heard.append("\(self.name) draftAuthorWasRestored(\(name))") }
}

private final class Online: BusinessController, ConnectivityConversation {
    weak var owner: Owner?
    var isOnline = true

    func connectivityDidChange(isOnline: Bool) { self.isOnline = isOnline }
}

private struct DraftInvalid: Error {}

/// Keeps the records a tracer sees.
private final class Records: DispatchTracer {
    var records: [DispatchRecord] = []
    func didDispatch(_ dispatch: DispatchRecord) { records.append(dispatch) }
}

/// Collects the diagnostics an owner reports.
@MainActor
private final class Diagnostics {
    var reported: [Diagnostic] = []

    func install(on owner: Owner) {
        owner.onDiagnostic = { [unowned self] in self.reported.append($0) }
    }
}

@MainActor
@Suite struct ConversationTests {
    @Test func aOneCallSendReachesEveryControllerThatSpeaksTheConversationInOrder() throws {
        let owner = Owner(name: "Cart")
        let first = Badge()
        let second = Badge()
        try owner.attach([first, Silent(), second])
        owner.center.basketDidChange(count: 3)
        #expect(first.heard == ["basketDidChange(3)"])
        #expect(second.heard == ["basketDidChange(3)"])
    }

    @Test func aReceiverThatLeavesAMessageToItsDefaultIsTracedAsIgnoringItByName() throws {
        let owner = Owner(name: "Cart")
        let records = Records()
        owner.addObserver(records)
        owner.onDiagnostic = { _ in }
        try owner.attach([Badge(), Indifferent()])
        owner.center.basketDidChange(count: 1)
        owner.center.basketWasCleared()
        #expect(
            records.records.map(\.defaulted) == [
                [DefaultedDelivery(receiver: "Indifferent", method: "basketDidChange(count:)")],
                [
                    DefaultedDelivery(receiver: "Badge", method: "basketWasCleared()"),
                    DefaultedDelivery(receiver: "Indifferent", method: "basketWasCleared()"),
                ],
            ])
    }

    @Test func aTranscriptMarksIgnoringReceiversAndMessagesNobodyHandled() throws {
        let owner = Owner(name: "Basket")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        owner.onDiagnostic = { _ in }
        try owner.attach([Badge(), Indifferent()])
        owner.center.basketDidChange(count: 1)
        owner.center.basketWasCleared()
        let lines = transcript.text.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "[Basket] send BasketConversation.basketDidChange(count:): host -> Badge, Indifferent (ignored)",
                "[Basket] send BasketConversation.basketWasCleared(): host -> Badge (ignored), Indifferent (ignored) (unhandled)",
            ])
    }

    @Test func aMessageNobodyHandledIsReportedOnceNamingTheReceiversThatIgnoredIt() throws {
        let owner = Owner(name: "Cart")
        let diagnostics = Diagnostics()
        diagnostics.install(on: owner)
        let sender = Badge()
        try owner.attach([sender, Indifferent()])
        sender.center.basketWasCleared()
        sender.center.basketWasCleared()
        sender.center.basketDidChange(count: 2)
        #if DEBUG
            #expect(diagnostics.reported.count == 1)
            let diagnostic = try #require(diagnostics.reported.first)
            #expect(diagnostic.cause == .unhandledMessage)
            #expect(diagnostic.conversation == "BasketConversation")
            #expect(diagnostic.message == "basketWasCleared()")
            #expect(diagnostic.sender == "Badge")
            #expect(diagnostic.ignoredBy == ["Badge", "Indifferent"])
            #expect(diagnostic.description.contains("BasketConversation.basketWasCleared() sent by Badge in 'Cart'"))
        #else
            #expect(diagnostics.reported.isEmpty)
        #endif
    }

    @Test func aTracerHearsEveryDiagnosticAsAnEventEvenWhenTheHandlerAlreadyHadIt() throws {
        final class Events: DispatchTracer {
            var diagnostics: [String] = []
            func didDispatch(_ dispatch: DispatchRecord) {}
            func didObserve(_ event: TraceEvent) {
                if event.kind == .diagnostic { diagnostics.append(event.detail ?? "") }
            }
        }
        let owner = Owner(name: "Empty")
        let events = Events()
        owner.addObserver(events)
        owner.onDiagnostic = { _ in }
        owner.center.basketWasCleared()
        owner.center.basketWasCleared()
        #if DEBUG
            #expect(events.diagnostics.count == 2)
            #expect(
                events.diagnostics.first?.hasPrefix("unhandled message: BasketConversation.basketWasCleared()") == true)
        #else
            #expect(events.diagnostics.isEmpty)
        #endif
    }

    @Test func aMessageNobodySpeaksIsReportedInDebugBuilds() throws {
        let owner = Owner(name: "Empty")
        let diagnostics = Diagnostics()
        diagnostics.install(on: owner)
        owner.center.basketDidChange(count: 1)
        #if DEBUG
            #expect(diagnostics.reported.map(\.cause) == [.unhandledMessage])
            #expect(diagnostics.reported.first?.ignoredBy == [])
            #expect(diagnostics.reported.first?.sender == nil)
        #else
            #expect(diagnostics.reported.isEmpty)
        #endif
    }

    @Test func aQuietConversationIsNeverReportedAsUnhandled() throws {
        let owner = Owner(name: "Screen")
        let diagnostics = Diagnostics()
        diagnostics.install(on: owner)
        let relay = HostRelay(owner: owner)
        relay.didReceiveMemoryWarning()
        relay.events.connectivityDidChange(isOnline: false)
        #expect(diagnostics.reported.isEmpty)
    }

    @Test func anAppsOwnHostEventReachesNestedOwnersThroughTheRelay() throws {
        let owner = Owner(name: "Screen")
        let nested = Owner(name: "Panel")
        let outer = Online()
        let inner = Online()
        try owner.attach([outer, nested])
        try nested.attach(inner)
        HostRelay(owner: owner).events.connectivityDidChange(isOnline: false)
        #expect(!outer.isOnline)
        #expect(!inner.isOnline)
    }

    @Test func aNestedOwnerInheritsItsParentsDiagnosticHandler() throws {
        let owner = Owner(name: "Page")
        let nested = Owner(name: "Section")
        let diagnostics = Diagnostics()
        diagnostics.install(on: owner)
        try owner.attach(nested)
        nested.center.basketWasCleared()
        #if DEBUG
            #expect(diagnostics.reported.map(\.owner) == ["Section"])
        #endif
    }

    @Test func othersLeavesTheSenderOutAndReachesEveryoneElse() throws {
        let owner = Owner(name: "Chat")
        let saver = Draft("saver")
        let list = Draft("list")
        try owner.attach([saver, list])
        saver.center.others.draftDidChange("hi")
        saver.center.draftDidChange("all")
        #expect(saver.heard == ["saver draftDidChange(all)"])
        #expect(list.heard == ["list draftDidChange(hi)", "list draftDidChange(all)"])
    }

    @Test func othersLeavesTheSenderOutOfTheExplicitFormsToo() throws {
        let owner = Owner(name: "Chat")
        let saver = Draft("saver")
        let list = Draft("list")
        try owner.attach([saver, list])
        let reached = saver.center.others.send((any DraftConversation).self) { $0.draftDidChange("x") }
        #expect(reached == 1)
        #expect(saver.heard.isEmpty)
    }

    @Test func downAndUpReachNestedAndAncestorOwners() throws {
        let page = Owner(name: "Page")
        let section = Owner(name: "Section")
        let top = Draft("top")
        let bottom = Draft("bottom")
        try page.attach([top, section])
        try section.attach(bottom)
        top.center.down.draftDidChange("down")
        bottom.center.up.draftDidChange("up")
        bottom.center.draftDidChange("local")
        #expect(top.heard == ["top draftDidChange(down)", "top draftDidChange(up)"])
        #expect(
            bottom.heard == [
                "bottom draftDidChange(down)", "bottom draftDidChange(up)", "bottom draftDidChange(local)",
            ])
    }

    @Test func aQuestionReturnsTheFirstAnswerThatIsNotNil() throws {
        let owner = Owner(name: "Chat")
        try owner.attach([Draft("a"), Draft("b", title: "Hello"), Draft("c", title: "Later")])
        #expect(owner.center.draftTitle() == "Hello")
        #expect(Owner().center.draftTitle() == nil)
    }

    @Test func aThrowingMessageReachesEveryReceiverThenThrowsTheirErrors() throws {
        let owner = Owner(name: "Chat")
        let first = Draft("a")
        first.failure = DraftInvalid()
        let second = Draft("b")
        try owner.attach([first, second])
        #expect(throws: ConversationError.self) { try owner.center.validateDraft() }
        #expect(first.heard == ["a validateDraft"])
        #expect(second.heard == ["b validateDraft"])
    }

    @Test func anAsyncMessageRunsTheReceiversInOrder() async throws {
        let owner = Owner(name: "Chat")
        let first = Draft("a")
        let second = Draft("b")
        try owner.attach([first, second])
        await owner.center.saveDraft()
        #expect(first.heard + second.heard == ["a saveDraft", "b saveDraft"])
    }

    @Test func twoRetainedMessagesOfOneConversationAreKeptApartByTheirNames() throws {
        let owner = Owner(name: "Chat")
        let restorer = Draft("restorer")
        try owner.attach(restorer)
        restorer.center.others.draftWasRestored("text")
        restorer.center.others.draftAuthorWasRestored("ann")
        restorer.center.others.draftWasRestored("newer text")
        let late = Draft("late")
        try owner.attach(late)
        #expect(late.heard == ["late draftAuthorWasRestored(ann)", "late draftWasRestored(newer text)"])
    }

    @Test func aCenterMadeBeforeItsControllerIsAttachedSendsThroughTheOwnerItJoinsLater() throws {
        let owner = Owner()
        let sender = Draft("sender")
        let listener = Draft("listener")
        let center = sender.center
        try owner.attach([listener, sender])
        center.others.draftDidChange("hello")
        #expect(center.send((any DraftConversation).self) { $0.draftDidChange("again") } == 2)
        #expect(listener.heard == ["listener draftDidChange(hello)", "listener draftDidChange(again)"])
        #expect(sender.heard == ["sender draftDidChange(again)"])
    }

    /// A controller's center is made on its first read and kept while the controller stays
    /// attached; a read while it is not attached, or after it joined again, makes another.
    @Test func aControllersCenterIsKeptWhileItStaysAttached() throws {
        let owner = Owner()
        let sender = Draft("sender")
        try owner.attach([Draft("listener"), sender])
        let center = sender.center
        #expect(sender.center === center)
        try owner.detach(sender)
        #expect(sender.center !== center)
        try owner.attach(sender)
        let rejoined = sender.center
        #expect(rejoined !== center)
        #expect(sender.center === rejoined)
    }

    /// The owner keeps a controller's center by the controller, and lets it go however the
    /// controller leaves: the next read, once it has joined another owner, is a new center that
    /// sends there.
    @Test(arguments: LeavingWay.allCases)
    func aControllersCenterIsLetGoHoweverItLeaves(_ way: LeavingWay) throws {
        let first = Owner()
        let second = Owner()
        let sender = Draft("sender")
        let listener = Draft("listener")
        try first.attach([Draft("stayer"), sender])
        try second.attach(listener)
        let kept = sender.center
        switch way {
        case .detach: try first.detach(sender)
        case .batchDetach: try first.detach([sender])
        case .tearDown: try first.tearDown()
        }
        try second.attach(sender)
        let center = sender.center
        #expect(center !== kept)
        #expect(sender.center === center)
        #expect(center.owner === second)
        center.others.draftDidChange("moved")
        #expect(listener.heard == ["listener draftDidChange(moved)"])
    }

    /// The center holds its controller, so an owner that kept the center of a controller that
    /// left would keep the controller alive for as long as the owner lives.
    @Test(arguments: LeavingWay.allCases)
    func anOwnerKeepsNoCenterOfAControllerThatLeft(_ way: LeavingWay) throws {
        let owner = Owner()
        weak var left: Draft?
        do {
            let sender = Draft("sender")
            left = sender
            try owner.attach([Draft("stayer"), sender])
            #expect(sender.center === sender.center)
            switch way {
            case .detach: try owner.detach(sender)
            case .batchDetach: try owner.detach([sender])
            case .tearDown: try owner.tearDown()
            }
        }
        withExtendedLifetime(owner) {
            #expect(left == nil)
        }
    }

    @Test func aCenterKeptWhileItsControllerLeavesAndRejoinsTheSameOwnerStillReachesIt() throws {
        let owner = Owner()
        let sender = Draft("sender")
        let listener = Draft("listener")
        try owner.attach([listener, sender])
        let center = sender.center
        try owner.detach(sender)
        try owner.attach(sender)
        center.others.draftDidChange("back")
        #expect(listener.heard == ["listener draftDidChange(back)"])
        #expect(sender.heard.isEmpty)
    }

    @Test func aCenterKeptInAVariableReachesNobodyOnceItsControllerLeftAndFollowsItToItsNewOwner() throws {
        let first = Owner(name: "First")
        let second = Owner(name: "Second")
        let sender = Draft("sender")
        let old = Draft("old")
        let new = Draft("new")
        try first.attach([sender, old])
        try second.attach(new)
        let center = sender.center
        try first.detach(sender)
        let diagnostics = Diagnostics()
        let previous = Diagnostic.handler
        Diagnostic.handler = { diagnostics.reported.append($0) }
        defer { Diagnostic.handler = previous }
        #expect(center.others.send((any DraftConversation).self) { $0.draftDidChange("gone") } == 0)
        #expect(old.heard.isEmpty)
        #if DEBUG
            #expect(diagnostics.reported.map(\.cause) == [.senderNotAttached])
            #expect(diagnostics.reported.first?.sender == "Draft")
        #endif
        try second.attach(sender)
        let records = Records()
        second.addObserver(records)
        center.others.draftDidChange("back")
        #expect(new.heard == ["new draftDidChange(back)"])
        #expect(records.records.map(\.sender) == ["Draft"])
    }

    @Test func aHostRequestNobodyHonoursIsReported() throws {
        let owner = Owner(name: "Screen")
        let diagnostics = Diagnostics()
        diagnostics.install(on: owner)
        let asker = Draft("asker")
        try owner.attach(asker)
        asker.center.navigate(to: "shop://cart")
        #if DEBUG
            #expect(diagnostics.reported.map(\.cause) == [.unhonoredHostRequest])
            #expect(diagnostics.reported.first?.message == "navigate(to:)")
        #else
            #expect(diagnostics.reported.isEmpty)
        #endif
    }

    @Test func aRefusedHostCallbackGoesToTheSameHook() throws {
        let owner = Owner(name: "Screen")
        let diagnostics = Diagnostics()
        diagnostics.install(on: owner)
        let parent = Owner(name: "Parent")
        try parent.attach(owner)
        HostRelay(owner: owner).viewDidLoad()
        #expect(diagnostics.reported.map(\.cause) == [.hostCallbackRefused])
        #expect(diagnostics.reported.first?.refusal?.report == "viewDidLoad")
    }
}

/// The ways a controller leaves its owner, for the tests of its center.
enum LeavingWay: CaseIterable, Sendable {
    case detach, batchDetach, tearDown
}
