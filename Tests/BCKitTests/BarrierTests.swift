import BCKit
import Testing

/// What waiting controllers saw, in order.
@MainActor
final class WaitLog {
    private(set) var entries: [String] = []

    func record(_ entry: String) { entries.append(entry) }
}

/// A controller that waits on a barrier from one of its tasks and writes down how the wait ended.
@MainActor
final class Waiting: BusinessController {
    weak var owner: Owner?
    let name: String
    let log: WaitLog

    init(_ name: String, _ log: WaitLog) {
        self.name = name
        self.log = log
    }

    @discardableResult
    func wait(for barrier: Barrier<String>) -> Task<Void, Never> {
        let (name, log) = (name, log)
        return task { context in
            do throws(BarrierCancellation) {
                let value = try await context.wait(for: barrier)
                log.record("\(name) got \(value)")
            } catch {
                log.record("\(name) \(error.isAbandoned ? "abandoned" : "cancelled")")
            }
        }
    }
}

/// Lets the main actor run until `condition` holds, so a task reaches its wait; fails after many
/// turns rather than hanging.
@MainActor
func turns(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    for _ in 0..<10_000 {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("the condition never held", sourceLocation: sourceLocation)
}

/// Counts arrivals and lets a test wait, with no polling, until as many as it expects came.
@MainActor
final class Arrivals {
    private var count = 0
    private let expected: Int
    private var waiter: CheckedContinuation<Void, Never>?

    init(expecting expected: Int) {
        self.expected = expected
    }

    func arrive() {
        count += 1
        guard count == expected, let waiter else { return }
        self.waiter = nil
        waiter.resume()
    }

    /// Returns once every expected arrival came.
    func all() async {
        guard count < expected else { return }
        await withCheckedContinuation { waiter = $0 }
    }
}

/// Keeps the owners a test made alive until the test ends: Swift may release an object after its
/// last use, and an owner released without a tear-down cancels its controllers' tasks.
@MainActor
final class OwnerKeeper {
    private(set) var owners: [Owner] = []

    func keep(_ owner: Owner) { owners.append(owner) }
}

@MainActor
@Suite struct BarrierTests {
    let log = WaitLog()
    let keeper = OwnerKeeper()

    /// An owner with the named waiting controllers attached and loaded, kept for the whole test
    /// unless `kept` is `false`.
    private func owner(_ names: [String], kept: Bool = true) throws -> (Owner, [Waiting]) {
        let owner = Owner(name: "Screen")
        let waiting = names.map { Waiting($0, log) }
        try owner.attach(waiting)
        try owner.didLoad()
        if kept { keeper.keep(owner) }
        return (owner, waiting)
    }

    /// Starts each controller's wait, in order, and lets each reach the barrier.
    private func startWaiting(_ waiting: [Waiting], on barrier: Barrier<String>) async -> [Task<Void, Never>] {
        var tasks: [Task<Void, Never>] = []
        for controller in waiting {
            let before = barrier.waiterCount
            tasks.append(controller.wait(for: barrier))
            await turns { barrier.waiterCount == before + 1 }
        }
        return tasks
    }

    // MARK: - Re-entrant and nested

    /// A controller detached while it waits is resumed during the detach, with an abandonment,
    /// leaves the queue at once, and never gets the value.
    @Test func aWaiterWhoseControllerDetachesIsAbandonedDuringTheDetachAndNeverGetsTheValue() async throws {
        let (owner, waiting) = try owner(["A", "B"])
        let barrier = Barrier<String>("signedIn")
        let tasks = await startWaiting(waiting, on: barrier)
        let heard = DetachWatch(barrier)
        owner.addObserver(heard)

        try owner.detach(waiting[0])
        #expect(barrier.waiterCount == 1)
        #expect(heard.waitersWhenDetached == ["A 1"])
        barrier.overcome(with: "ada")
        for task in tasks { await task.value }

        // Both tasks were resumed before the test awaited; which runs first is the executor's choice.
        #expect(log.entries.sorted() == ["A abandoned", "B got ada"])
    }

    /// Resuming the first waiter detaches a later one (a callback waiter, as a held navigation
    /// is): the later one is abandoned, once, and never gets the value.
    @Test func aWaiterDetachedWhileTheWaitersAreResumedIsAbandonedNotGivenTheValue() async throws {
        let (owner, waiting) = try owner(["B"])
        let barrier = Barrier<String>("signedIn")
        var order: [String] = []
        _ = barrier.wait { [unowned owner] result in
            order.append("first \((try? result.get()) ?? "-")")
            try? owner.detach(waiting[0])
        }
        let tasks = await startWaiting(waiting, on: barrier)
        barrier.overcome(with: "ada")
        for task in tasks { await task.value }

        #expect(order == ["first ada"])
        #expect(log.entries == ["B abandoned"])
    }

    /// Cancelled, a waiter that waits again at once joins the next round, which calls
    /// `whenNeeded` again; the rest of the cancelled round is cancelled once each.
    @Test func aWaiterThatWaitsAgainWhileARoundIsCancelledStartsTheNextRound() async throws {
        var rounds = 0
        let barrier = Barrier<String>("signedIn") { _ in rounds += 1 }
        var outcomes: [String] = []
        func join(_ name: String, again: Bool) {
            _ = barrier.wait { result in
                outcomes.append("\(name) \((try? result.get()) ?? "cancelled")")
                if again { join(name + "'", again: false) }
            }
        }
        join("first", again: true)
        join("second", again: false)
        #expect(rounds == 1)
        barrier.cancel()
        #expect(rounds == 2)
        #expect(barrier.waiterCount == 1)
        barrier.overcome(with: "ada")

        #expect(outcomes == ["first cancelled", "second cancelled", "first' ada"])
    }

    /// A task whose child tasks wait on two barriers at once has both waits abandoned when its
    /// controller detaches: neither stays queued to hold the next round, so the next waiter of the
    /// barrier starts one and `whenNeeded` runs again (the login screen opens again).
    @Test(.timeLimit(.minutes(1)))
    func twoWaitsOfOneTaskAreBothAbandonedWhenItsControllerDetaches() async throws {
        let (owner, waiting) = try owner(["A", "B"])
        let joined = Arrivals(expecting: 2)
        let signedIn = Barrier<String>("signedIn") { [log] _ in
            log.record("sign-in round")
            joined.arrive()
        }
        let terms = Barrier<Void>("terms") { _ in joined.arrive() }
        let both = waiting[0].task { [log] context in
            await withTaskGroup(of: String.self) { group in
                group.addTask { (try? await context.wait(for: signedIn)) ?? "no user" }
                group.addTask { (try? await context.wait(for: terms)) == nil ? "no terms" : "terms" }
                for await outcome in group { log.record(outcome) }
            }
        }
        await joined.all()
        #expect(signedIn.waiterCount == 1)
        #expect(terms.waiterCount == 1)

        try owner.detach(waiting[0])
        // Required, not expected: a wait left queued would never end, nor would the task.
        try #require(signedIn.waiterCount == 0)
        try #require(terms.waiterCount == 0)
        await both.value
        let rejoined = Arrivals(expecting: 1)
        signedIn.whenNeeded = { [log] _ in
            log.record("sign-in round")
            rejoined.arrive()
        }
        let next = waiting[1].wait(for: signedIn)
        await rejoined.all()
        #expect(signedIn.waiterCount == 1)
        signedIn.overcome(with: "ada")
        await next.value

        #expect(log.entries.prefix(1) == ["sign-in round"])
        #expect(log.entries.dropFirst(1).prefix(2).sorted() == ["no terms", "no user"])
        #expect(log.entries.dropFirst(3) == ["sign-in round", "B got ada"])
    }

    /// Waiters that leave in any order, most of the queue, keep the others queued in the order they
    /// started waiting; once all left, the next wait starts a round.
    @Test func waitersLeavingInAnyOrderKeepTheOthersInTheirOrder() {
        var rounds = 0
        let barrier = Barrier<String>("signedIn") { _ in rounds += 1 }
        var outcomes: [String] = []
        let waits = (0..<10).compactMap { index in
            barrier.wait { result in outcomes.append("\(index) \((try? result.get()) ?? "abandoned")") }
        }
        for index in [9, 0, 4, 5, 8, 1, 2] {
            waits[index].withdraw()
        }
        #expect(barrier.waiterCount == 3)
        barrier.overcome(with: "ada")
        #expect(outcomes.suffix(3) == ["3 ada", "6 ada", "7 ada"])

        barrier.reset()
        let left = barrier.wait { result in outcomes.append("left \((try? result.get()) ?? "abandoned")") }
        left?.withdraw()
        #expect(barrier.waiterCount == 0)
        _ = barrier.wait { result in outcomes.append("next \((try? result.get()) ?? "abandoned")") }
        #expect(rounds == 3)
        barrier.overcome(with: "bob")
        #expect(outcomes.suffix(2) == ["left abandoned", "next bob"])
    }

    /// Tearing the owner down abandons every wait during the tear-down, last controller first, as
    /// it detaches them.
    @Test func tearingTheOwnerDownAbandonsEveryWait() async throws {
        let (owner, waiting) = try owner(["A", "B"])
        let barrier = Barrier<String>("signedIn")
        let tasks = await startWaiting(waiting, on: barrier)
        let heard = DetachWatch(barrier)
        owner.addObserver(heard)

        try owner.tearDown()
        #expect(heard.waitersWhenDetached == ["B 1", "A 0"])
        barrier.overcome(with: "ada")
        for task in tasks { await task.value }

        // The order the resumed tasks run in is the executor's choice, not the kit's.
        #expect(log.entries.sorted() == ["A abandoned", "B abandoned"])
    }

    /// A wait in a nested owner is abandoned when the parent tears the tree down.
    @Test func aWaitInANestedOwnerIsAbandonedWithTheTree() async throws {
        let page = Owner(name: "Page")
        keeper.keep(page)
        let nested = Owner(name: "Nested")
        let controller = Waiting("N", log)
        try nested.attach(controller)
        try page.attach(nested)
        try page.didLoad()
        let barrier = Barrier<String>("termsAccepted")
        let task = controller.wait(for: barrier)
        await turns { barrier.waiterCount == 1 }

        try page.tearDown()
        #expect(barrier.waiterCount == 0)
        await task.value
        #expect(log.entries == ["N abandoned"])
    }

    /// The wait keeps neither the controller nor its owner: both are freed as soon as the
    /// controller detaches, and the barrier holds no waiter.
    @Test func aWaitKeepsNeitherItsControllerNorItsOwner() async throws {
        let barrier = Barrier<String>("signedIn")
        weak var controller: Waiting?
        weak var weakOwner: Owner?
        var task: Task<Void, Never>?
        do {
            let (owner, waiting) = try owner(["A"], kept: false)
            controller = waiting[0]
            weakOwner = owner
            task = waiting[0].wait(for: barrier)
            await turns { barrier.waiterCount == 1 }
            try owner.detach(waiting[0])
        }
        #expect(controller == nil)
        #expect(weakOwner == nil)
        #expect(barrier.waiterCount == 0)
        await task?.value
        #expect(log.entries == ["A abandoned"])
    }

    /// An owner released without a tear-down cancels its tasks: the wait is abandoned soon after,
    /// never left hanging, and nothing is kept.
    @Test func anOwnerReleasedWithoutATearDownAbandonsTheWait() async throws {
        let barrier = Barrier<String>("signedIn")
        weak var controller: Waiting?
        var (owner, waiting): (Owner?, [Waiting]) = try owner(["A"], kept: false)
        controller = waiting[0]
        let task = waiting[0].wait(for: barrier)
        waiting = []
        await turns { barrier.waiterCount == 1 }
        withExtendedLifetime(owner) {}
        owner = nil

        #expect(controller == nil)
        await task.value
        #expect(barrier.waiterCount == 0)
        #expect(log.entries == ["A abandoned"])
    }

    /// A task cancelled through its handle abandons its wait.
    @Test func aTaskCancelledThroughItsHandleAbandonsTheWait() async throws {
        let (_, waiting) = try owner(["A", "B"])
        let barrier = Barrier<String>("signedIn")
        let tasks = await startWaiting(waiting, on: barrier)
        tasks[0].cancel()
        await tasks[0].value
        #expect(barrier.waiterCount == 1)
        barrier.overcome(with: "ada")
        await tasks[1].value
        #expect(log.entries == ["A abandoned", "B got ada"])
    }

    /// A task cancelled through its handle while it waits, with the barrier overcome in the same
    /// turn (before the wait leaves the queue), still abandons its wait and never gets the value.
    @Test func aTaskCancelledJustBeforeTheBarrierIsOvercomeAbandonsTheWait() async throws {
        let (_, waiting) = try owner(["A", "B"])
        let barrier = Barrier<String>("signedIn")
        let tasks = await startWaiting(waiting, on: barrier)
        tasks[0].cancel()
        barrier.overcome(with: "ada")
        await tasks[0].value
        await tasks[1].value
        // Which of the two resumed tasks runs first is the executor's choice: A ran second once,
        // on a loaded machine under the address sanitizer.
        #expect(log.entries.sorted() == ["A abandoned", "B got ada"])
    }

    /// A task of `repeatWhileAppeared` waiting when the owner disappears is abandoned then.
    @Test func aWaitWhileAppearedIsAbandonedWhenTheOwnerDisappears() async throws {
        let owner = Owner()
        keeper.keep(owner)
        let controller = Waiting("A", log)
        try owner.attach(controller)
        let barrier = Barrier<String>("signedIn")
        controller.repeatWhileAppeared { [log] context in
            let outcome = try? await context.wait(for: barrier)
            log.record(outcome ?? "abandoned")
        }
        try owner.show()
        await turns { barrier.waiterCount == 1 }
        try owner.willDisappear()
        #expect(barrier.waiterCount == 0)
        await turns { !log.entries.isEmpty }
        #expect(log.entries == ["abandoned"])
    }

    // MARK: - The rule

    @Test func overcomingResumesEveryWaiterInOrderOnceWithTheValue() async throws {
        let (_, waiting) = try owner(["A", "B", "C"])
        let barrier = Barrier<String>("signedIn")
        let tasks = await startWaiting(waiting, on: barrier)
        barrier.overcome(with: "ada")
        #expect(barrier.waiterCount == 0)
        barrier.overcome(with: "bob")
        for task in tasks { await task.value }

        // Each task runs when the executor next takes it up, so only the resumes are ordered.
        #expect(log.entries.sorted() == ["A got ada", "B got ada", "C got ada"])
        #expect(barrier.value == "bob")
    }

    /// The order of the resumes themselves, seen where they happen: in the barrier's queue.
    @Test(arguments: [true, false])
    func theQueueResumesItsWaitersInTheOrderTheyJoined(overcoming: Bool) {
        let barrier = Barrier<String>("signedIn")
        var resumed: [String] = []
        for name in ["A", "B", "C"] {
            _ = barrier.wait { result in resumed.append("\(name) \((try? result.get()) ?? "cancelled")") }
        }
        if overcoming { barrier.overcome(with: "ada") } else { barrier.cancel() }
        let outcome = overcoming ? "ada" : "cancelled"
        #expect(resumed == ["A \(outcome)", "B \(outcome)", "C \(outcome)"])
    }

    @Test func cancellingResumesEveryWaiterInOrderOnceWithACancellationItCanTellApart() async throws {
        let (_, waiting) = try owner(["A", "B"])
        let barrier = Barrier<String>("signedIn")
        let tasks = await startWaiting(waiting, on: barrier)
        barrier.cancel()
        barrier.cancel()
        for task in tasks { await task.value }

        #expect(log.entries.sorted() == ["A cancelled", "B cancelled"])
        #expect(!barrier.isOvercome)
    }

    @Test func theCancellationIsThrownTyped() async throws {
        let (_, waiting) = try owner(["A"])
        let barrier = Barrier<String>("terms")
        let task = waiting[0].task { [log] context in
            do throws(BarrierCancellation) {
                _ = try await context.wait(for: barrier)
            } catch {
                // Typed: `error` is a BarrierCancellation.
                log.record("\(error == .cancelled("terms")) \(error.isAbandoned) \(error.barrier)")
            }
        }
        await turns { barrier.waiterCount == 1 }
        barrier.cancel()
        await task.value
        #expect(log.entries == ["true false terms"])
    }

    /// An overcome barrier returns at once: no round starts and nobody joins a queue.
    @Test func anOvercomeBarrierReturnsAtOnce() async throws {
        let (_, waiting) = try owner(["A"])
        var rounds = 0
        let barrier = Barrier<String>("signedIn") { _ in rounds += 1 }
        barrier.overcome(with: "ada")
        await waiting[0].wait(for: barrier).value
        let born = Barrier("restored", overcomeWith: "bob")
        await waiting[0].wait(for: born).value

        #expect(log.entries == ["A got ada", "A got bob"])
        #expect(rounds == 0)
    }

    /// `whenNeeded` starts each round once; one that overcomes the barrier at once resumes the
    /// waiter straight away.
    @Test func whenNeededStartsEachRoundOnceAndMayOvercomeAtOnce() async throws {
        let (_, waiting) = try owner(["A", "B"])
        var rounds = 0
        let barrier = Barrier<String>("signedIn") { _ in rounds += 1 }
        let tasks = await startWaiting(waiting, on: barrier)
        #expect(rounds == 1)
        barrier.cancel()
        for task in tasks { await task.value }

        let storedToken = Barrier<String>("signedIn") { $0.overcome(with: "token") }
        await waiting[0].wait(for: storedToken).value
        #expect(storedToken.waiterCount == 0)
        // The two cancelled tasks were resumed together; which ran first is the executor's choice.
        #expect(log.entries.prefix(2).sorted() == ["A cancelled", "B cancelled"])
        #expect(Array(log.entries.dropFirst(2)) == ["A got token"])
    }

    /// Reset closes an overcome barrier: the next wait starts a round.
    @Test func resetClosesItAgain() async throws {
        let (_, waiting) = try owner(["A"])
        var rounds = 0
        let barrier = Barrier<String>("signedIn") { _ in rounds += 1 }
        barrier.overcome(with: "ada")
        barrier.reset()
        #expect(barrier.value == nil)
        let task = waiting[0].wait(for: barrier)
        await turns { barrier.waiterCount == 1 }
        #expect(rounds == 1)
        barrier.overcome(with: "bob")
        await task.value
        #expect(log.entries == ["A got bob"])
    }

    /// A task whose controller left while it was busy elsewhere is abandoned as it starts to
    /// wait: it never joins the queue nor starts a round.
    @Test func aWaitStartedAfterTheControllerLeftIsAbandonedAtOnce() async throws {
        let (owner, waiting) = try owner(["A"])
        var rounds = 0
        let barrier = Barrier<String>("signedIn") { _ in rounds += 1 }
        // The task is held elsewhere until the test lets it go: a yield let it reach its wait
        // before the detach on a loaded machine (address sanitizer, CI of e86f3f9).
        let elsewhere = Arrivals(expecting: 1)
        let task = waiting[0].task { [log] context in
            log.record("busy")
            await elsewhere.all()
            do throws(BarrierCancellation) {
                _ = try await context.wait(for: barrier)
            } catch {
                log.record(error.isAbandoned ? "abandoned" : "cancelled")
            }
        }
        await turns { !log.entries.isEmpty }
        try owner.detach(waiting[0])
        elsewhere.arrive()
        await task.value
        #expect(log.entries == ["busy", "abandoned"])
        #expect(barrier.waiterCount == 0)
        #expect(rounds == 0)
    }

    @Test func aVoidBarrierIsOvercomeWithoutAValue() async throws {
        let owner = Owner()
        keeper.keep(owner)
        let controller = Waiting("A", log)
        try owner.attach(controller)
        let terms = Barrier<Void>("termsAccepted")
        let task = controller.task { [log] context in
            if (try? await context.wait(for: terms)) != nil { log.record("accepted") }
        }
        await turns { terms.waiterCount == 1 }
        terms.overcome()
        await task.value
        #expect(log.entries == ["accepted"])
        #expect(terms.description == "Barrier 'termsAccepted' (overcome)")
    }
}

/// How many waiters a barrier had when each controller's detach was reported.
@MainActor
private final class DetachWatch: DispatchTracer {
    let barrier: Barrier<String>
    /// Each detached waiting controller's name, with the waiters the barrier held just after.
    private(set) var waitersWhenDetached: [String] = []

    init(_ barrier: Barrier<String>) {
        self.barrier = barrier
    }

    func didDispatch(_ dispatch: DispatchRecord) {}

    func didObserve(_ event: TraceEvent) {
        guard event.kind == .detached, let waiting = event.controller as? Waiting else { return }
        waitersWhenDetached.append("\(waiting.name) \(barrier.waiterCount)")
    }
}

/// A task a barrier resumed is due on the main actor until it runs: BCKitTesting's `advance`,
/// `overcome` and `cancel` must not judge it quiet meanwhile (CI, stop 50: on a machine short of
/// CPU, `finish()` after `cancel` found such a task still running).
@MainActor
@Suite struct BarrierResumeTests {
    @Test(arguments: [false, true])
    func aResumedWaitIsDueUntilItsTaskRuns(cancelling: Bool) async throws {
        let owner = Owner(name: "Checkout")
        let log = WaitLog()
        let waiting = Waiting("buyer", log)
        try owner.attach(waiting)
        let terms = Barrier<String>("terms")
        let task = waiting.wait(for: terms)
        await turns(until: { terms.waiterCount == 1 })
        #expect(owner.unfinishedTasks.map(\.isResuming) == [false])

        if cancelling { terms.cancel() } else { terms.overcome(with: "accepted") }

        #expect(owner.unfinishedTasks.map(\.isResuming) == [true])
        #expect(owner.unfinishedTasks.map(\.barriers) == [[]])
        await task.value
        #expect(owner.unfinishedTasks.isEmpty)
        #expect(log.entries == [cancelling ? "buyer cancelled" : "buyer got accepted"])
    }

    @Test func aResumedTaskThatWaitsAgainIsNoLongerDue() async throws {
        let owner = Owner(name: "Checkout")
        let log = WaitLog()
        let waiting = Waiting("buyer", log)
        try owner.attach(waiting)
        let first = Barrier<String>("first")
        let second = Barrier<String>("second")
        let task = waiting.task { context in
            _ = try? await context.wait(for: first)
            _ = try? await context.wait(for: second)
        }
        await turns(until: { first.waiterCount == 1 })
        first.overcome(with: "one")
        await turns(until: { second.waiterCount == 1 })
        #expect(owner.unfinishedTasks.map(\.isResuming) == [false])
        second.cancel()
        await task.value
        #expect(owner.unfinishedTasks.isEmpty)
    }
}
