/// An owner's side table of the tasks its controllers started with
/// ``BusinessController/task(priority:_:)`` and ``BusinessController/repeatWhileAppeared(priority:_:)``.
///
/// It keeps every run until the run finishes, also after its controller left, so the testing
/// harness can wait for work that was cancelled but has not reached its next suspension yet.
///
/// Only its owner holds it, so it goes when an owner is released without a tear-down, and its
/// `deinit` cancels every task then. A plain `deinit`, not an `isolated` one, which needs the
/// Swift 6.2 runtime's back-deployment on older systems: it reads only the `Sendable` task
/// handles.
@MainActor
final class ControllerTasks {
    /// One started task.
    @MainActor
    final class Run {
        let controller: ObjectIdentifier
        let name: String
        /// Its place among the runs its table started.
        let order: Int
        /// Cuts the operation's way back to its controller.
        let release: @MainActor () -> Void
        var task: Task<Void, Never>?
        private(set) var isCancelled = false
        /// Whether the operation has begun: until then the task waits for the main actor.
        var hasStarted = false
        /// What the run sleeps on, while it does (``ControllerTaskContext/sleep(for:tolerance:)``):
        /// several when its child tasks sleep at once, each kept until its own sleep ends. Equal
        /// texts tell the same, so an ending sleep takes away any one of its text.
        private(set) var sleeps: [String] = []
        /// The barrier waits the run is suspended in, while it is (``ControllerTaskContext/wait(for:)``):
        /// several when its child tasks wait at once, each kept until it is resumed, and every one
        /// withdrawn when the run is cancelled.
        private(set) var barrierWaits: [BarrierWait] = []

        init(controller: ObjectIdentifier, name: String, order: Int, release: @escaping @MainActor () -> Void) {
            self.controller = controller
            self.name = name
            self.order = order
            self.release = release
        }

        /// What the run waits on inside the kit, while it does: its sleeps, then its barriers.
        var waiting: String? {
            let names = barrierWaits.map { "'\($0.barrier)'" }
            let barriers = names.isEmpty ? [] : ["waiting on barrier \(names.joined(separator: " and "))"]
            let waits = sleeps + barriers
            return waits.isEmpty ? nil : waits.joined(separator: " and ")
        }

        func cancel() {
            guard !isCancelled else { return }
            isCancelled = true
            release()
            // Resumed now, during the detach, rather than once the task notices its cancellation;
            // each withdrawal resumes its wait, which leaves `barrierWaits`, so a copy is walked.
            for wait in barrierWaits {
                wait.withdraw()
            }
            task?.cancel()
        }

        /// How many of the run's waits were resumed and have not run since: the task is due on the
        /// main actor, not waiting on anything, though nothing of it has changed yet.
        private(set) var resuming = 0

        /// The run no longer waits in `wait`: it was resumed, and is due to run.
        func stopWaiting(in wait: BarrierWait) {
            barrierWaits.removeAll { $0 === wait }
            resuming += 1
        }

        /// A wait the run was resumed from has run again.
        func finishResuming() {
            resuming -= 1
        }

        fileprivate func startWaiting(in wait: BarrierWait) {
            barrierWaits.append(wait)
        }

        /// The run began a sleep that `sleep` describes.
        func startSleeping(_ sleep: String) {
            sleeps.append(sleep)
        }

        /// A sleep of the run that `sleep` describes ended: it woke, or was cancelled.
        func stopSleeping(_ sleep: String) {
            if let index = sleeps.firstIndex(of: sleep) { sleeps.remove(at: index) }
        }
    }

    /// A task that runs while the owner is appeared: started on each did-appear, cancelled on
    /// each will-disappear.
    @MainActor
    final class Repetition {
        let controller: ObjectIdentifier
        /// Its place among the repeating tasks its table registered: they start in that order.
        let order: Int
        /// Starts one run; `nil` once the controller is gone.
        let launch: @MainActor (ControllerTasks) -> Run?
        /// The run of this appearance, until it is cancelled or ends on its own.
        var current: Run?

        init(controller: ObjectIdentifier, order: Int, launch: @escaping @MainActor (ControllerTasks) -> Run?) {
            self.controller = controller
            self.order = order
            self.launch = launch
        }
    }

    /// Runs not finished yet, by controller, each controller's in the order they started: a
    /// controller's leaving and a run's end touch only its controller's runs, so tearing down N
    /// controllers with their tasks costs the same per controller whatever N.
    private var runsByController: [ObjectIdentifier: [Run]] = [:]
    /// How many runs were started, to number the next.
    private var startedCount = 0
    /// The clock the owner's tasks wait through, when set on this owner rather than inherited.
    var clock: (any Clock<Duration>)?
    /// Repeating tasks, by controller, as `runsByController` keeps runs and for the same reason.
    private var repetitionsByController: [ObjectIdentifier: [Repetition]] = [:]
    /// How many repeating tasks were registered, to number the next.
    private var registeredCount = 0
    /// Repeating tasks, in the order they were registered.
    private var repetitions: [Repetition] {
        repetitionsByController.values.joined().sorted { $0.order < $1.order }
    }
    /// The task of every run in `runs`, by run, for `deinit`, which may read only what is
    /// `Sendable`.
    private var handles: [ObjectIdentifier: Task<Void, Never>] = [:]
    /// Runs not finished yet, in the order they started.
    var runs: [Run] {
        runsByController.values.joined().sorted { $0.order < $1.order }
    }
    /// The owner whose tracer hears the tasks start and end; held weakly, as the owner holds this.
    weak var owner: Owner?
    /// Called once, at the next change a waiter of the tasks cares for: a run finished, or one
    /// began to wait on a barrier.
    private var watchers: [@MainActor () -> Void] = []

    deinit {
        for task in handles.values {
            task.cancel()
        }
    }

    /// Starts one run of `operation` for `controller`, attributed to it.
    func start<Controller: BusinessController>(
        for controller: Controller,
        priority: TaskPriority?,
        _ operation: @escaping @MainActor (ControllerTaskContext<Controller>) async -> Void
    ) -> Run {
        let binding = ControllerTaskContext<Controller>.Binding(controller)
        let speaker = Speaker.identity(of: controller)
        let name = speaker.name
        let run = Run(controller: ObjectIdentifier(controller), name: name, order: startedCount) {
            binding.controller = nil
        }
        startedCount += 1
        runsByController[run.controller, default: []].append(run)
        let context = ControllerTaskContext(binding: binding, run: run)
        let id = ObjectIdentifier(run)
        // The task holds the run and the binding, never the controller; the table only weakly,
        // since an owner released without a tear-down must not wait for its tasks.
        run.task = Task(priority: priority) { [weak self] in
            run.hasStarted = true
            if !Task.isCancelled, binding.controller != nil {
                // An unstructured task copies the task-local values of the code that started it:
                // started by an async receiver, it would count its sends as nested in that
                // receiver's, and a poll that starts its next round this way would reach the
                // nesting limit though every send returned. The task nests in nothing.
                await AsyncNesting.$chain.withValue([]) {
                    await Speaker.$taskSpeaker.withValue(speaker) {
                        await CurrentControllerTask.$run.withValue(id) {
                            await operation(context)
                        }
                    }
                }
            }
            self?.didFinish(run)
        }
        handles[ObjectIdentifier(run)] = run.task
        owner?.traceTask(.taskStarted, of: name)
        return run
    }

    /// Registers a task that runs while the owner is appeared, and starts it if it is.
    func repeatWhileAppeared<Controller: BusinessController>(
        for controller: Controller,
        isAppeared: Bool,
        priority: TaskPriority?,
        _ operation: @escaping @MainActor (ControllerTaskContext<Controller>) async -> Void
    ) {
        let repetition = Repetition(controller: ObjectIdentifier(controller), order: registeredCount) {
            [weak controller] tasks in
            guard let controller else { return nil }
            return tasks.start(for: controller, priority: priority, operation)
        }
        registeredCount += 1
        repetitionsByController[ObjectIdentifier(controller), default: []].append(repetition)
        if isAppeared { repetition.current = repetition.launch(self) }
    }

    /// Starts the repeating tasks when the owner appeared, cancels them when it stops being
    /// appeared.
    func ownerMoved(to state: LifecycleState) {
        guard !repetitionsByController.isEmpty else { return }
        // Each start and each cancellation is traced, and an observer may detach a controller
        // from there: its repetitions, forgotten then, are passed over.
        if state == .appeared {
            for repetition in repetitions where repetition.current == nil && isRegistered(repetition) {
                repetition.current = repetition.launch(self)
            }
        } else {
            for repetition in repetitions where isRegistered(repetition) {
                owner?.traceCancellation(of: repetition.current)
                repetition.current?.cancel()
                repetition.current = nil
            }
        }
    }

    /// Whether `repetition` is still registered: its controller did not leave.
    private func isRegistered(_ repetition: Repetition) -> Bool {
        repetitionsByController[repetition.controller]?.contains { $0 === repetition } == true
    }

    /// Cancels every task of one controller and forgets its repeating ones.
    func cancel(_ controller: ObjectIdentifier) {
        repetitionsByController[controller] = nil
        for run in runsByController[controller] ?? [] {
            owner?.traceCancellation(of: run)
            run.cancel()
        }
    }

    /// Marks `run` as waiting on a barrier, which the testing harness and the console count as
    /// settled.
    func start(_ run: Run, waitingOn wait: BarrierWait) {
        run.startWaiting(in: wait)
        notifyWatchers()
    }

    /// Calls `watcher` once, at the next change: a run finished, or began to wait on a barrier.
    func watchNextChange(_ watcher: @escaping @MainActor () -> Void) {
        watchers.append(watcher)
    }

    private func notifyWatchers() {
        guard !watchers.isEmpty else { return }
        let due = watchers
        watchers = []
        for watcher in due { watcher() }
    }

    private func didFinish(_ run: Run) {
        owner?.traceTask(.taskFinished, of: run.name)
        runsByController[run.controller]?.removeAll { $0 === run }
        if runsByController[run.controller]?.isEmpty == true { runsByController[run.controller] = nil }
        // A repeating run that ended on its own is over: the next will-disappear has nothing to
        // cancel, and must not trace it as cancelled.
        for repetition in repetitionsByController[run.controller] ?? [] where repetition.current === run {
            repetition.current = nil
        }
        handles[ObjectIdentifier(run)] = nil
        notifyWatchers()
    }
}
