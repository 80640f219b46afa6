import BCKit
import Testing

/// Hears why lazy controllers are created: the `lazily-created` events, as `subject: detail`.
@MainActor
private final class CreationLog: DispatchTracer {
    private(set) var creations: [String] = []

    func didDispatch(_ dispatch: DispatchRecord) {}

    func didObserve(_ event: TraceEvent) {
        guard event.kind == .lazilyCreated else { return }
        creations.append("\(event.subject ?? "-"): \(event.detail ?? "-")")
    }
}

/// Speaks drafts and handles none of them.
@MainActor
private final class DraftIgnorer: BusinessController, DraftConversation {
    weak var owner: Owner?
}

/// Hears drafts: created lazily by the first one.
@MainActor
private final class DraftListener: BusinessController, DraftConversation {
    weak var owner: Owner?
    func draftDidChange(_ text: String) {}
}

/// `attach(lazily:speaking:creation: .onFirstMessage)`: created only by the first message of a
/// conversation it speaks (Boardy's `BoardProducer`), re-entrant and nested cases first.
@MainActor
@Suite struct LazyOnFirstMessageTests {
    let journal = Journal()

    private func register(
        _ name: String = "lazy",
        in owner: Owner,
        priority: Int = 0,
        made: @escaping () -> Void = {}
    ) throws {
        try owner.attach(
            lazily: { [journal] in
                made()
                return Probe(name, journal)
            },
            speaking: [(any PingConversation).self],
            creation: .onFirstMessage,
            priority: priority
        )
    }

    // MARK: - Re-entrant and nested

    /// The factory's own send reaches the others but not the controller being made, which then
    /// gets the message that created it, once.
    @Test func aFactoryThatSendsIsCalledOnceAndItsControllerGetsTheFirstMessageOnce() throws {
        let owner = Owner()
        try owner.attach(Probe("A", journal))
        var made = 0
        try register(in: owner) { [unowned owner] in
            made += 1
            owner.center.send((any PingConversation).self) { $0.ping(0) }
        }
        owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(made == 1)
        #expect(
            journal.events == [.attached("A"), .ping("A", 0), .attached("lazy"), .ping("A", 1), .ping("lazy", 1)])
    }

    /// A sibling sends the first message from its `ownerDidLoad`: the lazy controller is caught up
    /// (loaded) before it gets the message, and the load in flight does not reach it twice.
    @Test(arguments: [LifecycleEvent.didLoad, .willAppear, .didAppear])
    func theFirstMessageArrivingDuringALifecycleEventCreatesItInStep(event: LifecycleEvent) throws {
        let owner = Owner()
        let sender = Probe("A", journal)
        sender.onLifecycle = { [unowned owner] seen in
            if seen == event { owner.center.send((any PingConversation).self) { $0.ping(1) } }
        }
        try owner.attach(sender)
        try register(in: owner)
        try owner.show()

        let lazy = journal.events(of: "lazy")
        let upTo = LifecycleEvent.allCases.prefix { $0 != event } + [event]
        #expect(lazy == [.attached("lazy")] + upTo.map { .lifecycle("lazy", $0) } + [.ping("lazy", 1)] + laterUp(event))
        #expect(owner.state(of: owner.controllers[1]) == .appeared)
    }

    /// The up events after `event` in a show, which the lazy controller hears with the others.
    private func laterUp(_ event: LifecycleEvent) -> [Event] {
        let up: [LifecycleEvent] = [.didLoad, .willAppear, .didAppear]
        return up.drop { $0 != event }.dropFirst().map { .lifecycle("lazy", $0) }
    }

    /// A factory that tears the owner down: the message reaches nobody, nothing is attached, and
    /// the controller it made is freed.
    @Test func aFactoryThatTearsTheOwnerDownLeavesNothingAttached() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        weak var made: Probe?
        try owner.attach(
            lazily: { [unowned owner, journal] in
                try? owner.tearDown()
                let probe = Probe("lazy", journal)
                made = probe
                return probe
            },
            speaking: [(any PingConversation).self],
            creation: .onFirstMessage
        )
        let reached = owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(reached == 0)
        #expect(owner.state == .tornDown)
        #expect(owner.controllers.isEmpty)
        #expect(made == nil)
        #expect(journal.events.isEmpty)
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    /// Two messages in one dispatch: a receiver of the first sends a second. The lazy controller is
    /// made once, gets the first before anything later when it comes first in the order, and the
    /// nested one depth first (the delivery rule) when it comes after the sender.
    @Test(arguments: [true, false])
    func twoMessagesInOneDispatchMakeItOnceAndReachItOnceEach(lazyFirst: Bool) throws {
        let owner = Owner()
        let sender = Probe("A", journal)
        sender.onPing = { [unowned owner] value in
            if value == 1 { owner.center.send((any PingConversation).self) { $0.ping(2) } }
        }
        try owner.attach(sender)
        var made = 0
        try register(in: owner, priority: lazyFirst ? 1 : -1) { made += 1 }
        owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(made == 1)
        let pings = journal.events.filter { if case .ping = $0 { true } else { false } }
        if lazyFirst {
            #expect(pings == [.ping("lazy", 1), .ping("A", 1), .ping("lazy", 2), .ping("A", 2)])
        } else {
            #expect(pings == [.ping("A", 1), .ping("A", 2), .ping("lazy", 2), .ping("lazy", 1)])
        }
        #expect(journal.events.filter { $0 == .attached("lazy") }.count == 1)
    }

    /// In a nested owner: the parent's appearances leave it uncreated; a broadcast down creates it,
    /// caught up with the nested owner's state, and it gets that broadcast once.
    @Test func inANestedOwnerOnlyAMessageCreatesIt() throws {
        let page = Owner(name: "Page")
        let nested = Owner(name: "Nested")
        try page.attach(nested)
        try register(in: nested)
        try page.show()
        try page.willDisappear()
        try page.didDisappear()
        try page.willAppear()
        try page.didAppear()
        #expect(nested.controllers.isEmpty)

        page.center.send((any PingConversation).self, scope: .broadcastDown) { $0.ping(1) }

        #expect(
            journal.events == [
                .attached("lazy"), .lifecycle("lazy", .didLoad), .lifecycle("lazy", .willAppear),
                .lifecycle("lazy", .didAppear), .ping("lazy", 1),
            ])
        #expect(nested.controllers.count == 1)
    }

    /// A report up from a nested owner's controller creates the parent's lazy controller.
    @Test func aReportUpFromANestedOwnerCreatesTheParentsLazyController() throws {
        let page = Owner(name: "Page")
        let nested = Owner(name: "Nested")
        let child = Probe("child", journal)
        try nested.attach(child)
        try page.attach(nested)
        try register(in: page)
        try page.didLoad()
        child.center.send((any PingConversation).self, scope: .reportUp) { $0.ping(7) }

        #expect(journal.events(of: "lazy") == [.attached("lazy"), .lifecycle("lazy", .didLoad), .ping("lazy", 7)])
    }

    // MARK: - What creates it, and what does not

    @Test func appearancesDoNotCreateIt() throws {
        let owner = Owner()
        var made = 0
        try register(in: owner) { made += 1 }
        for _ in 0..<2 {
            try owner.didLoadIfNeeded()
            try owner.willAppear()
            try owner.didAppear()
            try owner.willDisappear()
            try owner.didDisappear()
        }
        #expect(made == 0)
        #expect(owner.controllers.isEmpty)
        #expect(owner.description.contains("Probe registered, not created; created by PingConversation only"))
    }

    /// The default keeps today's behaviour, and a conversation it does not speak leaves the new
    /// kind uncreated.
    @Test func theDefaultIsStillCreatedByTheNextAppearanceAndOtherConversationsCreateNeither() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(lazily: { Named("default") }, speaking: [(any NameQuery).self])
        try register(in: owner)
        #expect(owner.center.first((any NameQuery).self) { $0.nickname } == "default")
        #expect(owner.controllers.count == 1)
        try owner.show()
        #expect(owner.controllers.count == 1)
        #expect(journal.events(of: "lazy").isEmpty)
        #expect(diagnostics.reported.isEmpty)
    }

    /// A retained message kept before the registration is its first message: it is created at
    /// once, caught up, and gets the message by replay, once; later sends reach it as usual.
    @Test(arguments: [false, true])
    func aRetainedMessageKeptAlreadyCreatesItAtRegistrationAndIsReplayedOnce(loaded: Bool) throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        if loaded { try owner.didLoad() }
        owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
        var made = 0
        try register(in: owner) { made += 1 }

        #expect(made == 1)
        #expect(
            journal.events == [.attached("lazy")] + (loaded ? [.lifecycle("lazy", .didLoad)] : []) + [.ping("lazy", 1)])
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(journal.events.last == .ping("lazy", 2))
        #expect(made == 1)
        #expect(diagnostics.reported.isEmpty)
    }

    /// Retained after the registration, the message creates it before it is kept: it hears it in
    /// flight, and gets no replay.
    @Test func aRetainedMessageSentLaterCreatesItAndReachesItOnce() throws {
        let owner = Owner()
        try register(in: owner)
        let reached = owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
        #expect(reached == 1)
        #expect(journal.events == [.attached("lazy"), .ping("lazy", 1)])
    }

    /// A factory that registers another controller for the same conversation, while a retained
    /// message creates it: that registration came after the message, which creates only the
    /// first, as a message that is not retained does; the next message creates the second, which
    /// then gets the retained one once, by replay (it was replayed and sent to it in flight).
    @Test func aControllerRegisteredByAFactoryARetainedMessageRunsGetsThatMessageOnce() throws {
        let owner = Owner()
        try owner.attach(
            lazily: { [unowned owner, journal] () -> Probe in
                try? owner.attach(
                    lazily: { Probe("second", journal) }, speaking: [(any PingConversation).self],
                    creation: .onFirstMessage)
                return Probe("first", journal)
            }, speaking: [(any PingConversation).self], creation: .onFirstMessage)

        owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }

        #expect(journal.events(of: "first") == [.attached("first"), .ping("first", 1), .ping("first", 2)])
        #expect(journal.events(of: "second") == [.attached("second"), .ping("second", 1), .ping("second", 2)])
    }

    /// Through a view that reaches down, a retained message creates the lazy controllers of the
    /// nested owners as any message does: only its own owner keeps it, and created its own before.
    @Test func aRetainedMessageSentDownCreatesANestedOwnersLazyController() throws {
        let owner = Owner(name: "Screen")
        let child = Owner(name: "Child")
        try child.attach(Probe("eager", journal))
        try register(in: child)
        try owner.attach(child)
        try owner.didLoad()

        owner.center.down.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }

        #expect(journal.events(of: "eager").contains(.ping("eager", 1)))
        #expect(journal.events(of: "lazy").filter { $0 == .ping("lazy", 1) }.count == 1)
    }

    /// A factory that detaches the sender, while the message creates it: the message still
    /// reaches everyone from where it started, retained or not (a retained one reached nobody,
    /// found by the seeded random sequences), and is not kept, since it leaves with its sender.
    @Test(arguments: [false, true])
    func aMessageWhoseSenderAFactoryDetachesStillReachesEveryone(retained: Bool) throws {
        let owner = Owner(name: "Screen")
        let sender = Mute("sender", journal)
        try owner.attach([sender, Probe("listener", journal)])
        try owner.attach(
            lazily: { [unowned owner, unowned sender, journal] () -> Probe in
                try? owner.detach(sender)
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self], creation: .onFirstMessage)

        let reached =
            retained
            ? sender.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
            : sender.center.send((any PingConversation).self) { $0.ping(1) }
        try owner.attach(Probe("later", journal))

        #expect(reached == 2)
        #expect(journal.events(of: "listener").contains(.ping("listener", 1)))
        #expect(journal.events(of: "lazy").contains(.ping("lazy", 1)))
        #expect(!journal.events(of: "later").contains(.ping("later", 1)))
    }

    /// Not kept, such a message that every receiver leaves to its default is lost, and reported
    /// as a message that is not retained is.
    @Test(arguments: [false, true])
    func aMessageWhoseSenderAFactoryDetachesIsReportedWhenNobodyHandlesIt(retained: Bool) throws {
        let owner = Owner(name: "Screen")
        let diagnostics = owner.collectDiagnostics()
        let sender = Mute("sender", journal)
        try owner.attach(sender)
        try owner.attach(
            lazily: { [unowned owner, unowned sender] () -> DraftIgnorer in
                try? owner.detach(sender)
                return DraftIgnorer()
            }, speaking: [(any DraftConversation).self], creation: .onFirstMessage)

        if retained { sender.center.draftWasRestored("a") } else { sender.center.draftDidChange("a") }

        #expect(diagnostics.reported.map(\.cause) == [.unhandledMessage])
        #expect(diagnostics.reported.first?.ignoredBy == ["DraftIgnorer"])
    }

    /// A retained message of another conversation does not create it.
    @Test func aRetainedMessageOfAnotherConversationLeavesItUncreated() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        owner.center.sendRetained((any NameQuery).self, message: "nickname") { _ = $0.nickname }
        try register(in: owner)
        #expect(owner.controllers.isEmpty)
        #expect(diagnostics.reported.isEmpty)
    }

    // MARK: - Seeing why

    @Test func observersHearEachCreationAndWhy() throws {
        let owner = Owner(name: "Screen")
        let log = CreationLog()
        owner.addObserver(log)
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(lazily: { Named("byAppearance") }, speaking: [(any NameQuery).self])
        try register("byMessage", in: owner)
        owner.center.sendRetained((any NameQuery).self, message: "nickname") { _ = $0.nickname }
        try owner.attach(
            lazily: { Named("byRetained") }, speaking: [(any NameQuery).self], creation: .onFirstMessage)
        try owner.show()
        owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(
            log.creations == [
                "Named: first message of NameQuery", "Named: retained message of NameQuery",
                "Probe: first message of PingConversation",
            ])
        #expect(diagnostics.reported.isEmpty)
    }

    @Test func theFirstAppearanceIsNamedAsTheReasonForTheDefault() throws {
        let owner = Owner(name: "Screen")
        let log = CreationLog()
        owner.addObserver(log)
        try owner.attach(lazily: { [journal] in Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        try owner.show()
        #expect(log.creations == ["Probe: appearance"])
    }

    /// The transcript shows the creation and why: at the left before the catch-up for a message
    /// the host sends, under the dispatch that caused it for one a controller sends.
    @Test func theTranscriptShowsTheCreationAndWhyWhereItHappened() throws {
        let owner = Owner(name: "Screen")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        let sender = Probe("A", journal)
        sender.onLifecycle = { [unowned sender] event in
            if event == .didLoad { sender.center.send((any PingConversation).self) { $0.ping(1) } }
        }
        try owner.attach(sender)
        try register(in: owner)
        try owner.didLoad()

        #expect(
            transcript.lines == [
                "[Screen] lifecycle did-load: host -> Probe",
                "  [Screen] send PingConversation: Probe -> Probe, Probe",
                "    [Screen] lazily created Probe: first message of PingConversation",
                "    [Screen] lifecycle did-load: host -> Probe",
            ])

        let other = Owner(name: "Other")
        let top = ConversationTranscript()
        other.addObserver(top)
        try register(in: other)
        try other.didLoad()
        other.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            top.lines == [
                "[Other] lifecycle did-load: host -> nobody",
                "[Other] lazily created Probe: first message of PingConversation",
                "[Other] lifecycle did-load: host -> Probe",
                "[Other] send PingConversation: host -> Probe",
            ])
    }

    /// A controller's handler that creates a lazy controller by its message: the creation and
    /// the newcomer's catch-up come before that message, under the message whose receiver sent it,
    /// as at the left for the host's (a new-user trial saw the catch-up at the left, after it,
    /// holding the creation line).
    @Test func aCreationByAMessageSentFromAHandlerGoesUnderThatHandlersMessageBeforeItsOwn() throws {
        let owner = Owner(name: "Screen")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        let sender = Probe("A", journal)
        sender.onPing = { [unowned sender] _ in sender.center.draftDidChange("x") }
        try owner.attach(sender)
        try owner.attach(
            lazily: { DraftListener() }, speaking: [(any DraftConversation).self], creation: .onFirstMessage)
        try owner.didLoad()
        transcript.clear()

        owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(
            transcript.lines == [
                "[Screen] send PingConversation: host -> Probe",
                "  [Screen] lazily created DraftListener: first message of DraftConversation",
                "  [Screen] lifecycle did-load: host -> DraftListener",
                "  [Screen] send DraftConversation.draftDidChange(_:): Probe -> DraftListener",
            ])
    }

    /// The same for a controller a receiver attaches in its handler: its catch-up goes under the
    /// message, and what it sends from its catch-up under that event.
    @Test func aCatchUpOfAControllerAttachedInAHandlerGoesUnderThatHandlersMessage() throws {
        let owner = Owner(name: "Screen")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned late] event in if event == .didLoad { late.center.draftDidChange("x") } }
        let sender = Probe("A", journal)
        sender.onPing = { [unowned owner] _ in try? owner.attach(late) }
        try owner.attach([sender, DraftListener()])
        try owner.didLoad()
        transcript.clear()

        owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(
            transcript.lines == [
                "[Screen] send PingConversation: host -> Probe",
                "  [Screen] lifecycle did-load: host -> Probe",
                "    [Screen] send DraftConversation.draftDidChange(_:): Probe -> DraftListener",
            ])

        // Once the message ended, the newcomer's events are the owner's again, at the left.
        try owner.detach([sender, owner.controllers[1]])
        transcript.clear()
        try owner.willAppear()
        #expect(transcript.lines == ["[Screen] lifecycle will-appear: host -> Probe"])
    }

    /// The same for a newcomer of an owner nested in the message's: a lazy controller that a
    /// downward message from a handler creates, and a controller a handler attaches there.
    @Test func aCatchUpInANestedOwnerCausedByAHandlerGoesUnderThatHandlersMessage() throws {
        let owner = Owner(name: "Screen")
        let child = Owner(name: "Child")
        try child.attach(
            lazily: { DraftListener() }, speaking: [(any DraftConversation).self], creation: .onFirstMessage)
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        let late = Probe("late", journal)
        let sender = Probe("A", journal)
        sender.onPing = { [unowned sender, unowned child] value in
            if value == 1 { sender.center.down.draftDidChange("x") } else { try? child.attach(late) }
        }
        try owner.attach([sender, child])
        try owner.didLoad()
        transcript.clear()

        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }

        #expect(
            transcript.lines == [
                "[Screen] send PingConversation: host -> Probe",
                "  [Child] lazily created DraftListener: first message of DraftConversation",
                "  [Child] lifecycle did-load: host -> DraftListener",
                "  [Screen] send DraftConversation.draftDidChange(_:): Probe -> DraftListener",
                "[Screen] send PingConversation: host -> Probe",
                "  [Child] lifecycle did-load: host -> Probe",
            ])
    }

    /// A message from the parent's did-load callback that reaches down creates a lazy controller
    /// of a nested owner not loaded yet: the creation goes under that message, as in an owner
    /// nobody nests, and the nested owner's did-load, which the message brings forward after it,
    /// follows the message (the creation stood under that later did-load, which took it in).
    @Test func aNestedOwnersLazyControllerCreatedBeforeItsOwnerLoadsIsWrittenUnderTheMessage() throws {
        func lines(nesting: Bool) throws -> [String] {
            let screen = Owner(name: "Screen")
            let card = Owner(name: "Card")
            let transcript = ConversationTranscript()
            screen.addObserver(transcript)
            let sender = Probe("A", journal)
            sender.onLifecycle = { [unowned sender] event in
                if event == .didLoad {
                    sender.center.send((any PingConversation).self, scope: .broadcastDown) { $0.ping(1) }
                }
            }
            try screen.attach(sender)
            try register(in: nesting ? card : screen)
            if nesting { try screen.attach(card) }

            try screen.didLoad()
            return transcript.lines
        }

        let alone = try lines(nesting: false)
        let nested = try lines(nesting: true)
        #expect(
            alone == [
                "[Screen] lifecycle did-load: host -> Probe",
                "  [Screen] send PingConversation: Probe -> Probe, Probe",
                "    [Screen] lazily created Probe: first message of PingConversation",
                "    [Screen] lifecycle did-load: host -> Probe",
            ])
        #expect(
            nested == [
                "[Screen] lifecycle did-load: host -> Probe, Card",
                "  [Screen] send PingConversation: Probe -> Probe, Probe",
                "    [Card] lazily created Probe: first message of PingConversation",
                "  [Card] lifecycle did-load: host -> Probe",
            ])
    }

    /// A message from a did-load callback creates a lazy controller that sends from its own
    /// catch-up: the creation and the catch-up go under that message, as when the newcomer sends
    /// nothing, with the newcomer's send under its did-load (the creation stood under that send,
    /// taken as the message that created the controller, and the catch-up at the message's side).
    @Test func aLazyControllerThatSendsFromItsCatchUpIsWrittenAfterItsCreation() throws {
        func lines(newcomerSends: Bool) throws -> [String] {
            let screen = Owner(name: "Screen")
            let transcript = ConversationTranscript()
            screen.addObserver(transcript)
            let sender = Probe("A", journal)
            sender.onLifecycle = { [unowned sender] event in
                if event == .didLoad { sender.center.send((any PingConversation).self) { $0.ping(1) } }
            }
            try screen.attach(sender)
            try screen.attach(
                lazily: { [journal] in
                    let lazy = Probe("lazy", journal)
                    lazy.onLifecycle = { [unowned lazy] event in
                        if event == .didLoad, newcomerSends {
                            lazy.center.send((any PingConversation).self) { $0.ping(2) }
                        }
                    }
                    return lazy
                },
                speaking: [(any PingConversation).self])

            try screen.didLoad()
            return transcript.lines
        }

        let silent = try lines(newcomerSends: false)
        let sending = try lines(newcomerSends: true)
        #expect(
            silent == [
                "[Screen] lifecycle did-load: host -> Probe",
                "  [Screen] send PingConversation: Probe -> Probe, Probe",
                "    [Screen] lazily created Probe: first message of PingConversation",
                "    [Screen] lifecycle did-load: host -> Probe",
            ])
        #expect(
            sending == [
                "[Screen] lifecycle did-load: host -> Probe",
                "  [Screen] send PingConversation: Probe -> Probe, Probe",
                "    [Screen] lazily created Probe: first message of PingConversation",
                "    [Screen] lifecycle did-load: host -> Probe",
                "      [Screen] send PingConversation: Probe -> Probe",
            ])
    }

    /// An appearance that a parent delivers creates a nested owner's lazy controller before the
    /// nested owner's own event starts: the creation, the newcomer's catch-up and that event come
    /// under the parent's event in that order, as they stand at the left for an owner nobody nests
    /// (the catch-up came at the left after the event, holding the creation line).
    @Test func aNestedOwnersLazyControllerCreatedOnAppearanceIsWrittenInOrder() throws {
        let page = Owner(name: "Page")
        let inner = Owner(name: "Inner")
        let transcript = ConversationTranscript()
        page.addObserver(transcript)
        try page.attach(inner)
        try inner.attach(Probe("eager", journal))
        try page.didLoad()
        try inner.attach(lazily: { [journal] in Probe("lazy", journal) }, speaking: [(any PingConversation).self])

        try page.willAppear()

        #expect(
            transcript.lines == [
                "[Page] lifecycle did-load: host -> Inner",
                "  [Inner] lifecycle did-load: host -> Probe",
                "[Page] lifecycle will-appear: host -> Inner",
                "  [Inner] lazily created Probe: appearance",
                "  [Inner] lifecycle did-load: host -> Probe",
                "  [Inner] lifecycle will-appear: host -> Probe, Probe",
            ])
    }

    /// Nested twice, each owner's creation and catch-up come under the event of the owner that
    /// delivered its appearance, before its own event.
    @Test func lazyControllersCreatedOnAppearanceInOwnersNestedTwiceAreWrittenInOrder() throws {
        let page = Owner(name: "Page")
        let inner = Owner(name: "Inner")
        let row = Owner(name: "Row")
        let transcript = ConversationTranscript()
        page.addObserver(transcript)
        try page.attach(inner)
        try inner.attach(row)
        try page.didLoad()
        try inner.attach(lazily: { [journal] in Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        try row.attach(lazily: { [journal] in Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        transcript.clear()

        try page.willAppear()

        #expect(
            transcript.lines == [
                "[Page] lifecycle will-appear: host -> Inner",
                "  [Inner] lazily created Probe: appearance",
                "  [Inner] lifecycle did-load: host -> Probe",
                "  [Inner] lifecycle will-appear: host -> Row, Probe",
                "    [Row] lazily created Probe: appearance",
                "    [Row] lifecycle did-load: host -> Probe",
                "    [Row] lifecycle will-appear: host -> Probe",
            ])
    }

    // MARK: - Memory

    /// A registration that never creates its controller holds only the factory, which goes with
    /// the tear-down; what the factory captured is freed.
    @Test func anUncreatedRegistrationIsForgottenOnTearDown() throws {
        let owner = Owner()
        weak var captured: Token?
        do {
            let token = Token()
            captured = token
            try owner.attach(
                lazily: { [journal] in
                    _ = token
                    return Probe("lazy", journal)
                },
                speaking: [(any PingConversation).self],
                creation: .onFirstMessage
            )
        }
        try owner.show()
        #expect(captured != nil)
        try owner.tearDown()
        #expect(captured == nil)
    }
}

extension Owner {
    /// Loads the owner unless it is loaded already.
    fileprivate func didLoadIfNeeded() throws {
        if state == .initial { try didLoad() }
    }
}
