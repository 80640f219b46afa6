import BCKit
import Testing

@MainActor
@Suite struct OwnerAttachmentTests {
    let journal = Journal()

    @Test(arguments: [
        (LifecycleState.initial, [LifecycleEvent]()),
        (.loaded, [.didLoad]),
        (.appearing, [.didLoad, .willAppear]),
        (.appeared, [.didLoad, .willAppear, .didAppear]),
    ])
    func aLateControllerIsCaughtUpBeforeItReceivesAnything(state: LifecycleState, missed: [LifecycleEvent]) throws {
        let owner = Owner()
        try owner.attach(Probe("early", journal))
        for event in [LifecycleEvent.didLoad, .willAppear, .didAppear] where owner.state != state {
            try owner.handle(event)
        }
        journal.clear()
        let late = Probe("late", journal)
        try owner.attach(late)
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            journal.events(of: "late")
                == [.attached("late")] + missed.map { .lifecycle("late", $0) } + [.ping("late", 1)]
        )
        #expect(late.owner === owner)
        #expect(owner.state(of: late) == state)
    }

    @Test func aControllerSendingDuringItsCatchUpDoesNotHearItself() throws {
        let owner = Owner()
        try owner.attach(Probe("early", journal))
        try owner.didLoad()
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned owner] _ in owner.center.send((any PingConversation).self) { $0.ping(7) } }
        journal.clear()
        try owner.attach(late)
        #expect(journal.events == [.attached("late"), .lifecycle("late", .didLoad), .ping("early", 7)])
    }

    @Test func detachingAVisibleControllerClosesItsAppearanceThenSaysGoodbye() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        let probe = Probe("A", journal)
        try owner.attach(probe)
        try owner.show()
        journal.clear()
        try owner.detach(probe)
        #expect(journal.events == [.lifecycle("A", .willDisappear), .lifecycle("A", .didDisappear), .detached("A")])
        #expect(probe.owner == nil)
        #expect(owner.controllers.isEmpty)
        #expect(owner.center.send((any PingConversation).self) { $0.ping(1) } == 0)
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    @Test func aDetachedControllerCanStillSendFromItsGoodbye() throws {
        let owner = Owner()
        final class Leaver: BusinessController {
            weak var owner: Owner?
            func willDetach(from owner: Owner) {
                owner.center.send((any PingConversation).self) { $0.ping(99) }
            }
        }
        try owner.attach([Probe("stay", journal), Leaver()])
        try owner.detach(owner.controllers[1])
        #expect(journal.events(of: "stay").last == .ping("stay", 99))
    }

    @Test func attachingTheSameControllerTwiceIsRefused() throws {
        let owner = Owner()
        let probe = Probe("A", journal)
        try owner.attach(probe)
        #expect(throws: OwnerError.alreadyAttached("Probe")) { try owner.attach(probe) }
        #expect(owner.controllers.count == 1)
    }

    @Test func attachingAControllerOfAnotherOwnerIsRefused() throws {
        let first = Owner()
        let second = Owner()
        let probe = Probe("A", journal)
        try first.attach(probe)
        #expect(throws: OwnerError.attachedElsewhere("Probe")) { try second.attach(probe) }
        #expect(probe.owner === first)
        #expect(second.controllers.isEmpty)
    }

    @Test(arguments: [Int(Int16.max) + 1, Int(Int16.min) - 1, Int.max])
    func aPriorityOutsideSixteenBitsIsRefused(priority: Int) {
        let owner = Owner()
        let probe = Probe("A", journal)
        #expect(throws: OwnerError.priorityOutOfRange(priority)) { try owner.attach(probe, priority: priority) }
        #expect(owner.controllers.isEmpty && probe.owner == nil)
    }

    @Test func detachingAStrangerIsRefused() {
        let owner = Owner()
        #expect(throws: OwnerError.notAttached("Silent")) { try owner.detach(Silent()) }
    }

    @Test func attachingManyChecksAllBeforeAttachingAny() throws {
        let owner = Owner()
        let other = Owner()
        let taken = Silent()
        try other.attach(taken)
        #expect(throws: OwnerError.attachedElsewhere("Silent")) {
            try owner.attach([Probe("A", journal), taken])
        }
        #expect(owner.controllers.isEmpty)
        #expect(journal.events.isEmpty)
        let probe = Probe("B", journal)
        #expect(throws: OwnerError.alreadyAttached("Probe")) { try owner.attach([probe, probe]) }
        #expect(owner.controllers.isEmpty)
    }

    @Test func aBatchAttachedDuringAFanOutIsCaughtUpAndTheFanOutGoesOnOnce() throws {
        // The batch outgrows the owner's array, which moves while the fan-out walks it.
        let owner = Owner()
        let first = Probe("first", journal)
        let rest = (0..<3).map { Probe("r\($0)", journal) }
        try owner.attach([first] + rest)
        let batch = (0..<40).map { Probe("b\($0)", journal) }
        first.onLifecycle = { [unowned owner] event in
            if event == .didLoad { try? owner.attach(batch) }
        }
        try owner.didLoad()
        for probe in rest + batch {
            #expect(journal.events(of: probe.name).filter { $0 == .lifecycle(probe.name, .didLoad) }.count == 1)
        }
        #expect(owner.controllers.count == 44)
        #expect(journal.events(of: "r0").last == .lifecycle("r0", .didLoad))
    }

    @Test(arguments: [2, 40])
    func aBatchReportsItsFirstRefusalInListOrder(extra: Int) throws {
        // Small batches compare pairs, large ones hash: both report the refusal met first.
        let owner = Owner()
        let other = Owner()
        let taken = Silent()
        try other.attach(taken)
        let twice = Probe("twice", journal)
        let fillers: [any BusinessController] = (0..<extra).map { _ in Silent() }
        #expect(throws: OwnerError.attachedElsewhere("Silent")) {
            try owner.attach([taken] + fillers + [twice, twice])
        }
        #expect(throws: OwnerError.alreadyAttached("Probe")) {
            try owner.attach(fillers + [twice, twice, taken])
        }
        #expect(owner.controllers.isEmpty)
    }

    @Test func detachingManyGoesLastFirstAndChecksAllFirst() throws {
        let owner = Owner()
        let probes = ["A", "B", "C"].map { Probe($0, journal) }
        try owner.attach(probes)
        #expect(throws: OwnerError.notAttached("Silent")) { try owner.detach([probes[0], Silent()]) }
        #expect(owner.controllers.count == 3)
        journal.clear()
        try owner.detach([probes[0], probes[2]])
        #expect(journal.events == [.detached("C"), .detached("A")])
        #expect(owner.controllers.map { ($0 as! Probe).name } == ["B"])
    }

    /// A batch leaves the conversations and the owner's order at once, then says goodbye last
    /// first: what one of them sends from its goodbye reaches the controllers that stay and none
    /// of the batch, neither one that said goodbye already nor one still waiting for its turn.
    /// With 200 silent controllers before them, the batch is small beside the owner and taken out
    /// one by one; without, in one pass.
    @Test(arguments: [0, 200])
    func aBatchFallsSilentTogetherThenSaysGoodbyeLastFirst(fillers: Int) throws {
        let owner = Owner()
        try owner.attach((0..<fillers).map { _ in Silent() })
        let first = GoodbyeProbe("A", journal)
        let second = GoodbyeProbe("B", journal)
        let third = GoodbyeProbe("C", journal)
        try owner.attach([Probe("S1", journal), first, Probe("S2", journal), second, third])
        try owner.show()
        var seen: (controllers: Int, refusal: OwnerError?, firstOwner: Owner?)?
        third.onDetach = { [unowned owner] in
            owner.center.send((any PingConversation).self) { $0.ping(1) }
            var refusal: OwnerError?
            do throws(OwnerError) { try owner.detach(first) } catch { refusal = error }
            seen = (owner.controllers.count, refusal, first.owner)
        }
        journal.clear()
        try owner.detach([third, first, second])
        #expect(
            journal.events == [
                .lifecycle("C", .willDisappear), .lifecycle("C", .didDisappear), .detached("C"),
                .ping("S1", 1), .ping("S2", 1),
                .lifecycle("B", .willDisappear), .lifecycle("B", .didDisappear), .detached("B"),
                .lifecycle("A", .willDisappear), .lifecycle("A", .didDisappear), .detached("A"),
            ]
        )
        #expect(seen?.controllers == fillers + 2)
        #expect(seen?.refusal == .notAttached("GoodbyeProbe"))
        #expect(seen?.firstOwner === owner)
        #expect([first, second, third].allSatisfy { $0.owner == nil })
        journal.clear()
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(journal.events == [.ping("S1", 2), .ping("S2", 2)])
    }

    /// The batch has left as a whole before the first goodbye, so what any of its controllers
    /// retained is not replayed to a controller attached during a goodbye.
    @Test(arguments: [0, 200])
    func aBatchsRetainedMessagesAreNotReplayedDuringItsGoodbyes(fillers: Int) throws {
        let owner = Owner()
        try owner.attach((0..<fillers).map { _ in Silent() })
        let first = GoodbyeProbe("A", journal)
        let last = GoodbyeProbe("C", journal)
        try owner.attach([first, last])
        first.center.sendRetained((any PingConversation).self, message: "retained") { $0.ping(5) }
        last.onDetach = { [unowned owner] in try? owner.attach(Probe("N", self.journal)) }
        journal.clear()
        try owner.detach([first, last])
        #expect(journal.events == [.detached("C"), .attached("N"), .detached("A")])
    }

    /// A batch that names a controller twice is refused with nothing changed: every controller
    /// it named still gets the lifecycle, and a later detach still silences it.
    @Test(arguments: [0, 200])
    func aRefusedBatchLeavesItsControllersAsTheyWere(fillers: Int) throws {
        let owner = Owner()
        try owner.attach((0..<fillers).map { _ in Silent() })
        let probes = ["A", "B"].map { Probe($0, journal) }
        try owner.attach(probes)
        #expect(throws: OwnerError.notAttached("Probe")) { try owner.detach([probes[0], probes[1], probes[0]]) }
        #expect(owner.controllers.count == fillers + 2)
        journal.clear()
        try owner.didLoad()
        try owner.detach(probes[0])
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            journal.events == [
                .lifecycle("A", .didLoad), .lifecycle("B", .didLoad), .detached("A"), .ping("B", 1),
            ]
        )
    }

    /// A batch detached by a receiver of a send misses the rest of that send, and its controllers
    /// are freed when the send returns.
    @Test(arguments: [0, 200])
    func aBatchDetachedDuringASendMissesTheRestOfItAndIsFreedAfter(fillers: Int) throws {
        let owner = Owner()
        try owner.attach((0..<fillers).map { _ in Silent() })
        let sender = Probe("S", journal)
        let staying = Probe("T", journal)
        weak var gone: Probe?
        do {
            let leaving = ["A", "B"].map { Probe($0, journal) }
            gone = leaving[1]
            try owner.attach([sender, leaving[0], staying, leaving[1]])
            // Let go of the batch from inside the send, so only the kit could keep it.
            sender.onPing = { [unowned owner, unowned sender] _ in
                try? owner.detach(leaving)
                sender.onPing = nil
            }
        }
        journal.clear()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(gone == nil)
        #expect(journal.events == [.ping("S", 1), .detached("B"), .detached("A"), .ping("T", 1)])
        journal.clear()
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(journal.events == [.ping("S", 2), .ping("T", 2)])
    }

    /// Past a few controllers the owner finds a controller's attachment through an index, and the
    /// tables free slots at either end without moving entries: a script of attaches (some with a
    /// priority, so they go first or in the middle) and detaches in scrambled order, checked after
    /// each step against the order a plain list keeps.
    @Test(arguments: [5, 40, 300])
    func attachingAndDetachingInAnyOrderKeepsTheOrderAndTheReceivers(count: Int) throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        owner.center.prepare((any PingConversation).self)
        owner.center.prepare((any NameQuery).self)
        var expected: [(probe: Probe, priority: Int)] = []
        var detached: [Probe] = []
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func check() {
            let names = expected.map(\.probe.name)
            #expect(owner.controllers.map { ($0 as! Probe).name } == names)
            journal.clear()
            #expect(owner.center.send((any PingConversation).self) { $0.ping(0) } == names.count)
            #expect(journal.events == names.map { .ping($0, 0) })
        }
        for index in 0..<count {
            let probe = Probe("P\(index)", journal)
            let priority = index % 7 == 0 ? random(3) - 1 : 0
            try owner.attach(probe, priority: priority)
            let place = expected.firstIndex { $0.priority < priority } ?? expected.count
            expected.insert((probe, priority), at: place)
        }
        check()
        for step in 0..<count {
            if step % 5 == 4, let again = detached.popLast() {
                try owner.attach(again)
                expected.append((again, 0))
                let place = expected.firstIndex { $0.priority < 0 } ?? expected.count - 1
                expected.insert(expected.removeLast(), at: place)
            } else if !expected.isEmpty {
                // The first, the last, or one in between.
                let position = [0, expected.count - 1, random(expected.count)][step % 3]
                let leaving = expected.remove(at: position).probe
                try owner.detach(leaving)
                #expect(leaving.owner == nil)
                #expect(owner.state(of: leaving) == nil)
                detached.append(leaving)
            }
            check()
        }
        try owner.detach(expected.map(\.probe))
        expected.removeAll()
        check()
        #expect(diagnostics.reported.allSatisfy { $0.cause == .unhandledMessage })
    }

    /// Detaching from the front frees slots before a table's first receiver; a newcomer then goes
    /// last, into storage whose end is full, and the receivers move down to make room.
    @Test func newcomersAfterDetachesFromTheFrontGoLastInOrder() throws {
        let owner = Owner()
        let probes = (0..<40).map { Probe("P\($0)", journal) }
        try owner.attach(probes)
        owner.center.prepare((any PingConversation).self)
        for probe in probes.prefix(15) {
            try owner.detach(probe)
        }
        let newcomers = (40..<60).map { Probe("P\($0)", journal) }
        for newcomer in newcomers {
            try owner.attach(newcomer)
        }
        let first = Probe("first", journal)
        try owner.attach(first, priority: 1)
        journal.clear()
        owner.center.send((any PingConversation).self) { $0.ping(2) }
        let names = ["first"] + (probes.dropFirst(15) + newcomers).map(\.name)
        #expect(journal.events == names.map { .ping($0, 2) })
        #expect(owner.controllers.map { ($0 as! Probe).name } == names)
        #expect(owner.description.hasPrefix("Owner 'Owner' (initial), 46 controllers:\n  1. Probe"))
        try owner.tearDown()
        #expect(owner.controllers.isEmpty)
        #expect((probes + newcomers + [first]).allSatisfy { $0.owner == nil })
    }

    @Test func aBatchDetachNamingAControllerTwiceAmongManyDetachesNone() throws {
        let owner = Owner()
        let probes = (0..<40).map { Probe("P\($0)", journal) }
        try owner.attach(probes)
        journal.clear()
        #expect(throws: OwnerError.notAttached("Probe")) { try owner.detach(probes + [probes[17]]) }
        #expect(journal.events.isEmpty)
        #expect(owner.controllers.count == 40)
        try owner.detach(probes.reversed() + [])
        #expect(journal.events == probes.reversed().map { .detached($0.name) })
    }

    @Test func aDetachedControllerCanJoinAnotherOwner() throws {
        let first = Owner()
        let second = Owner()
        let probe = Probe("A", journal)
        try first.attach(probe)
        try first.detach(probe)
        try second.attach(probe)
        #expect(probe.owner === second)
    }

    @Test func theHostIsReachableTypedAndHeldWeakly() throws {
        final class Screen {}
        var screen: Screen? = Screen()
        let owner = Owner(host: screen)
        #expect(owner.host(as: Screen.self) === screen)
        #expect(owner.host(as: Owner.self) == nil)
        weak let gone = screen
        screen = nil
        #expect(gone == nil)
        #expect(owner.host == nil)
    }

    @Test func detachingTwiceIsRefusedTheSecondTimeAndChangesNothing() throws {
        let owner = Owner()
        let probe = Probe("A", journal)
        try owner.attach([probe, Probe("B", journal)])
        try owner.detach(probe)
        journal.clear()
        #expect(throws: OwnerError.notAttached("Probe")) { try owner.detach(probe) }
        #expect(throws: OwnerError.notAttached("Probe")) { try owner.detach([probe]) }
        let other = owner.controllers[0]
        #expect(throws: OwnerError.notAttached("Probe")) { try owner.detach([other, other]) }
        #expect(journal.events.isEmpty)
        #expect(owner.controllers.count == 1)
    }

    @Test func emptyBatchesChangeNothing() throws {
        let owner = Owner()
        try owner.attach(Probe("A", journal))
        try owner.attach([])
        try owner.detach([])
        #expect(owner.controllers.count == 1)
        #expect(journal.events == [.attached("A")])
    }

    /// Once checked, a batch never throws half-way: a controller a callback moved to another owner
    /// keeps that place, and after a callback tears the owner down the rest are left out.
    @Test func aBatchFollowsWhatItsCallbacksDidWithoutThrowing() throws {
        let elsewhere = Owner()
        let moved = Probe("moved", journal)
        let left = Probe("left", journal)
        let owner = Owner()
        try owner.attach([
            OnArrival { try? elsewhere.attach(moved) }, moved,
            OnArrival { [unowned owner] in try? owner.tearDown() }, left,
        ])
        #expect(moved.owner === elsewhere)
        #expect(left.owner == nil)
        #expect(owner.state == .tornDown)
        #expect(journal.events == [.attached("moved")])
    }

    /// The code of the kit's users, besides `didAttach(to:)`, that runs while a controller is
    /// attached.
    enum OtherCallback: CaseIterable {
        case catchUp, tracer, retainedMessage
    }

    /// A batch reads each controller's `owner` again once code of the kit's users may have run,
    /// also when the earlier controllers leave `didAttach(to:)` to the default: a controller that
    /// an earlier one's catch-up callback, the tracer or a retained message's handler moved to
    /// another owner keeps that place, attached once.
    @Test(arguments: OtherCallback.allCases)
    func aControllerMovedByOtherCallbacksOfAnEarlierOneKeepsThatPlace(movedBy callback: OtherCallback) throws {
        // Learned from an earlier attach: a `QuietMover` leaves `didAttach(to:)` to the default.
        try Owner().attach([QuietMover()])
        let elsewhere = Owner()
        let moved = Probe("moved", journal)
        let first = QuietMover()
        let move = { _ = try? elsewhere.attach(moved) }
        let owner = Owner()
        switch callback {
        case .catchUp:
            try owner.didLoad()
            first.onLoad = move
        case .tracer:
            owner.addObserver(AttachWatcher { if $0 === first { move() } })
        case .retainedMessage:
            owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
            first.onPing = move
        }
        try owner.attach([first, moved])
        #expect(moved.owner === elsewhere)
        #expect(owner.controllers.map { ObjectIdentifier($0) } == [ObjectIdentifier(first)])
        #expect(elsewhere.controllers.count == 1)
        #expect(journal.events == [.attached("moved")])
    }

    /// A controller an observer detaches as it hears it attached says goodbye, and is not greeted
    /// after it.
    @Test func aControllerAnObserverDetachesOnHearingItAttachedIsNotGreetedAfterItsGoodbye() throws {
        let owner = Owner(name: "Screen")
        let probe = Probe("a", journal)
        owner.addObserver(
            AttachWatcher { [unowned owner] controller in
                if controller === probe { try? owner.detach(probe) }
            })
        try owner.attach(probe)
        #expect(probe.owner == nil)
        #expect(owner.controllers.isEmpty)
        #expect(journal.events(of: "a") == [.detached("a")])
    }

    /// An observer that drives the owner, or reuses it, as it hears a controller attached would
    /// reach the controller before its greeting: it is refused, as during any delivery (random
    /// re-entry test, seeds 5120049 and 5120051: the newcomer had did-load before it was attached).
    @Test(arguments: [false, true])
    func anObserverCannotDriveTheOwnerBeforeANewcomerIsGreeted(reusing: Bool) throws {
        let owner = Owner(name: "Screen")
        let probe = Probe("a", journal)
        var refusal: OwnerError?
        owner.addObserver(
            AttachWatcher { [unowned owner] controller in
                guard controller === probe else { return }
                do {
                    if reusing { try owner.prepareForReuse() } else { try owner.didLoad() }
                } catch {
                    refusal = error as? OwnerError
                }
            })
        try owner.attach(probe)
        #expect(refusal == .reentrantLifecycle(reusing ? "prepare for reuse" : "did-load"))
        #expect(journal.events(of: "a") == [.attached("a")])
        #expect(owner.state == .initial)
    }
}

/// Leaves `didAttach(to:)` to the default; runs an action when loaded or pinged.
@MainActor
final class QuietMover: BusinessController, PingConversation {
    weak var owner: Owner?
    var onLoad: (() -> Void)?
    var onPing: (() -> Void)?

    func ownerDidLoad() { onLoad?() }
    func ping(_ value: Int) { onPing?() }
}

/// A tracer that reports each controller attached.
@MainActor
final class AttachWatcher: DispatchTracer {
    let onAttach: (AnyObject?) -> Void

    init(_ onAttach: @escaping (AnyObject?) -> Void) {
        self.onAttach = onAttach
    }

    func didDispatch(_ dispatch: DispatchRecord) {}

    func didObserve(_ event: TraceEvent) {
        if event.kind == .attached { onAttach(event.controller) }
    }
}

/// Runs an action from its `didAttach(to:)`.
@MainActor
final class OnArrival: BusinessController {
    weak var owner: Owner?
    let action: () -> Void

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    func didAttach(to owner: Owner) { action() }
}

/// A recording probe that hears pings and runs an action from its goodbye.
@MainActor
final class GoodbyeProbe: Recording, PingConversation {
    weak var owner: Owner?
    let name: String
    let journal: Journal
    var onLifecycle: ((LifecycleEvent) -> Void)?
    var onDetach: (() -> Void)?

    init(_ name: String, _ journal: Journal) {
        self.name = name
        self.journal = journal
    }

    func ping(_ value: Int) { journal.record(.ping(name, value)) }

    func willDetach(from owner: Owner) {
        journal.record(.detached(name))
        onDetach?()
    }
}
