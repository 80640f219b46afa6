import BCKit
import Testing

/// What the tasks under test report, in order; shared so it outlives the controllers.
@MainActor
private final class TaskLog {
    private(set) var lines: [String] = []
    private var unread: [String] = []
    private var reader: CheckedContinuation<String, Never>?

    func write(_ line: String) {
        lines.append(line)
        if let reader {
            self.reader = nil
            reader.resume(returning: line)
        } else {
            unread.append(line)
        }
    }

    /// Waits for the next line a task writes.
    func next() async -> String {
        if !unread.isEmpty { return unread.removeFirst() }
        return await withCheckedContinuation { reader = $0 }
    }
}

/// Starts a task that reports when it starts and then sleeps until cancelled.
private final class SleeperController: BusinessController, PingConversation {
    weak var owner: Owner?
    let log: TaskLog

    init(log: TaskLog) {
        self.log = log
    }

    @discardableResult
    func sleep() -> Task<Void, Never> {
        let log = log
        return task { context in
            log.write("started, bound: \(context.controller != nil)")
            try? await Task.sleep(for: .seconds(3600))
            log.write("woke, cancelled: \(Task.isCancelled), bound: \(context.controller != nil)")
        }
    }
}

/// Runs one piece of work per appearance.
private final class TickerController: BusinessController {
    weak var owner: Owner?
    let log: TaskLog
    private var runs = 0

    init(log: TaskLog) {
        self.log = log
    }

    func didAttach(to owner: Owner) {
        let log = log
        repeatWhileAppeared { context in
            guard let run = context.controller?.nextRun() else { return }
            log.write("run \(run) started")
            try? await Task.sleep(for: .seconds(3600))
            log.write("run \(run) ended, cancelled: \(Task.isCancelled)")
        }
    }

    private func nextRun() -> Int {
        runs += 1
        return runs
    }
}

/// Registers nothing by itself.
private final class QuietTicker: BusinessController {
    weak var owner: Owner?
}

/// Where ``PlacedRepeater`` registers its repeating work.
enum RepetitionPlace: String, CaseIterable, Sendable {
    case didAttach, ownerDidLoad, ownerWillAppear, ownerDidAppear
}

/// Registers repeating work that sleeps until cancelled, from one callback: the migration trial's
/// refresher registered it from `ownerDidAppear()`, where the screen's `viewDidAppear()` had
/// started its timer.
private final class PlacedRepeater: BusinessController {
    weak var owner: Owner?
    let place: RepetitionPlace

    init(registeringIn place: RepetitionPlace) {
        self.place = place
    }

    func didAttach(to owner: Owner) { register(in: .didAttach) }
    func ownerDidLoad() { register(in: .ownerDidLoad) }
    func ownerWillAppear() { register(in: .ownerWillAppear) }
    func ownerDidAppear() { register(in: .ownerDidAppear) }

    private func register(in callback: RepetitionPlace) {
        guard callback == place else { return }
        repeatWhileAppeared { _ in try? await Task.sleep(for: .seconds(3600)) }
    }
}

/// Attaches a newcomer from its `ownerDidAppear()`, once.
private final class AppearanceAttacher: BusinessController {
    weak var owner: Owner?
    let newcomer: any BusinessController

    init(attaching newcomer: any BusinessController) {
        self.newcomer = newcomer
    }

    func ownerDidAppear() {
        if newcomer.owner == nil { try? owner?.attach(newcomer) }
    }
}

/// Starts a task from its goodbye.
private final class GoodbyeStarter: BusinessController {
    weak var owner: Owner?
    let log: TaskLog
    private(set) var started: Task<Void, Never>?

    init(log: TaskLog) {
        self.log = log
    }

    func willDetach(from owner: Owner) {
        let log = log
        started = task { _ in log.write("ran") }
    }
}

/// Sends from its tasks, synchronously and asynchronously.
private final class ReporterController: BusinessController {
    weak var owner: Owner?

    /// Sends through the owner's center, which sends as the host: only the task's speaker can name
    /// this controller.
    func report() -> Task<Void, Never> {
        task { context in
            await Task.yield()
            context.controller?.owner?.center.send((any PingConversation).self) { $0.ping(1) }
            await context.controller?.owner?.center.send((any PingConversation).self) { _ in await Task.yield() }
        }
    }
}

private final class ListenerController: BusinessController, PingConversation {
    weak var owner: Owner?
}

/// Registers repeating work that returns at once.
private final class OneShotRepeater: BusinessController {
    weak var owner: Owner?

    func didAttach(to owner: Owner) {
        repeatWhileAppeared { _ in }
    }
}

/// Repeats work that sleeps until cancelled, whenever asked; its name tells it apart by `Mark`.
private final class MarkedRepeater<Mark>: BusinessController {
    weak var owner: Owner?

    func repeatSleeping() {
        repeatWhileAppeared { _ in try? await Task.sleep(for: .seconds(3600)) }
    }
}

private enum Left {}
private enum Right {}

/// Hears the tasks start and be cancelled, naming whose: the order of those two is the kit's, that
/// of the ends the executor's.
private final class TaskStartAndCancelTracer: DispatchTracer {
    var events: [String] = []
    func didDispatch(_ dispatch: DispatchRecord) {}
    func didObserve(_ event: TraceEvent) {
        if [.taskStarted, .taskCancelled].contains(event.kind) {
            events.append("\(event.kind) \(event.subject ?? "")")
        }
    }
}

/// Hears the tasks start, finish and be cancelled.
private final class TaskTracer: DispatchTracer {
    var tasks: [TraceEvent.Kind] = []
    func didDispatch(_ dispatch: DispatchRecord) {}
    func didObserve(_ event: TraceEvent) {
        if [.taskStarted, .taskFinished, .taskCancelled].contains(event.kind) { tasks.append(event.kind) }
    }
}

@MainActor
private protocol PollConversation: AnyObject {
    func poll(round: Int) async
}

/// Polls in rounds: each round, an async receiver, starts the next from a controller task.
private final class Poller: BusinessController, PollConversation {
    weak var owner: Owner?
    let rounds: Int
    private var done: CheckedContinuation<Void, Never>?

    init(rounds: Int) {
        self.rounds = rounds
    }

    func poll(round: Int) async {
        guard round < rounds else {
            done?.resume()
            done = nil
            return
        }
        task { context in
            await context.controller?.center.send((any PollConversation).self) { await $0.poll(round: round + 1) }
        }
    }

    /// Polls `rounds` times in an owner of its own, and returns after the last round.
    static func run(rounds: Int) async {
        let owner = Owner(name: "Polling")
        let poller = Poller(rounds: rounds)
        try? owner.attach(poller)
        await withCheckedContinuation { done in
            poller.done = done
            Task { await owner.center.send((any PollConversation).self) { await $0.poll(round: 1) } }
        }
    }
}

private final class TracerLog: DispatchTracer {
    var dispatches: [DispatchRecord] = []
    func didDispatch(_ dispatch: DispatchRecord) { dispatches.append(dispatch) }
}

@MainActor
@Suite struct ControllerTaskTests {
    @Test func aTaskIsCancelledWhenItsControllerDetaches() async throws {
        let log = TaskLog()
        let owner = Owner()
        let sleeper = SleeperController(log: log)
        try owner.attach(sleeper)
        let task = sleeper.sleep()
        #expect(await log.next() == "started, bound: true")

        try owner.detach(sleeper)
        await task.value

        #expect(log.lines.last == "woke, cancelled: true, bound: false")
        #expect(owner.unfinishedTasks.isEmpty)
    }

    @Test func aTaskIsCancelledWhenItsOwnerTearsDown() async throws {
        let log = TaskLog()
        let owner = Owner()
        let sleeper = SleeperController(log: log)
        try owner.attach(sleeper)
        try owner.didLoad()
        let task = sleeper.sleep()
        #expect(await log.next() == "started, bound: true")

        try owner.tearDown()
        await task.value

        #expect(log.lines.last == "woke, cancelled: true, bound: false")
    }

    @Test func aTaskIsCancelledWhenItsOwnerIsReleasedWithoutATearDown() async throws {
        let log = TaskLog()
        weak var released: Owner?
        var task: Task<Void, Never>?
        do {
            let owner = Owner()
            released = owner
            let sleeper = SleeperController(log: log)
            try owner.attach(sleeper)
            try owner.didLoad()
            task = sleeper.sleep()
        }
        #expect(released == nil)

        await task?.value

        // Cancelled before it ever ran: the controller was gone, so the operation never started.
        #expect(log.lines.isEmpty)
    }

    @Test func aRunningTaskIsCancelledWhenItsOwnerIsReleasedWithoutATearDown() async throws {
        let log = TaskLog()
        var owner: Owner? = Owner()
        weak var released: Owner?
        released = owner
        let sleeper = SleeperController(log: log)
        try owner?.attach(sleeper)
        let task = sleeper.sleep()
        #expect(await log.next() == "started, bound: true")

        owner = nil
        #expect(released == nil)
        await task.value

        #expect(log.lines.last == "woke, cancelled: true, bound: false")
    }

    @Test func aSuspendedTaskDoesNotKeepItsDetachedControllerAlive() async throws {
        let log = TaskLog()
        let owner = Owner()
        var sleeper: SleeperController? = SleeperController(log: log)
        weak var freed: SleeperController?
        freed = sleeper
        try owner.attach(sleeper!)
        let task = sleeper!.sleep()
        #expect(await log.next() == "started, bound: true")

        try owner.detach(sleeper!)
        sleeper = nil

        // Freed while the task is still suspended, before it even resumed.
        #expect(freed == nil)
        #expect(owner.unfinishedTasks.count == 1)
        await task.value
        #expect(log.lines.last == "woke, cancelled: true, bound: false")
    }

    @Test func aDetachedControllerKeptElsewhereIsNoLongerReachableFromItsTask() async throws {
        let log = TaskLog()
        let owner = Owner()
        let sleeper = SleeperController(log: log)
        try owner.attach(sleeper)
        let task = sleeper.sleep()
        #expect(await log.next() == "started, bound: true")

        try owner.detach(sleeper)
        await task.value

        // The test still holds the controller, yet the task lost its way back to it.
        #expect(log.lines.last == "woke, cancelled: true, bound: false")
    }

    @Test func aTaskItsCallerCancelsLosesItsControllerToo() async throws {
        let log = TaskLog()
        let owner = Owner()
        let sleeper = SleeperController(log: log)
        try owner.attach(sleeper)
        let task = sleeper.sleep()
        #expect(await log.next() == "started, bound: true")

        task.cancel()
        await task.value

        #expect(log.lines.last == "woke, cancelled: true, bound: false")
        #expect(sleeper.owner === owner)
    }

    @Test func aTaskStartedWhileNotAttachedNeverRunsAndIsReported() async throws {
        let log = TaskLog()
        let sleeper = SleeperController(log: log)
        var task: Task<Void, Never>?
        let beforeAttaching = appWideDiagnostics { task = sleeper.sleep() }
        await task?.value
        #expect(log.lines.isEmpty)

        let owner = Owner()
        try owner.attach(sleeper)
        try owner.tearDown()
        let afterTearDown = appWideDiagnostics { task = sleeper.sleep() }
        await task?.value
        #expect(log.lines.isEmpty)
        for reported in [beforeAttaching, afterTearDown] {
            #expect(reported.map(\.cause) == [.taskNeverRuns])
            #expect(reported.map(\.sender) == ["SleeperController"])
            #expect(reported.map(\.message) == ["task(priority:_:)"])
        }
    }

    /// Registered while not attached, repeating work is dropped: attaching the controller to an
    /// appeared owner later starts nothing.
    @Test func aRepeatingTaskRegisteredWhileNotAttachedNeverRuns() async throws {
        let owner = Owner()
        try owner.show()
        let controller = QuietTicker()
        var runs = 0
        let reported = appWideDiagnostics { controller.repeatWhileAppeared { _ in runs += 1 } }
        #expect(reported.map(\.cause) == [.taskNeverRuns])
        #expect(reported.map(\.message) == ["repeatWhileAppeared(priority:_:)"])
        try owner.attach(controller)
        try owner.willDisappear()
        try owner.didDisappear()
        try owner.willAppear()
        try owner.didAppear()
        #expect(owner.unfinishedTasks.isEmpty)
        await Task.yield()
        #expect(runs == 0)
    }

    /// Registered from an appearance callback, repeating work is registered once more on every
    /// appearance and runs that many times at once: it still works as before, and debug builds
    /// report it, once per controller type (migration trial, finding 2: silent before).
    @Test(arguments: [RepetitionPlace.ownerWillAppear, .ownerDidAppear])
    func aRepetitionRegisteredOnEveryAppearanceIsReportedOncePerControllerType(place: RepetitionPlace) throws {
        let owner = Owner(name: "Goods")
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(PlacedRepeater(registeringIn: place))
        try owner.attach(PlacedRepeater(registeringIn: place))
        try owner.show()
        try owner.willDisappear()
        try owner.didDisappear()
        try owner.willAppear()
        try owner.didAppear()

        #expect(owner.unfinishedTasks.filter { !$0.task.isCancelled }.count == 4)
        #expect(diagnostics.reported.map(\.cause) == [.repetitionRegisteredOnAppearance])
        #expect(diagnostics.reported.map(\.sender) == ["PlacedRepeater"])
        #expect(diagnostics.reported.map(\.owner) == ["Goods"])
        #expect(diagnostics.reported.map(\.message) == ["repeatWhileAppeared(priority:_:)"])
        #expect(diagnostics.reported.allSatisfy { $0.hint.hasPrefix("registered from \(place)(),") })
        try owner.tearDown()
    }

    /// A controller attached to an appeared owner registers from its catch-up's appearance
    /// callback, which its later appearances call again: reported as well.
    @Test(arguments: [RepetitionPlace.ownerWillAppear, .ownerDidAppear])
    func aRepetitionRegisteredFromTheCatchUpsAppearanceIsReported(place: RepetitionPlace) throws {
        let owner = Owner(name: "Goods")
        let diagnostics = owner.collectDiagnostics()
        try owner.show()
        try owner.attach(PlacedRepeater(registeringIn: place))

        #expect(owner.unfinishedTasks.count == 1)
        #expect(diagnostics.reported.map(\.cause) == [.repetitionRegisteredOnAppearance])
        try owner.tearDown()
    }

    /// A controller of a nested owner hears its appearance callbacks from its own owner, which
    /// follows the parent's: registered there, it is reported to the screen, once.
    @Test(arguments: [RepetitionPlace.ownerWillAppear, .ownerDidAppear])
    func aRepetitionRegisteredOnAppearanceInANestedOwnerIsReported(place: RepetitionPlace) throws {
        let screen = Owner(name: "Screen")
        let diagnostics = screen.collectDiagnostics()
        let card = Owner(name: "Card")
        try card.attach(PlacedRepeater(registeringIn: place))
        try screen.attach(card)
        try screen.show()
        try screen.willDisappear()
        try screen.didDisappear()
        try screen.willAppear()
        try screen.didAppear()

        #expect(card.unfinishedTasks.filter { !$0.task.isCancelled }.count == 2)
        #expect(diagnostics.reported.map(\.cause) == [.repetitionRegisteredOnAppearance])
        #expect(diagnostics.reported.map(\.owner) == ["Card"])
        try screen.tearDown()
    }

    /// Registered once, in `didAttach(to:)` or `ownerDidLoad()`, before the owner loads or in a
    /// catch-up, repeating work is no mistake and nothing is reported.
    @Test(arguments: [RepetitionPlace.didAttach, .ownerDidLoad], [false, true])
    func aRepetitionRegisteredOnceIsNotReported(place: RepetitionPlace, attachedWhileAppeared: Bool) throws {
        let owner = Owner(name: "Goods")
        let diagnostics = owner.collectDiagnostics()
        if attachedWhileAppeared { try owner.show() }
        try owner.attach(PlacedRepeater(registeringIn: place))
        if !attachedWhileAppeared { try owner.show() }
        try owner.willDisappear()
        try owner.didDisappear()
        try owner.willAppear()
        try owner.didAppear()

        #expect(owner.unfinishedTasks.filter { !$0.task.isCancelled }.count == 1)
        #expect(diagnostics.reported.isEmpty)
        try owner.tearDown()
    }

    /// A newcomer attached from a sibling's `ownerDidAppear()` registers from its `didAttach(to:)`,
    /// during the appearance but not from a callback of its own that runs on each: not reported.
    @Test func aRepetitionRegisteredInDidAttachDuringAnAppearanceIsNotReported() throws {
        let owner = Owner(name: "Goods")
        let diagnostics = owner.collectDiagnostics()
        let newcomer = PlacedRepeater(registeringIn: .didAttach)
        try owner.attach(AppearanceAttacher(attaching: newcomer))
        try owner.show()

        #expect(newcomer.owner === owner)
        #expect(owner.unfinishedTasks.count == 1)
        #expect(diagnostics.reported.isEmpty)
        try owner.tearDown()
    }

    @Test func aRepeatingTaskRunsWhileAppearedAndRestartsOnEachAppearance() async throws {
        let log = TaskLog()
        let owner = Owner()
        try owner.attach(TickerController(log: log))
        try owner.didLoad()
        try owner.willAppear()
        #expect(owner.unfinishedTasks.isEmpty)

        try owner.didAppear()
        #expect(await log.next() == "run 1 started")
        try owner.willDisappear()
        #expect(await log.next() == "run 1 ended, cancelled: true")
        try owner.didDisappear()
        try owner.willAppear()
        try owner.didAppear()
        #expect(await log.next() == "run 2 started")

        try owner.tearDown()
        #expect(await log.next() == "run 2 ended, cancelled: true")
        #expect(
            log.lines == [
                "run 1 started", "run 1 ended, cancelled: true", "run 2 started", "run 2 ended, cancelled: true",
            ])
    }

    @Test func aRepeatingTaskRegisteredWhileAppearedStartsAtOnceAndACancelledAppearanceStartsNone() async throws {
        let log = TaskLog()
        let owner = Owner()
        try owner.didLoad()
        try owner.willAppear()
        try owner.didAppear()
        try owner.attach(TickerController(log: log))
        #expect(await log.next() == "run 1 started")
        try owner.willDisappear()
        #expect(await log.next() == "run 1 ended, cancelled: true")
        try owner.willAppear()  // the disappearance is cancelled
        try owner.willDisappear()  // and so is the appearance
        try owner.didDisappear()

        #expect(owner.unfinishedTasks.isEmpty)
        #expect(log.lines == ["run 1 started", "run 1 ended, cancelled: true"])
    }

    /// A reuse closes the appearance as a will-disappear does, so it stops the work that runs only
    /// while the screen is visible; the next appearance starts it again.
    @Test func aRepeatingTaskIsCancelledByAReuseAndRestartsOnTheNextAppearance() async throws {
        let log = TaskLog()
        let owner = Owner()
        try owner.attach(TickerController(log: log))
        try owner.show()
        #expect(await log.next() == "run 1 started")

        try owner.prepareForReuse()
        // Checked before waiting for the run to end, so a run left going fails instead of hanging.
        try #require(owner.unfinishedTasks.map(\.task.isCancelled) == [true])
        #expect(await log.next() == "run 1 ended, cancelled: true")
        try owner.willAppear()
        try owner.didAppear()
        #expect(await log.next() == "run 2 started")

        try owner.tearDown()
        #expect(await log.next() == "run 2 ended, cancelled: true")
    }

    /// The repeating tasks of several controllers start on each appearance, and are cancelled on
    /// each disappearance, in the order they were registered, whichever controller registered them.
    @Test(.timeLimit(.minutes(1)))
    func repeatingTasksStartAndAreCancelledInTheOrderTheyWereRegistered() async throws {
        let owner = Owner()
        let tracer = TaskStartAndCancelTracer()
        owner.addObserver(tracer)
        let left = MarkedRepeater<Left>()
        let right = MarkedRepeater<Right>()
        try owner.attach([left, right])
        right.repeatSleeping()
        left.repeatSleeping()
        right.repeatSleeping()
        let registered = ["MarkedRepeater<Right>", "MarkedRepeater<Left>", "MarkedRepeater<Right>"]

        try owner.show()
        #expect(owner.unfinishedTasks.map(\.name) == registered)
        try owner.willDisappear()
        try owner.didDisappear()
        while !owner.unfinishedTasks.isEmpty {
            await withCheckedContinuation { finished in owner.watchNextTaskChange { finished.resume() } }
        }
        try owner.willAppear()
        try owner.didAppear()
        #expect(owner.unfinishedTasks.map(\.name) == registered)
        try owner.detach(right)
        #expect(owner.unfinishedTasks.filter { !$0.task.isCancelled }.map(\.name) == ["MarkedRepeater<Left>"])
        try owner.tearDown()

        let started = registered.map { "task-started \($0)" }
        let cancelled = registered.map { "task-cancelled \($0)" }
        #expect(
            tracer.events
                == started + cancelled + started
                + ["task-cancelled MarkedRepeater<Right>", "task-cancelled MarkedRepeater<Right>"]
                + ["task-cancelled MarkedRepeater<Left>"])
    }

    /// Each start of the repeating tasks is traced: a controller an observer detaches from there,
    /// whose repetitions are forgotten, gets no run started after, which its tear-down would never
    /// cancel (review of this stop's fixes, finding 4).
    @Test(.timeLimit(.minutes(1)))
    func aRepeatingTaskOfAControllerAnObserverDetachesAsTheOwnerAppearsDoesNotStart() async throws {
        let owner = Owner()
        let first = MarkedRepeater<Left>()
        let second = MarkedRepeater<Right>()
        try owner.attach([first, second])
        first.repeatSleeping()
        second.repeatSleeping()
        let tracer = HookTracer()
        tracer.onObserve = { [unowned owner] event in
            guard event.kind == .taskStarted, second.owner != nil else { return }
            try? owner.detach(second)
        }
        owner.addObserver(tracer)
        try owner.show()
        #expect(second.owner == nil)
        #expect(owner.unfinishedTasks.filter { !$0.task.isCancelled }.map(\.name) == ["MarkedRepeater<Left>"])
        try owner.tearDown()
        #expect(owner.unfinishedTasks.allSatisfy { $0.task.isCancelled })
    }

    /// Work a controller starts while it says goodbye would be cancelled before it ran: it never
    /// starts, and that is reported, after a plain detach as after a tear-down (async hunt,
    /// finding 3: the plain detach dropped it without a word).
    @Test(arguments: [false, true])
    func aTaskStartedFromTheGoodbyeNeverRunsAndIsReported(tearingDown: Bool) async throws {
        let log = TaskLog()
        let owner = Owner(name: "Screen")
        let diagnostics = owner.collectDiagnostics()
        let leaving = GoodbyeStarter(log: log)
        try owner.attach(leaving)
        if tearingDown { try owner.tearDown() } else { try owner.detach(leaving) }

        await leaving.started?.value
        #expect(leaving.started != nil)
        #expect(log.lines.isEmpty)
        #expect(owner.unfinishedTasks.isEmpty)
        #expect(diagnostics.reported.map(\.cause) == [.taskNeverRuns])
        #expect(diagnostics.reported.map(\.sender) == ["GoodbyeStarter"])
        #expect(diagnostics.reported.map(\.owner) == ["Screen"])
    }

    /// A repeating run that returned by itself is over: the next will-disappear does not trace it
    /// as cancelled (async hunt, finding 5).
    @Test(.timeLimit(.minutes(1)))
    func aRepeatingRunThatEndedOnItsOwnIsNotTracedAsCancelled() async throws {
        let owner = Owner()
        let tracer = TaskTracer()
        owner.addObserver(tracer)
        try owner.attach(OneShotRepeater())
        try owner.show()
        while !owner.unfinishedTasks.isEmpty {
            await withCheckedContinuation { finished in owner.watchNextTaskChange { finished.resume() } }
        }
        try owner.willDisappear()
        try owner.didDisappear()
        #expect(tracer.tasks == [.taskStarted, .taskFinished])
    }

    /// A poll whose round starts the next one from a controller task nests in nothing: it runs
    /// past the nesting limit of async sends though each round is started by an async receiver
    /// (async hunt, finding 1: the task inherited the receiver's chain, and the program stopped).
    @Test(.timeLimit(.minutes(1)))
    func aPollThatStartsEachRoundFromAControllerTaskRunsPastTheNestingLimit() async {
        await #expect(processExitsWith: .success) {
            await Poller.run(rounds: CommunicationCenter.nestingLimit * 2)
        }
    }

    @Test func sendsFromATaskAreTracedAsSentByItsController() async throws {
        let owner = Owner(name: "Screen")
        let tracer = TracerLog()
        owner.addObserver(tracer)
        let reporter = ReporterController()
        try owner.attach([reporter, ListenerController()])

        await reporter.report().value

        #expect(tracer.dispatches.map(\.kind) == [.send, .send])
        #expect(tracer.dispatches.map(\.sender) == ["ReporterController", "ReporterController"])
        #expect(tracer.dispatches.map(\.receivers) == [["ListenerController"], ["ListenerController"]])
    }

    @Test func sendsFromAPlainTaskStayTheHosts() async throws {
        let owner = Owner(name: "Screen")
        let tracer = TracerLog()
        owner.addObserver(tracer)
        try owner.attach(ListenerController())

        await Task { _ = owner.center.send((any PingConversation).self) { $0.ping(1) } }.value

        #expect(tracer.dispatches.map(\.sender) == [nil])
    }
}
