import Testing

@testable import BCKit

/// Detaching the first controller again and again (a forward detach) empties the front of the
/// owner's order rather than moving the rest; these tests hold the order, the delivery rule and
/// release to what a plain array would give, at sizes on both sides of the index by controller
/// (more than `Owner.scanLimit`) and across the closing-up of the emptied slots.
@MainActor
@Suite struct ForwardDetachTests {
    let journal = Journal()

    /// The owner's probes held weakly, in attach order, so that the test keeps none alive.
    struct Held {
        private let references: [() -> Probe?]

        init(_ probes: [Probe]) {
            references = probes.map { probe in { [weak probe] in probe } }
        }

        /// The probes still alive.
        var alive: [Probe] { references.compactMap { $0() } }
    }

    func names(_ controllers: [any BusinessController]) -> [String] {
        controllers.map { ($0 as! Probe).name }
    }

    func pinged() -> [String] {
        journal.events.compactMap { if case .ping(let name, _) = $0 { name } else { nil } }
    }

    func saw(_ event: LifecycleEvent) -> [String] {
        journal.events.compactMap { if case .lifecycle(let name, event) = $0 { name } else { nil } }
    }

    /// An appeared owner of `count` probes named "0", "1", ... in order.
    func shownOwner(of count: Int) throws -> (Owner, Held) {
        let owner = Owner()
        let probes = (0..<count).map { Probe("\($0)", journal) }
        try owner.attach(probes)
        try owner.show()
        journal.clear()
        return (owner, Held(probes))
    }

    /// After each detach of the first controller: it is freed at once, the others keep their
    /// order, and the next walk (a send, or a lifecycle event up or down) reaches exactly them.
    @Test(arguments: [1, 2, 3, 17, 40, 100])
    func detachingTheFirstControllerOneByOneKeepsOrderAndReachAndFreesEach(count: Int) throws {
        let (owner, held) = try shownOwner(of: count)
        let cycle: [LifecycleEvent] = [.willDisappear, .didDisappear, .willAppear, .didAppear]
        for step in 0..<count {
            try owner.detach(owner.controllers[0])
            let remaining = (step + 1..<count).map { "\($0)" }
            #expect(held.alive.map(\.name) == remaining)
            #expect(names(owner.controllers) == remaining)
            // A heading, then a line per attached controller.
            #expect(owner.description.split(separator: "\n").count == remaining.count + 1)
            journal.clear()
            // A send to nobody is reported as a diagnostic, which is not what this test is about.
            if step.isMultiple(of: 2), !remaining.isEmpty {
                owner.center.send((any PingConversation).self) { $0.ping(step) }
                #expect(pinged() == remaining)
            } else {
                let event = cycle[(step / 2) % cycle.count]
                try owner.handle(event)
                #expect(saw(event) == (event.isUp ? remaining : remaining.reversed()))
            }
        }
        #expect(owner.controllers.isEmpty)
    }

    /// A controller that detaches the first controllers from inside a send: the send reaches the
    /// receivers present when it started minus those that left, and the ones that left are freed
    /// once it returns.
    @Test(arguments: [3, 40, 100])
    func detachingTheFirstControllersDuringASendFollowsTheDeliveryRule(count: Int) throws {
        let (owner, held) = try shownOwner(of: count)
        // Warm the table, so the send below walks it while the detaches change it.
        owner.center.send((any PingConversation).self) { $0.ping(0) }
        journal.clear()
        held.alive[0].onPing = { [unowned owner] _ in
            // Itself, reached already, then the next one, not reached yet.
            try? owner.detach(owner.controllers[0])
            try? owner.detach(owner.controllers[0])
        }
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        let remaining = (2..<count).map { "\($0)" }
        #expect(pinged() == ["0"] + remaining)
        #expect(held.alive.map(\.name) == remaining)
        #expect(names(owner.controllers) == remaining)
    }

    /// The same inside an up lifecycle event, whose fan-out walks the owner's order itself.
    @Test(arguments: [3, 40, 100])
    func detachingTheFirstControllersDuringAFanOutFollowsTheDeliveryRule(count: Int) throws {
        let (owner, held) = try shownOwner(of: count)
        try owner.willDisappear()
        try owner.didDisappear()
        journal.clear()
        held.alive[0].onLifecycle = { [unowned owner] event in
            guard event == .willAppear else { return }
            try? owner.detach(owner.controllers[0])
            try? owner.detach(owner.controllers[0])
        }
        try owner.willAppear()
        let remaining = (2..<count).map { "\($0)" }
        #expect(saw(.willAppear) == ["0"] + remaining)
        #expect(held.alive.map(\.name) == remaining)
        #expect(names(owner.controllers) == remaining)
    }

    /// After forward detaches, a controller that goes first takes an emptied slot; a batch
    /// detach, then a tear-down, still see every controller once, in order, and free them.
    @Test(arguments: [6, 40, 300])
    func anOrderWithEmptiedSlotsTakesAFirstControllerABatchDetachAndATearDown(count: Int) throws {
        let (owner, held) = try shownOwner(of: count)
        for _ in 0..<count / 3 {
            try owner.detach(owner.controllers[0])
        }
        let first = Probe("first", journal)
        try owner.attach(first, priority: 1)
        var expected = ["first"] + (count / 3..<count).map { "\($0)" }
        #expect(names(owner.controllers) == expected)
        journal.clear()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(pinged() == expected)

        let controllers = owner.controllers
        try owner.detach([controllers[1], controllers[expected.count - 1]])
        _ = consume controllers
        expected.remove(at: expected.count - 1)
        expected.remove(at: 1)
        #expect(names(owner.controllers) == expected)
        #expect(held.alive.count == expected.count - 1)

        journal.clear()
        try owner.tearDown()
        #expect(saw(.willDisappear) == expected.reversed())
        #expect(held.alive.isEmpty)
    }
}
