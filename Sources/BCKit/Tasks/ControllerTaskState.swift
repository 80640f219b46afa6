/// One unfinished controller task, as the testing harness sees it.
package struct ControllerTaskState {
    /// The run, as ``Owner/currentControllerTask`` names it inside the task.
    package let run: ObjectIdentifier
    /// The controller it works for.
    package let controller: ObjectIdentifier
    /// The controller's name.
    package let name: String
    /// The task, to wait for it.
    package let task: Task<Void, Never>
    /// Whether its operation has begun; until then it waits for the main actor.
    package let hasStarted: Bool
    /// What it waits on inside the kit, if it does: `sleeping 3.0 seconds on ContinuousClock`.
    package let waiting: String?
    /// The name of the barrier it waits on, if it does: it goes on only once the barrier is
    /// overcome or cancelled, or the task is cancelled.
    package let barrier: String?
}
