import BCKit
import Testing

@MainActor
@Suite struct ReentrancyTests {
    let journal = Journal()

    func pings() -> [Event] {
        journal.events.filter { if case .ping = $0 { true } else { false } }
    }

    @Test func aControllerDetachedDuringADispatchReceivesNothingMoreFromIt() throws {
        let owner = Owner()
        let probes = ["A", "B", "C"].map { Probe($0, journal) }
        try owner.attach(probes)
        let second = probes[1]
        probes[0].onPing = { [unowned owner, unowned second] _ in try? owner.detach(second) }
        let reached = owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(pings() == [.ping("A", 1), .ping("C", 1)])
        #expect(reached == 2)
    }

    @Test func aControllerDetachingItselfMidDispatchStopsOnlyItself() throws {
        let owner = Owner()
        let probes = ["A", "B", "C"].map { Probe($0, journal) }
        try owner.attach(probes)
        let second = probes[1]
        second.onPing = { [unowned owner, unowned second] _ in try? owner.detach(second) }
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(pings() == [.ping("A", 1), .ping("B", 1), .ping("C", 1), .ping("A", 2), .ping("C", 2)])
    }

    @Test func aControllerAttachedDuringADispatchIsSyncedButMissesTheMessageInFlight() throws {
        let owner = Owner()
        let a = Probe("A", journal)
        let late = Probe("late", journal)
        try owner.attach([a, Probe("B", journal)])
        try owner.show()
        a.onPing = { [unowned owner] value in if value == 1 { try? owner.attach(late) } }
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(pings() == [.ping("A", 1), .ping("B", 1), .ping("A", 2), .ping("B", 2), .ping("late", 2)])
        #expect(
            journal.events(of: "late").prefix(4) == [
                .attached("late"), .lifecycle("late", .didLoad), .lifecycle("late", .willAppear),
                .lifecycle("late", .didAppear),
            ])
    }

    @Test func nestedSendsRunDepthFirst() throws {
        let owner = Owner()
        let probes = ["A", "B"].map { Probe($0, journal) }
        try owner.attach(probes)
        probes[0].onPing = { [unowned owner] value in
            if value == 1 { owner.center.send((any PingConversation).self) { $0.ping(2) } }
        }
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(pings() == [.ping("A", 1), .ping("A", 2), .ping("B", 2), .ping("B", 1)])
    }

    @Test func aLifecycleCallbackMayDetachASiblingThatHasNotSeenTheEventYet() throws {
        let owner = Owner()
        let probes = ["A", "B"].map { Probe($0, journal) }
        try owner.attach(probes)
        try owner.didLoad()
        let second = probes[1]
        probes[0].onLifecycle = { [unowned owner, unowned second] event in
            if event == .willAppear { try? owner.detach(second) }
        }
        journal.clear()
        try owner.willAppear()
        #expect(journal.events == [.lifecycle("A", .willAppear), .detached("B")])
    }

    /// A tear-down detaches last first, one at a time; a controller that another's goodbye
    /// detached meanwhile has had its goodbye, and gets no second one.
    @Test func aControllerDetachedByAnothersGoodbyeDuringATearDownSaysGoodbyeOnce() throws {
        final class Leaver: BusinessController {
            weak var owner: Owner?
            let name: String
            let goodbyes: GoodbyeLog
            var detachesOnGoodbye: Leaver?
            init(_ name: String, _ goodbyes: GoodbyeLog) {
                self.name = name
                self.goodbyes = goodbyes
            }
            func willDetach(from owner: Owner) {
                goodbyes.names.append(name)
                if let other = detachesOnGoodbye { try? owner.detach(other) }
            }
        }
        final class GoodbyeLog { var names: [String] = [] }
        let goodbyes = GoodbyeLog()
        let owner = Owner()
        let (first, second, third) = (Leaver("A", goodbyes), Leaver("B", goodbyes), Leaver("C", goodbyes))
        third.detachesOnGoodbye = first
        try owner.attach([first, second, third])
        try owner.didLoad()
        try owner.tearDown()
        #expect(goodbyes.names == ["C", "A", "B"])
        #expect(owner.controllers.isEmpty && first.owner == nil)
    }

    /// A tear-down detaches one at a time, last first: while a controller says goodbye, the owner
    /// holds the controllers before it and no other, and what it sends reaches them.
    @Test func eachGoodbyeOfATearDownSeesAndReachesTheControllersBeforeIt() throws {
        final class Leaver: BusinessController, PingConversation {
            weak var owner: Owner?
            let name: String
            let log: GoodbyeLog
            init(_ name: String, _ log: GoodbyeLog) {
                self.name = name
                self.log = log
            }
            func ping(_ value: Int) { log.lines.append("\(name) heard \(value)") }
            func willDetach(from owner: Owner) {
                let present = owner.controllers.compactMap { ($0 as? Leaver)?.name }
                log.lines.append("\(name) leaves \(present.joined())")
                owner.center.send((any PingConversation).self) { $0.ping(present.count) }
            }
        }
        final class GoodbyeLog { var lines: [String] = [] }
        let log = GoodbyeLog()
        let owner = Owner()
        owner.onDiagnostic = { _ in }
        try owner.attach(["A", "B", "C"].map { Leaver($0, log) })
        try owner.didLoad()
        // The conversation's table exists before the tear-down, which drops it.
        owner.center.send((any PingConversation).self) { $0.ping(0) }
        log.lines.removeAll()
        try owner.tearDown()
        #expect(
            log.lines == [
                "C leaves AB", "A heard 2", "B heard 2",
                "B leaves A", "A heard 1",
                "A leaves ",
            ])
        #expect(owner.controllers.isEmpty)
    }

    @Test func tearingDownFromAMessageStopsTheDispatch() throws {
        let owner = Owner()
        let probes = ["A", "B"].map { Probe($0, journal) }
        try owner.attach(probes)
        probes[0].onPing = { [unowned owner] _ in try? owner.tearDown() }
        #expect(owner.center.send((any PingConversation).self) { $0.ping(1) } == 1)
        #expect(owner.state == .tornDown)
        #expect(pings() == [.ping("A", 1)])
    }

    @Test func aRunawayLoopStopsWithADiagnosticNamingTheChain() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let owner = Owner(name: "Loop")
                let journal = Journal()
                let probe = Probe("A", journal)
                probe.onPing = { value in owner.center.send((any PingConversation).self) { $0.ping(value + 1) } }
                try? owner.attach(probe)
                owner.center.send((any PingConversation).self) { $0.ping(0) }
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("more than \(CommunicationCenter.nestingLimit) deep in owner 'Loop'"))
            #expect(message.contains("PingConversation -> PingConversation -> PingConversation"))
        }
    }

    @Test func nestingUpToTheLimitIsAllowed() throws {
        let owner = Owner()
        let probe = Probe("A", journal)
        probe.onPing = { [unowned owner] value in
            if value < CommunicationCenter.nestingLimit {
                owner.center.send((any PingConversation).self) { $0.ping(value + 1) }
            }
        }
        try owner.attach(probe)
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(pings().count == CommunicationCenter.nestingLimit)
    }

    /// A dispatch that reaches nobody nests nothing: made at the deepest level allowed, it
    /// answers "nobody" rather than stopping the program, with a tracer or without (and so on the
    /// careful path as on the fast one).
    @Test(arguments: [false, true])
    func aDispatchToNobodyAtTheNestingLimitDoesNotCountAsALevel(traced: Bool) throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        if traced { owner.addObserver(ConversationGraph()) }
        let probe = Probe("A", journal)
        var nobodyAnswered: [Bool] = []
        probe.onPing = { [unowned owner] value in
            if value < CommunicationCenter.nestingLimit {
                owner.center.send((any PingConversation).self) { $0.ping(value + 1) }
            } else {
                let sent = owner.center.send((any FormConversation).self) { try? $0.validate() }
                let first = owner.center.first((any NameQuery).self) { $0.nickname }
                let all = owner.center.all((any PriceQuery).self) { $0.price }
                nobodyAnswered = [sent == 0, first == nil, all.isEmpty]
            }
        }
        try owner.attach(probe)
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(pings().count == CommunicationCenter.nestingLimit)
        #expect(nobodyAnswered == [true, true, true])
        #expect(diagnostics.conversations == ["FormConversation", "NameQuery", "PriceQuery"])
    }

    /// Detached and attached again during a dispatch, a controller is a newcomer: it hears the
    /// message in flight at most once, whether it had heard it before it left or not.
    @Test(arguments: [false, true])
    func aControllerReattachedDuringADispatchHearsItAtMostOnce(traced: Bool) throws {
        let owner = Owner()
        if traced { owner.addObserver(ConversationGraph()) }
        let probes = ["A", "B", "C"].map { Probe($0, journal) }
        try owner.attach(probes)
        owner.center.send((any PingConversation).self) { $0.ping(0) }
        let (a, c) = (probes[0], probes[2])
        // A moves C (not reached yet) to the end; B moves A (reached already) to the end.
        a.onPing = { [unowned owner] value in
            if value == 1 {
                try? owner.detach(c)
                try? owner.attach(c)
            }
        }
        probes[1].onPing = { [unowned owner] value in
            if value == 1 {
                try? owner.detach(a)
                try? owner.attach(a)
            }
        }
        journal.clear()
        let reached = owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(reached == 2)
        #expect(
            pings() == [.ping("A", 1), .ping("B", 1), .ping("B", 2), .ping("C", 2), .ping("A", 2)])
    }

    /// The same during a lifecycle fan-out: a controller a sibling detaches and attaches again
    /// before its turn is caught up once, and the fan-out skips its old place.
    @Test(arguments: [false, true])
    func aControllerReattachedDuringALoadIsLoadedOnce(traced: Bool) throws {
        let owner = Owner()
        if traced { owner.addObserver(ConversationGraph()) }
        let probes = ["A", "B"].map { Probe($0, journal) }
        try owner.attach(probes)
        let second = probes[1]
        probes[0].onLifecycle = { [unowned owner] event in
            guard event == .didLoad else { return }
            try? owner.detach(second)
            try? owner.attach(second)
        }
        journal.clear()
        try owner.didLoad()
        #expect(
            journal.events == [
                .lifecycle("A", .didLoad), .detached("B"), .attached("B"), .lifecycle("B", .didLoad),
            ])
        #expect(owner.state(of: second) == .loaded)
    }
}
