import BCKit
import Testing

@MainActor
@Suite struct MemoryTests {
    let journal = Journal()

    /// Attaches probes, sends so tables are cached, and optionally installs a tracer.
    func populatedOwner(traced: Bool) throws -> (Owner, [Probe]) {
        let owner = Owner()
        if traced { owner.addObserver(ConversationGraph()) }
        let probes = ["A", "B"].map { Probe($0, journal) }
        try owner.attach(probes)
        try owner.show()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        return (owner, probes)
    }

    @Test(arguments: [false, true])
    func aDetachedControllerIsFreed(traced: Bool) throws {
        let (owner, probes) = try populatedOwner(traced: traced)
        weak let leaving = probes[0]
        try owner.detach(probes[0])
        _ = consume probes
        #expect(leaving == nil)
        #expect(owner.controllers.count == 1)
    }

    @Test(arguments: [false, true])
    func tearingDownFreesEveryController(traced: Bool) throws {
        var (owner, probes) = try populatedOwner(traced: traced)
        weak let first = probes[0]
        weak let second = probes[1]
        probes = []
        try owner.tearDown()
        #expect(first == nil && second == nil)
        weak let gone = owner
        owner = Owner()
        #expect(gone == nil)
    }

    @Test(arguments: [false, true])
    func droppingTheOwnerFreesItAndItsControllers(traced: Bool) throws {
        var (owner, probes): (Owner?, [Probe]) = try populatedOwner(traced: traced)
        weak let weakOwner = owner
        weak let first = probes[0]
        probes = []
        owner = nil
        #expect(weakOwner == nil)
        #expect(first == nil)
    }

    /// A fan-out walks the owner's own array and keeps it aside when a callback changes it; what
    /// it keeps goes when the delivery returns, so a controller that leaves from inside a
    /// lifecycle callback (or from `ownerWillReuse`, which walks its own snapshot) is freed then.
    @Test(arguments: [LifecycleEvent.didLoad, .willAppear, .willDisappear, nil])
    func aControllerThatLeavesDuringALifecycleDeliveryIsFreedWhenItReturns(during event: LifecycleEvent?) throws {
        let owner = Owner()
        var leaving: Optional = Leaving(during: event)
        weak let gone = leaving
        try owner.attach([Probe("A", journal), leaving.unsafelyUnwrapped, Probe("B", journal)])
        leaving = nil
        try owner.didLoad()
        try owner.willAppear()
        try owner.didAppear()
        if event == .willDisappear { try owner.willDisappear() }
        if event == nil { try owner.prepareForReuse() }
        #expect(gone == nil)
        #expect(owner.controllers.count == 2)
    }

    @Test func nestedOwnersAreFreedWithTheirParent() throws {
        var page: Owner? = Owner()
        var child: Owner? = Owner()
        try page?.attach(child!)
        try child?.attach(Probe("A", journal))
        weak let weakChild = child
        child = nil
        #expect(weakChild != nil)
        page = nil
        #expect(weakChild == nil)
    }

    /// A host may drop its screen from inside a controller's callback: the send in flight still
    /// reaches everyone it started with, then the owner and its controllers are freed.
    @Test(arguments: [false, true])
    func droppingTheOwnerFromInsideASendFinishesItThenFreesEverything(traced: Bool) throws {
        weak var weakOwner: Owner?
        weak var first: Probe?
        weak var second: Probe?
        do {
            var owner: Owner? = Owner()
            if traced { owner?.addObserver(ConversationGraph()) }
            let probes = ["A", "B"].map { Probe($0, journal) }
            try owner?.attach(probes)
            (weakOwner, first, second) = (owner, probes[0], probes[1])
            probes[0].onPing = { _ in owner = nil }
            let reached = probes[0].center.send((any PingConversation).self) { $0.ping(1) }
            #expect(reached == 2)
            #expect(weakOwner == nil)
            #expect(probes.allSatisfy { $0.owner == nil })
            let diagnostics = appWideDiagnostics {
                #expect(probes[1].center.send((any PingConversation).self) { $0.ping(2) } == 0)
            }
            #if DEBUG
                #expect(diagnostics.map(\.cause) == [.senderNotAttached])
            #endif
        }
        #expect(journal.events.filter { if case .ping = $0 { true } else { false } } == [.ping("A", 1), .ping("B", 1)])
        #expect(weakOwner == nil && first == nil && second == nil)
    }

    /// How a controller leaves its owner.
    enum Departure: CaseIterable {
        case detached, detachedInABatch, tornDown, ownerDropped
    }

    /// The owner keeps the center a controller sent through only while the controller is
    /// attached: however it leaves, it is freed.
    @Test(arguments: Departure.allCases)
    func aControllerThatSentThroughItsCenterIsFreedWhenItLeaves(_ departure: Departure) throws {
        var owner: Owner? = Owner()
        weak var sender: Probe?
        do {
            let probes = [Probe("A", journal), Probe("B", journal)]
            try owner?.attach(probes)
            #expect(probes[0].center.send((any PingConversation).self) { $0.ping(1) } == 2)
            sender = probes[0]
            switch departure {
            case .detached: try owner?.detach(probes[0])
            case .detachedInABatch: try owner?.detach(probes)
            case .tornDown: try owner?.tearDown()
            case .ownerDropped: owner = nil
            }
        }
        #expect(sender == nil)
    }

    /// A center kept after its owner is dropped keeps no controller and no retained message alive
    /// and reaches nobody: the owner's own center, and a controller's made while it was attached
    /// (which keeps its controller, the sender, alone).
    @Test func aCenterKeptAfterItsOwnerIsDroppedHoldsNoControllerAndReachesNobody() throws {
        var owner: Owner? = Owner()
        weak var first: Probe?
        weak var captured: Journal?
        let ownersCenter: CommunicationCenter
        let controllersCenter: CommunicationCenter
        do {
            let probes = [Probe("A", journal), Probe("B", journal)]
            try owner?.attach(probes)
            owner?.center.send((any PingConversation).self) { $0.ping(1) }
            let journal = Journal()
            owner?.center.sendRetained((any NameQuery).self, message: "nickname") { _ in _ = journal }
            (first, captured, ownersCenter, controllersCenter) = (probes[0], journal, owner!.center, probes[1].center)
        }
        owner = nil
        #expect(first == nil)
        #expect(captured == nil)
        var reached: [Int] = []
        let diagnostics = appWideDiagnostics {
            reached.append(ownersCenter.send((any PingConversation).self) { $0.ping(2) })
            reached.append(controllersCenter.send((any PingConversation).self) { $0.ping(3) })
        }
        #expect(reached == [0, 0])
        #if DEBUG
            #expect(diagnostics.map(\.cause) == [.senderNotAttached])
        #endif
        #expect(journal.events.filter { if case .ping = $0 { true } else { false } } == [.ping("A", 1), .ping("B", 1)])
    }

    /// A controller freed with its owner may still touch the kit from `deinit`: by then it has no
    /// owner, so it reaches nobody, retains nothing and starts nothing.
    @Test func aControllerFreedWithItsOwnerCanSendFromItsDeinit() throws {
        let outcome = DeinitOutcome()
        var owner: Owner? = Owner()
        try owner?.attach([Probe("A", journal), DeinitSender(outcome)])
        try owner?.show()
        let diagnostics = appWideDiagnostics { owner = nil }
        #expect(outcome.reached == [0, 0])
        #if DEBUG
            // Its send and its retained send, each reported: the app-wide handler keeps no record.
            #expect(diagnostics.map(\.cause) == [.senderNotAttached, .senderNotAttached, .taskNeverRuns])
        #else
            #expect(diagnostics.map(\.cause) == [.taskNeverRuns])
        #endif
        #expect(diagnostics.allSatisfy { $0.sender == "DeinitSender" })
    }
}

/// Detaches itself from inside one lifecycle callback, or from `ownerWillReuse` when `event` is
/// `nil`.
@MainActor
final class Leaving: BusinessController {
    weak var owner: Owner?
    let event: LifecycleEvent?

    init(during event: LifecycleEvent?) {
        self.event = event
    }

    private func leave(on event: LifecycleEvent?) {
        if event == self.event { try? owner?.detach(self) }
    }

    func ownerDidLoad() { leave(on: .didLoad) }
    func ownerWillAppear() { leave(on: .willAppear) }
    func ownerWillDisappear() { leave(on: .willDisappear) }
    func ownerWillReuse() { leave(on: nil) }
}

@MainActor
final class DeinitOutcome {
    var reached: [Int] = []
}

/// Sends, retains and starts a task from its `deinit`.
@MainActor
final class DeinitSender: BusinessController {
    weak var owner: Owner?
    let outcome: DeinitOutcome

    init(_ outcome: DeinitOutcome) {
        self.outcome = outcome
    }

    // Released with its owner on the main actor, inside the test.
    deinit {
        MainActor.assumeIsolated {
            outcome.reached.append(center.send((any PingConversation).self) { $0.ping(9) })
            outcome.reached.append(center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(9) })
            task { _ in }
        }
    }
}
