import BCKit
import Testing

@MainActor
final class RecordingTracer: DispatchTracer {
    var dispatches: [DispatchRecord] = []

    func didDispatch(_ dispatch: DispatchRecord) { dispatches.append(dispatch) }
}

/// Reads a restored draft, and leaves every other draft message to its default.
@MainActor
private final class DraftReader: BusinessController, DraftConversation {
    weak var owner: Owner?
    func draftWasRestored(_ text: String) {}
}

/// Speaks drafts and leaves every message to its default.
@MainActor
private final class DraftIgnorer: BusinessController, DraftConversation {
    weak var owner: Owner?
}

@MainActor
@Suite struct TracingTests {
    let journal = Journal()

    @Test func theTracerSeesConversationSenderReceiversAndNesting() throws {
        let owner = Owner(name: "Screen")
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        let a = Probe("A", journal)
        try owner.attach([a, Silent(), Probe("B", journal)])
        a.onPing = { [unowned owner] value in
            if value == 1 { owner.center.send((any PingConversation).self) { $0.ping(2) } }
        }
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        let messages = tracer.dispatches.filter { $0.kind == .send }
        #expect(messages.map(\.sender) == ["Probe", nil])
        #expect(messages.map(\.depth) == [1, 0])
        #expect(messages.allSatisfy { $0.receivers == ["Probe", "Probe"] && $0.conversation == "PingConversation" })
        #expect(
            messages.allSatisfy {
                $0.owner == "Screen" && $0.conversationID == ObjectIdentifier((any PingConversation).self)
            })
    }

    /// A tracer removed while a traced lifecycle delivery runs still hears that delivery end,
    /// with everyone it reached, as it does for a conversation: every start it heard is closed.
    @Test func aTracerRemovedDuringALifecycleDeliveryHearsItsEnd() throws {
        let owner = Owner(name: "Screen")
        let tracer = RecordingTracer()
        let observation = owner.addObserver(tracer)
        let a = Probe("A", journal)
        try owner.attach([a, Probe("B", journal)])
        a.onLifecycle = { [unowned owner] event in
            if event == .didLoad { owner.removeObserver(observation) }
        }
        try owner.didLoad()
        #expect(tracer.dispatches.map(\.conversation) == ["did-load"])
        #expect(tracer.dispatches.map(\.receivers) == [["Probe", "Probe"]])
    }

    @Test func aTaskStartedInAReceiversTurnSendsAsTheHostOnceThatTurnIsOver() async throws {
        let owner = Owner(name: "Screen")
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        let a = Probe("A", journal)
        try owner.attach([a, Probe("B", journal)])
        var later: Task<Void, Never>?
        a.onPing = { [unowned owner] value in
            guard value == 1 else { return }
            // The task inherits the turn's task-local value, but runs after the turn closed.
            later = Task { @MainActor in owner.center.send((any PingConversation).self) { $0.ping(2) } }
        }
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        await later?.value
        let messages = tracer.dispatches.filter { $0.kind == .send }
        #expect(messages.map(\.sender) == [nil, nil])
        #expect(journal.events.contains(.ping("B", 2)))
    }

    @Test func aSendNobodyHearsIsFlaggedUnhandled() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        try owner.attach(Silent())
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        _ = owner.center.first((any NameQuery).self) { $0.nickname }
        #expect(tracer.dispatches.map(\.isUnhandled) == [true, true])
        #expect(tracer.dispatches.map(\.kind) == [.send, .query])
        #expect(diagnostics.conversations == ["PingConversation", "NameQuery"])
    }

    /// A retained message sent before anyone speaks its conversation is kept for the controller
    /// that comes, and replayed to it: the pattern the docs recommend against attaching in the
    /// wrong order, which the record and the transcript called unhandled (trial stop 51, F1).
    @Test func aRetainedMessageThatReachedNobodyYetIsKeptNotUnhandled() throws {
        let owner = Owner(name: "Composer")
        let tracer = RecordingTracer()
        let transcript = ConversationTranscript()
        owner.addObserver(tracer)
        owner.addObserver(transcript)
        owner.center.draftWasRestored("a")
        try owner.attach(DraftReader())
        #expect(tracer.dispatches.map(\.kind) == [.send, .replay])
        #expect(tracer.dispatches.map(\.isRetained) == [true, true])
        #expect(tracer.dispatches.map(\.isUnhandled) == [false, false])
        #expect(
            tracer.dispatches.first?.description.hasPrefix(
                "[Composer] host -> DraftConversation -> nobody yet (kept) (") == true)
        #expect(
            transcript.text.split(separator: "\n").first
                == "[Composer] send DraftConversation.draftWasRestored(_:): host -> nobody yet (kept)")
    }

    /// Kept or not, a retained message that reached receivers which all left it to their default
    /// is unhandled; and one sent through a torn-down owner, which keeps nothing, that reached
    /// nobody is unhandled as any message.
    @Test func aRetainedMessageEveryReceiverIgnoredOrNobodyKeptIsUnhandled() throws {
        let owner = Owner(name: "Composer")
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        try owner.attach(DraftIgnorer())
        owner.center.draftWasRestored("a")
        let torn = Owner(name: "Torn")
        torn.addObserver(tracer)
        try torn.tearDown()
        torn.center.draftWasRestored("b")
        #expect(tracer.dispatches.map(\.owner) == ["Composer", "Torn"])
        #expect(tracer.dispatches.map(\.isRetained) == [true, false])
        #expect(tracer.dispatches.map(\.isUnhandled) == [true, true])
        #expect(tracer.dispatches.map { $0.description.contains("(unhandled)") } == [true, true])
    }

    @Test func lifecycleEventsAreTracedWithTheirReceiversInDeliveryOrder() throws {
        let owner = Owner()
        let tracer = RecordingTracer()
        try owner.attach([Probe("A", journal), Silent()])
        owner.addObserver(tracer)
        try owner.show()
        try owner.willDisappear()
        #expect(tracer.dispatches.map(\.conversation) == ["did-load", "will-appear", "did-appear", "will-disappear"])
        #expect(tracer.dispatches.last?.receivers == ["Silent", "Probe"])
        #expect(tracer.dispatches.allSatisfy { $0.kind == .lifecycle && !$0.isUnhandled })
    }

    @Test func aSendFromALifecycleCallbackNamesItsSender() throws {
        let owner = Owner()
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        let loader = Probe("loader", journal)
        loader.onLifecycle = { [unowned owner] _ in owner.center.send((any PingConversation).self) { $0.ping(0) } }
        try owner.attach(loader)
        try owner.attach(Named("x"))
        journal.clear()
        try owner.didLoad()
        #expect(tracer.dispatches.first { $0.kind == .send }?.sender == "Probe")
    }

    /// A nested owner passing its parent's appearance on is not speaking: the replay of the host's
    /// message to a lazy controller it creates meanwhile is the host's, as it is without nesting.
    @Test func aReplayInANestedOwnersAppearanceIsSentByTheHostNotByTheOwner() throws {
        let page = Owner(name: "Page")
        let inner = Owner(name: "Inner")
        let tracer = RecordingTracer()
        page.addObserver(tracer)
        try page.attach(inner)
        try page.didLoad()
        inner.center.sendRetained((any PingConversation).self, message: "ping(1)") { $0.ping(1) }
        try inner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        try page.willAppear()
        let replays = tracer.dispatches.filter { $0.kind == .replay }
        #expect(replays.map(\.sender) == [nil])
        #expect(replays.map(\.senderID) == [nil])
    }

    /// A replay is sent by whoever sent the message it replays, whoever's callback attached the
    /// controller that gets it: the host's message, replayed to a newcomer another controller
    /// attached while it loaded, is the host's.
    @Test func aReplayOfTheHostsMessageToANewcomerAttachedInACallbackIsSentByTheHost() throws {
        let owner = Owner(name: "Screen")
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        let attacher = Probe("attacher", journal)
        let newcomer = Probe("newcomer", journal)
        attacher.onLifecycle = { [unowned owner] event in
            if event == .didLoad { try? owner.attach(newcomer) }
        }
        try owner.attach(attacher)
        owner.center.sendRetained((any PingConversation).self, message: "ping(1)") { $0.ping(1) }
        try owner.didLoad()
        let replays = tracer.dispatches.filter { $0.kind == .replay }
        #expect(replays.map(\.receivers) == [["Probe"]])
        #expect(replays.map(\.sender) == [nil])
    }

    /// What is sent with no sender while a nested owner passes its parent's event on, outside its
    /// controllers' callbacks, is not the nested owner's: here a lazy controller's factory, which
    /// the host wrote, sends through the nested owner's center as the host.
    @Test func aFactorysSendInANestedOwnersAppearanceIsNotTheOwners() throws {
        let page = Owner(name: "Page")
        let inner = Owner(name: "Inner")
        let tracer = RecordingTracer()
        page.addObserver(tracer)
        try page.attach(inner)
        try inner.attach(Probe("early", journal))
        try page.didLoad()
        try inner.attach(
            lazily: { [unowned inner] in
                inner.center.send((any PingConversation).self) { $0.ping(1) }
                return Probe("lazy", journal)
            },
            speaking: [(any PingConversation).self])
        try page.willAppear()
        let sends = tracer.dispatches.filter { $0.kind == .send }
        #expect(journal.events(of: "early").contains(.ping("early", 1)))
        #expect(sends.map(\.sender) == [nil])
        #expect(sends.map(\.senderID) == [nil])
    }

    @Test func theOwnerDescribesItsControllersStatesAndConversations() throws {
        let owner = Owner(name: "Goods")
        try owner.attach(Probe("A", journal))
        try owner.attach(Named("n"), priority: 2)
        try owner.didLoad()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        _ = owner.center.first((any NameQuery).self) { $0.nickname }
        #expect(
            owner.description.split(separator: "\n") == [
                "Owner 'Goods' (loaded), 2 controllers:",
                "  1. Named (loaded) priority 2 speaks NameQuery",
                "  2. Probe (loaded) speaks PingConversation",
            ])
    }

    /// A receiver that keeps its gather reply and never calls it left nothing in an app to say
    /// the gather still waits (trial stop 51, F3): the description names who owes which reply,
    /// in a nested owner too, until it is answered.
    @Test func theOwnerDescribesTheRepliesItsControllersStillOwe() throws {
        let owner = Owner(name: "Order")
        let sheet = Owner(name: "Sheet")
        let kitchen = Part(price: 1)
        kitchen.answersAtOnce = false
        let courier = Part(price: 2)
        courier.answersAtOnce = false
        try sheet.attach(courier)
        try owner.attach([Part(price: 3), kitchen, sheet])
        owner.center.gather((any StockQuery).self, scope: .broadcastDown) {
            $0.fetchStock(reply: $1)
        } completion: { _ in
        }
        #expect(
            owner.description.split(separator: "\n") == [
                "Owner 'Order' (initial), 3 controllers:",
                "  1. Part (initial) speaks StockQuery",
                "  2. Part (initial) speaks StockQuery",
                "  3. Sheet (initial) nested owner",
                "  - Part owes a reply to StockQuery",
                "  - Part owes a reply to StockQuery",
            ])
        kitchen.pendingReply?(1)
        courier.pendingReply?(2)
        #expect(!owner.description.contains("owes"))
    }

    /// The owners nested in an owner are kept in a table no conversation names: a nested owner
    /// read "speaks Owner" (new-user trial, stop 49).
    @Test func theOwnerDescribesANestedOwnerAsOne() throws {
        let owner = Owner(name: "Chat")
        let pinned = Owner(name: "Pin")
        try owner.attach([Probe("A", journal), pinned])
        owner.center.send((any PingConversation).self, scope: .broadcastDown) { $0.ping(1) }
        #expect(
            owner.description.split(separator: "\n") == [
                "Owner 'Chat' (initial), 2 controllers:",
                "  1. Probe (initial) speaks PingConversation",
                "  2. Pin (initial) nested owner",
            ])
    }

    @Test func theGraphShowsWhoTalksToWhomOnceEachAsMermaid() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        let graph = ConversationGraph()
        owner.addObserver(graph)
        let a = Probe("A", journal)
        a.onPing = { [unowned owner] value in
            if value == 1 { _ = owner.center.first((any NameQuery).self) { $0.nickname } }
        }
        try owner.attach([a, Named("n")])
        try owner.didLoad()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        try owner.detach(owner.controllers[1])
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            graph.mermaid().split(separator: "\n") == [
                "flowchart LR",
                "    Probe -->|NameQuery| Named",
                "    host -->|PingConversation| Probe",
                "    Probe -.->|NameQuery| unhandled((unhandled))",
            ])
        #expect(diagnostics.conversations == ["NameQuery"])
    }

    /// A misspelled async method is reported like a synchronous one, in order and concurrently:
    /// the default runs in the receiver's task, where no synchronous turn can note it.
    @Test(arguments: [false, true])
    func anAsyncReceiverWhoseDefaultRanIsNamedInTheTrace(concurrently: Bool) async throws {
        let owner = Owner()
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        try owner.attach([Reloader(), MisspelledReloader(), Reloader()])
        await owner.center.send((any ReloadConversation).self, concurrently: concurrently) {
            await $0.reload(page: 2)
        }
        #expect(tracer.dispatches.map(\.receivers) == [["Reloader", "MisspelledReloader", "Reloader"]])
        #expect(
            tracer.dispatches.map(\.defaulted) == [
                [DefaultedDelivery(receiver: "MisspelledReloader", method: "reload(page:)")]
            ])
    }

    /// Observers hear a controller detached before what its leaving sets off: a gather completed
    /// because it left, whose completion attaches it again, is heard after it.
    @Test func observersHearADetachBeforeTheGatherCompletionItSetsOff() throws {
        let owner = Owner(name: "Screen")
        let stock = Part(price: 1)
        stock.answersAtOnce = false
        try owner.attach(stock)
        let tracer = HookTracer()
        var changes: [String] = []
        tracer.onObserve = { event in
            if event.kind == .attached || event.kind == .detached { changes.append("\(event.kind)") }
        }
        owner.addObserver(tracer)
        var answers: [[Int]] = []
        owner.center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: { [unowned owner] in
            answers.append($0)
            try? owner.attach(stock)
        }
        try owner.detach(stock)
        #expect(answers == [[]])
        #expect(stock.owner === owner)
        #expect(changes == ["detached", "attached"])
    }
}

@MainActor
@Suite struct CatchUpTracingTests {
    @Test func catchUpAndClosingEventsAreTracedForTheOneControllerTheyReach() throws {
        let owner = Owner()
        let tracer = RecordingTracer()
        try owner.show()
        owner.addObserver(tracer)
        let late = Silent()
        try owner.attach(late)
        try owner.detach(late)
        #expect(
            tracer.dispatches.map(\.conversation) == [
                "did-load", "will-appear", "did-appear", "will-disappear", "did-disappear",
            ])
        #expect(tracer.dispatches.allSatisfy { $0.kind == .lifecycle && $0.receivers == ["Silent"] })
    }
}

@MainActor
@Suite struct AsyncTracingTests {
    @Test func asyncSendsAreTracedAsMessagesAndAsyncAllAsQuestions() async throws {
        let owner = Owner()
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        try owner.attach(Part(price: 1))
        let log = Log()
        await owner.center.send((any RefreshConversation).self) { _ = await $0.refresh(log: log) }
        _ = await owner.center.all((any RefreshConversation).self, concurrently: true) { await $0.refresh(log: log) }
        #expect(tracer.dispatches.map(\.kind) == [.send, .query])
        #expect(tracer.dispatches.allSatisfy { $0.receivers == ["Part"] && $0.conversation == "RefreshConversation" })
    }
}

@MainActor
protocol ReloadConversation: AnyObject {
    func reload(page: Int) async
}

extension ReloadConversation {
    func reload(page: Int) async { notHandled() }
}

/// Reloads, after a suspension, so concurrent receivers interleave.
@MainActor
final class Reloader: BusinessController, ReloadConversation {
    weak var owner: Owner?
    private(set) var pages: [Int] = []

    func reload(page: Int) async {
        await Task.yield()
        pages.append(page)
    }
}

/// Means to reload, but its label differs from the protocol's.
@MainActor
final class MisspelledReloader: BusinessController, ReloadConversation {
    weak var owner: Owner?

    func reload(pages: Int) async {}
}
