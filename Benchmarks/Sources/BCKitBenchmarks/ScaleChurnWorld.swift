import BCKit
import Foundation

/// Attaching and detaching at scale: N controllers (every other one a ``Listener``, which speaks
/// the four conversations the owner has tables for, as in the fan-out cases) come and go by each
/// route the kit offers, per controller. Every operation starts from an owner set up ahead and
/// untimed (its own controllers, so any number can be ready at once): the timed loop, and the
/// instructions `callgrind.sh` counts with `--prepare`, hold the operation alone.
@MainActor
final class ScaleChurnWorld {
    /// What an operation starts from.
    enum Start {
        /// A new owner and N controllers not attached; with the four tables built (empty) or not.
        case empty(tables: Bool)
        /// An owner with N controllers attached and the four tables built.
        case open
        /// A new owner with the 64 tables of ``Polyglot`` built, and N polyglots not attached.
        case polyglots
        /// A new owner that appeared, and N new owners not attached.
        case owners
        /// An owner with N controllers attached, each with a task waiting on the setup's barrier.
        case waiting
        /// An owner that appeared, with N controllers attached, each repeating a task while it is
        /// appeared, which waits on the setup's barrier and counts its end in the setup's tally.
        case repeating
    }

    /// One owner and its controllers, ready for an operation.
    struct Setup {
        let owner: Owner
        let controllers: [any BusinessController]
        /// What the tasks of a ``Start/waiting`` or ``Start/repeating`` setup wait on.
        var barrier: Barrier<Void>? = nil
        /// How many runs of a ``Start/repeating`` setup ended.
        var ended: Tally? = nil
    }

    let n: Int
    let tally = Tally()
    /// Setups made ahead, so that a callgrind run with and without the operations builds the
    /// same ones and the difference is the operations alone.
    private var ready: [String: [Setup]] = [:]

    init(n: Int) {
        self.n = n
    }

    func makeSetup(_ start: Start) -> Setup {
        let owner = Owner(name: "Churn")
        switch start {
        case .polyglots:
            prepareTalks(owner.center)
            return Setup(owner: owner, controllers: (0..<n).map { _ in Polyglot() })
        case .waiting:
            let barrier = Barrier<Void>("signedIn")
            let controllers = (0..<n).map { _ in Bystander() }
            try! owner.attach(controllers)
            for controller in controllers {
                controller.task { context in _ = try? await context.wait(for: barrier) }
            }
            // The tasks reach their wait once the main actor runs them: the run loop drains its queue.
            while barrier.waiterCount < n { _ = RunLoop.main.run(mode: .default, before: .distantPast) }
            return Setup(owner: owner, controllers: controllers, barrier: barrier)
        case .repeating:
            let barrier = Barrier<Void>("signedIn")
            let ended = Tally()
            for event in [LifecycleEvent.didLoad, .willAppear, .didAppear] { try! owner.handle(event) }
            let controllers = (0..<n).map { _ in Bystander() }
            try! owner.attach(controllers)
            for controller in controllers {
                controller.repeatWhileAppeared { context in
                    _ = try? await context.wait(for: barrier)
                    ended.bump()
                }
            }
            while barrier.waiterCount < n { _ = RunLoop.main.run(mode: .default, before: .distantPast) }
            return Setup(owner: owner, controllers: controllers, barrier: barrier, ended: ended)
        case .owners:
            for event in [LifecycleEvent.didLoad, .willAppear, .didAppear] { try! owner.handle(event) }
            return Setup(owner: owner, controllers: (0..<n).map { Owner(name: "Level \($0 + 1)") })
        case .empty, .open:
            let controllers: [any BusinessController] = (0..<n).map { index in
                index % 2 == 0 ? Listener(tally: tally) as any BusinessController : Bystander()
            }
            if case .empty(tables: false) = start { return Setup(owner: owner, controllers: controllers) }
            if case .open = start { try! owner.attach(controllers) }
            prepareFour(owner.center)
            return Setup(owner: owner, controllers: controllers)
        }
    }

    /// Makes `count` setups for the case `name` ahead of its runs.
    func prepare(_ count: Int, for name: String) {
        guard let operation = operations[name] else { return }
        ready[name, default: []] += (0..<count).map { _ in makeSetup(operation.start) }
    }

    /// The operations by the name `callgrind.sh` passes, each with what it starts from, the label
    /// the table prints and the check that it did its work.
    var operations: [String: (label: String, start: Start, run: (Setup) -> Void, check: (Setup) -> Bool)] {
        [
            "scale-batch-open": (
                "batch open", .empty(tables: false),
                { setup in
                    try! setup.owner.attach(setup.controllers)
                    prepareFour(setup.owner.center)
                }, { $0.owner.controllers.count == $0.controllers.count }
            ),
            "scale-single-attach": (
                "kit", .empty(tables: true),
                { setup in
                    for controller in setup.controllers { try! setup.owner.attach(controller) }
                }, { $0.owner.controllers.count == $0.controllers.count }
            ),
            "scale-tear-down": (
                "tear-down", .open, { try! $0.owner.tearDown() }, { $0.owner.controllers.isEmpty }
            ),
            // The tear-down abandons each task's wait, last controller first; the tasks end later.
            "scale-tear-down-waiting": (
                "tear-down, tasks waiting on a barrier", .waiting, { try! $0.owner.tearDown() },
                { $0.owner.controllers.isEmpty && $0.barrier?.waiterCount == 0 }
            ),
            // A visible screen closed for good: it disappears, which cancels each controller's
            // repeating run; the runs end (the run loop drains the main actor's queue) while the
            // repeating tasks are still registered; then the tear-down forgets them, last
            // controller first.
            "scale-tear-down-repeating": (
                "disappear + tear-down, repeating tasks", .repeating,
                { setup in
                    try! setup.owner.willDisappear()
                    try! setup.owner.didDisappear()
                    while setup.ended!.count < setup.controllers.count {
                        _ = RunLoop.main.run(mode: .default, before: .distantPast)
                    }
                    try! setup.owner.tearDown()
                }, { $0.owner.controllers.isEmpty && $0.ended?.count == $0.controllers.count }
            ),
            "scale-batch-detach": (
                "kit", .open, { try! $0.owner.detach($0.controllers) }, { $0.owner.controllers.isEmpty }
            ),
            "scale-detach-forward": (
                "kit", .open,
                { setup in
                    for controller in setup.controllers { try! setup.owner.detach(controller) }
                }, { $0.owner.controllers.isEmpty }
            ),
            "scale-detach-reverse": (
                "kit", .open,
                { setup in
                    for controller in setup.controllers.reversed() { try! setup.owner.detach(controller) }
                }, { $0.owner.controllers.isEmpty }
            ),
            "scale-64-attach-detach": (
                "kit", .polyglots,
                { setup in
                    for controller in setup.controllers { try! setup.owner.attach(controller) }
                    for controller in setup.controllers { try! setup.owner.detach(controller) }
                }, allDetached
            ),
            // Per level of a chain of nested owners, each attached into the deepest so far, under a
            // root that appeared: each joins its parent and catches up with the appearance.
            "scale-nest-chain": (
                "kit", .owners,
                { setup in
                    var deepest = setup.owner
                    for case let nested as Owner in setup.controllers {
                        try! deepest.attach(nested)
                        deepest = nested
                    }
                }, { ($0.controllers.last as? Owner)?.state == .appeared }
            ),
            "scale-64-batch-open-close": (
                "batch open + tear-down", .polyglots,
                { setup in
                    try! setup.owner.attach(setup.controllers)
                    try! setup.owner.tearDown()
                }, allDetached
            ),
        ]
    }

    /// The case `name` as a side of a comparison: ns per controller, the setups untimed.
    func runner(_ name: String) -> Runner {
        guard let operation = operations[name] else { fatalError("no churn case named \(name)") }
        return Runner(label: operation.label, operations: n, expectedCalls: 0, tally: tally) { [self] iterations in
            var setups = ready[name, default: []]
            ready[name] = nil
            while setups.count < iterations { setups.append(makeSetup(operation.start)) }
            let start = now()
            for index in 0..<iterations { operation.run(setups[index]) }
            let elapsed = now() - start
            for index in 0..<iterations {
                precondition(operation.check(setups[index]), "\(name): the operation did not do its work")
            }
            ready[name] = Array(setups.dropFirst(iterations))
            return elapsed
        }
    }
}

/// Whether every controller of `setup` left its owner. A plain loop: a closure handed to the
/// standard library's `allSatisfy` from main-actor code pays a runtime executor check per
/// element, which callgrind.sh would count in the operation.
@MainActor
func allDetached(_ setup: ScaleChurnWorld.Setup) -> Bool {
    for controller in setup.controllers where controller.owner != nil {
        return false
    }
    return setup.owner.controllers.isEmpty
}

/// Builds the tables of the four conversations a ``Listener`` speaks.
@MainActor
func prepareFour(_ center: CommunicationCenter) {
    center.prepare((any Ping).self)
    center.prepare((any OpenPing).self)
    center.prepare((any ValueQuery).self)
    center.prepare((any LookupQuery).self)
}
