// The owner's hooks into controller tasks: each is one call from the core.

extension Owner {
    /// The side table of the controllers' tasks, made on first use.
    var controllerTasks: ControllerTasks {
        if let tasks { return tasks }
        let made = ControllerTasks()
        made.owner = self
        tasks = made
        return made
    }

    /// Cancels the tasks of a controller that is leaving.
    func cancelTasks(of controller: any BusinessController) {
        tasks?.cancel(ObjectIdentifier(controller))
    }

    /// The appearance callback this owner is delivering to `controller` now, if any: will-appear
    /// or did-appear, in a fan-out or in the controller's catch-up, once the controller has had it.
    /// Read from the running delivery and the controller's state when a repetition is registered,
    /// so the deliveries note nothing for it.
    func appearanceCallback(deliveredTo controller: any BusinessController) -> String? {
        guard let due = delivering.run?.due, due.event == .willAppear || due.event == .didAppear,
            attachment(ofAttached: controller)?.state == due.to
        else { return nil }
        return due.event == .willAppear ? "ownerWillAppear()" : "ownerDidAppear()"
    }

    /// Starts or cancels the tasks that run only while the owner is appeared.
    func updateAppearanceTasks() {
        tasks?.ownerMoved(to: state)
    }

    /// The clock the controllers' tasks wait through with ``ControllerTaskContext/sleep(for:tolerance:)``.
    ///
    /// The one set on this owner, else its parent's, so nested owners inherit it, else a
    /// `ContinuousClock`. BCKitTesting's `TestOwner` sets a manual clock that a test moves by hand.
    ///
    /// ```swift
    /// owner.clock = SuspendingClock()  // timeouts stop while the device sleeps
    /// ```
    public var clock: any Clock<Duration> {
        get { tasks?.clock ?? parent?.clock ?? ContinuousClock() }
        set { controllerTasks.clock = newValue }
    }

    /// The tasks not finished yet, also those cancelled but still running, in the order they
    /// started.
    package var unfinishedTasks: [ControllerTaskState] {
        (tasks?.runs ?? []).compactMap { run in
            run.task.map {
                ControllerTaskState(
                    run: ObjectIdentifier(run), controller: run.controller, name: run.name, task: $0,
                    hasStarted: run.hasStarted, waiting: run.waiting, barriers: run.barrierWaits.map(\.barrier),
                    isResuming: run.resuming > 0)
            }
        }
    }

    /// The unfinished tasks of this owner's controllers and of the controllers of every owner
    /// nested in it, at any depth: the nested owners' tasks sleep on the clock they inherit, so
    /// BCKitTesting's `advance(by:)` waits for them to start too.
    package var unfinishedTasksInTree: [ControllerTaskState] {
        var tasks = unfinishedTasks
        _ = firstNestedOwner { nested in
            tasks += nested.unfinishedTasksInTree
            return false
        }
        return tasks
    }

    /// Calls `watcher` once, at the next change of the controller tasks: one finished, or one began
    /// to wait on a barrier. What the testing harness and the console wait on to settle.
    ///
    /// - Parameter watcher: Called on the main actor.
    package func watchNextTaskChange(_ watcher: @escaping @MainActor () -> Void) {
        controllerTasks.watchNextChange(watcher)
    }

    /// The run of the controller task the current task is, whatever its owner; `nil` outside
    /// controller tasks. A clock reads it to tell which controller task sleeps on it.
    package nonisolated static var currentControllerTask: ObjectIdentifier? {
        CurrentControllerTask.run
    }
}
