import BCKit
import Testing

@MainActor
@Suite struct LazyControllerTests {
    let journal = Journal()

    @Test func aLazyControllerIsCreatedByItsFirstConversationCaughtUpAndGetsThatMessage() throws {
        let owner = Owner()
        try owner.attach(Probe("A", journal))
        var created = 0
        try owner.attach(
            lazily: {
                created += 1
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self])
        try owner.attach(Probe("C", journal))
        try owner.didLoad()
        #expect(created == 0)
        #expect(owner.controllers.count == 2)
        journal.clear()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(created == 1)
        // Registered between A and C, caught up (loaded) before the message, which it gets.
        #expect(
            journal.events == [
                .attached("lazy"), .lifecycle("lazy", .didLoad), .ping("A", 1), .ping("lazy", 1), .ping("C", 1),
            ])
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(created == 1)
    }

    /// Registered after the owner sent its conversation to nobody (an empty table, which the
    /// owner's fast path then remembers and answers without a look at its reasons for care), a
    /// lazy controller is still created by the next send, and gets it.
    @Test func aLazyControllerRegisteredAfterSendsToNobodyIsCreatedByTheNext() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        // The first send builds the table, the second finds and remembers it.
        for value in 1...2 { #expect(owner.center.send((any PingConversation).self) { $0.ping(value) } == 0) }
        try owner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        #expect(owner.center.send((any PingConversation).self) { $0.ping(3) } == 1)
        #expect(journal.events.last == .ping("lazy", 3))
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    @Test func theFirstAppearanceCreatesEveryLazyController() throws {
        let owner = Owner()
        try owner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        try owner.didLoad()
        #expect(owner.controllers.isEmpty)
        try owner.willAppear()
        #expect(owner.controllers.count == 1)
        #expect(
            journal.events == [.attached("lazy"), .lifecycle("lazy", .didLoad), .lifecycle("lazy", .willAppear)])
    }

    @Test func aConversationItDoesNotSpeakLeavesItUncreated() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(lazily: { Named("lazy") }, speaking: [(any NameQuery).self])
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(owner.controllers.isEmpty)
        #expect(owner.center.first((any NameQuery).self) { $0.nickname } == "lazy")
        #expect(owner.controllers.count == 1)
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    /// A retained message that creates a lazy controller reaches it once: created before the
    /// message is kept, it hears it in flight and gets no replay.
    @Test(arguments: [false, true])
    func aLazyControllerCreatedByARetainedMessageGetsItOnce(loaded: Bool) throws {
        let owner = Owner()
        if loaded { try owner.didLoad() }
        try owner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        let reached = owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
        #expect(reached == 1)
        #expect(
            journal.events
                == [.attached("lazy")] + (loaded ? [.lifecycle("lazy", .didLoad)] : []) + [.ping("lazy", 1)])
    }

    @Test func aFactoryThatSendsTheConversationIsCalledOnce() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        var created = 0
        try owner.attach(
            lazily: { [unowned owner, journal] in
                created += 1
                // Nobody speaks it yet: the controller being made is not attached.
                #expect(owner.center.send((any PingConversation).self) { $0.ping(0) } == 0)
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self])
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(created == 1)
        #expect(journal.events == [.attached("lazy"), .ping("lazy", 1)])
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    /// A factory must make a new controller: one attached already (here or elsewhere) cannot take
    /// a second place, so it keeps the one it has and the registration is used up.
    /// A factory that tears the owner down cannot have its controller attached to the torn-down
    /// owner: it stays unattached, and the query that created it finds nobody.
    @Test func aControllerWhoseFactoryTearsTheOwnerDownIsNotAttachedAndDoesNotAnswer() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        weak var made: Named?
        try owner.attach(
            lazily: { [unowned owner] in
                try? owner.tearDown()
                let named = Named("late")
                made = named
                return named
            }, speaking: [(any NameQuery).self])
        let answer = owner.center.first((any NameQuery).self) { $0.nickname }
        #expect(answer == nil)
        #expect(owner.state == .tornDown)
        #expect(owner.controllers.isEmpty)
        #expect(made == nil)
        #expect(diagnostics.conversations == ["NameQuery"])
    }

    /// Nested: the factory runs inside a retained send, which keeps nothing in the torn-down owner.
    @Test func aRetainedSendWhoseLazyFactoryTearsTheOwnerDownKeepsNothing() throws {
        let owner = Owner()
        try owner.attach(
            lazily: { [unowned owner, journal] in
                try? owner.tearDown()
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self])
        weak var captured: Token?
        do {
            let token = Token()
            captured = token
            let reached = owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { _ in _ = token }
            #expect(reached == 0)
        }
        #expect(journal.events.isEmpty)
        #expect(captured == nil)
    }

    /// The first appearance creates lazy controllers before it starts: a factory tearing the owner
    /// down then leaves it torn down, and the appearance is refused.
    @Test func aFactoryTearingTheOwnerDownOnItsFirstAppearanceLeavesItTornDown() throws {
        let owner = Owner()
        try owner.attach(
            lazily: { [unowned owner, journal] in
                try? owner.tearDown()
                return Probe("lazy", journal)
            }, speaking: [(any NameQuery).self])
        try owner.didLoad()
        #expect(throws: OwnerError.tornDown("will-appear")) { try owner.willAppear() }
        #expect(owner.state == .tornDown)
        #expect(owner.controllers.isEmpty)
        #expect(journal.events.isEmpty)
    }

    @Test func aFactoryHandingOutAnAttachedControllerAddsNothing() throws {
        let owner = Owner()
        let probe = Probe("A", journal)
        try owner.attach(probe)
        try owner.attach(lazily: { probe }, speaking: [(any PingConversation).self])
        #expect(owner.center.send((any PingConversation).self) { $0.ping(1) } == 1)
        #expect(owner.controllers.count == 1)
        #expect(!owner.description.contains("not created"))
    }

    /// Registered after the first appearance, a lazy controller waits for its conversation or
    /// the owner's next appearance.
    @Test func oneRegisteredWhileAppearedIsCreatedByTheNextAppearance() throws {
        let owner = Owner()
        try owner.show()
        try owner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        try owner.willDisappear()
        try owner.didDisappear()
        #expect(owner.controllers.isEmpty)
        try owner.willAppear()
        #expect(
            journal.events == [.attached("lazy"), .lifecycle("lazy", .didLoad), .lifecycle("lazy", .willAppear)])
    }

    @Test func theDescriptionShowsItRegisteredButNotCreated() throws {
        let owner = Owner(name: "Profile")
        try owner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        #expect(owner.description.contains("Probe registered, not created; created by PingConversation"))
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(!owner.description.contains("not created"))
    }

    @Test func aBroadcastCreatesLazyControllersOfNestedOwners() throws {
        let page = Owner(name: "Page")
        let nested = Owner(name: "Nested")
        try page.attach(nested)
        try nested.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        page.center.send((any PingConversation).self, scope: .broadcastDown) { $0.ping(1) }
        #expect(journal.events.contains(.ping("lazy", 1)))
    }

    /// What a factory sends reaches only the controllers attached already: the report says that
    /// the factory sent it, rather than asking whether the lazy controller is created for another
    /// conversation (trial "delivery", finding F).
    @Test func aSendFromALazyControllersFactoryThatReachesNobodyNamesTheFactory() throws {
        let owner = Owner(name: "Screen")
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(
            lazily: { [journal] in
                owner.center.send((any PingConversation).self) { $0.ping(0) }
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self], creation: .onFirstMessage)
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(journal.events == [.attached("lazy"), .ping("lazy", 1)])
        let hints = diagnostics.reported.filter { $0.cause == .unhandledMessage }.map(\.hint)
        #expect(hints.count == 1)
        #expect(hints.first?.contains("sent while the factory of Probe, registered lazily, ran") == true)
        #expect(hints.first?.contains("created lazily for another conversation") == false)
        // Once the factory returned, a send that reaches nobody gets the usual hint.
        owner.center.send((any NameQuery).self) { _ in }
        #expect(diagnostics.reported.last?.hint.contains("factory") == false)
    }

    /// A registration that lists a conversation its controller does not speak is reported when
    /// that conversation creates it; the controller is attached all the same.
    @Test func aListedConversationTheControllerDoesNotSpeakIsReportedWhenItIsCreated() throws {
        let owner = Owner(name: "Screen")
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(
            lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self, (any NameQuery).self])
        #expect(owner.center.first((any NameQuery).self) { $0.nickname } == nil)
        #expect(owner.controllers.count == 1)
        let reported = diagnostics.reported.filter { $0.cause == .unspokenLazyConversation }
        #expect(reported.map(\.conversation) == ["NameQuery"])
        #expect(reported.map(\.sender) == ["Probe"])
        #expect(reported.map(\.owner) == ["Screen"])
    }

    /// What the factory returns passes the checks of an eager attach; with no caller to throw to,
    /// a refusal is reported and nothing is attached.
    @Test(arguments: ["itself", "its parent", "a driven owner", "a torn-down owner", "an attached controller"])
    func aFactoryReturningWhatAttachRefusesIsReportedAndNothingIsAttached(returning what: String) throws {
        let root = Owner(name: "Root")
        let child = Owner(name: "Child")
        try root.attach(child)
        let driven = Owner(name: "Driven")
        try driven.didLoad()
        let gone = Owner(name: "Gone")
        try gone.tearDown()
        let elsewhere = Owner(name: "Elsewhere")
        let probe = Probe("taken", journal)
        try elsewhere.attach(probe)
        let diagnostics = root.collectDiagnostics()
        switch what {
        case "itself": try child.attach(lazily: { child }, speaking: [])
        case "its parent": try child.attach(lazily: { root }, speaking: [])
        case "a driven owner": try child.attach(lazily: { driven }, speaking: [])
        case "a torn-down owner": try child.attach(lazily: { gone }, speaking: [])
        default: try child.attach(lazily: { probe }, speaking: [])
        }

        try root.didLoad()
        try root.willAppear()

        #expect(root.parent == nil)
        #expect(child.parent === root)
        #expect(child.controllers.isEmpty)
        #expect(probe.owner === elsewhere)
        #expect(diagnostics.reported.map(\.cause) == [.lazyControllerRefused])
        #expect(root.state == .appearing)
    }

    /// A nested owner a factory returns is named as transcripts name it, by its name, not by its
    /// type, whether it is refused (kept elsewhere already) or does not speak its conversation.
    @Test(arguments: [true, false])
    func aDiagnosticAboutALazilyCreatedOwnerNamesTheOwner(keptElsewhere: Bool) throws {
        let root = Owner(name: "Root")
        let diagnostics = root.collectDiagnostics()
        let chat = Owner(name: "ChatPanel")
        let list = Owner(name: "List")
        if keptElsewhere { try list.attach(chat) }
        try root.attach(lazily: { chat }, speaking: [(any PingConversation).self], creation: .onFirstMessage)

        root.center.send((any PingConversation).self) { $0.ping(1) }

        let reported = diagnostics.reported.filter { $0.cause != .unhandledMessage }
        #expect(reported.map(\.cause) == [keptElsewhere ? .lazyControllerRefused : .unspokenLazyConversation])
        #expect(reported.map(\.sender) == ["ChatPanel"])
        let hint = try #require(reported.first?.hint)
        #expect(hint.contains(keptElsewhere ? "the factory of ChatPanel" : "ChatPanel was registered lazily"))
        #expect(!hint.contains("Owner"))
    }

    @Test func aControllerCreatedOnlyByAMessageMustNameAConversation() throws {
        #expect(throws: OwnerError.neverCreated("Probe")) {
            try Owner().attach(lazily: { Probe("never", journal) }, speaking: [], creation: .onFirstMessage)
        }
        // An appearance can create one that names none.
        let owner = Owner()
        try owner.attach(lazily: { Probe("shown", journal) }, speaking: [])
        try owner.show()
        #expect(owner.controllers.count == 1)
    }

    @Test func registeringIsRefusedAfterTearDownAndTearDownForgetsRegistrations() throws {
        let owner = Owner()
        try owner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        try owner.tearDown()
        #expect(!owner.description.contains("not created"))
        #expect(throws: OwnerError.tornDown("attach")) {
            try owner.attach(lazily: { Probe("late", journal) }, speaking: [(any PingConversation).self])
        }
        #expect(throws: OwnerError.priorityOutOfRange(1 << 20)) {
            try Owner().attach(lazily: { Probe("x", journal) }, speaking: [], priority: 1 << 20)
        }
    }

    /// Tearing down is terminal (DESIGN 7): a diagnostic handler that tears the owner down while
    /// a lazy controller's creation is reported leaves it nothing to be attached to.
    @Test func aLazyControllerIsNotAttachedToAnOwnerItsDiagnosticHandlerToreDown() throws {
        let owner = Owner(name: "Screen")
        let made = Silent()
        owner.onDiagnostic = { [unowned owner] diagnostic in
            guard diagnostic.cause == .unspokenLazyConversation else { return }
            try? owner.tearDown()
        }
        try owner.attach(lazily: { made }, speaking: [(any PingConversation).self])
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(owner.state == .tornDown)
        #expect(made.owner == nil)
        #expect(owner.controllers.isEmpty)
    }
}
