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
    /// What it waits on inside the kit, if it does: `sleeping 3.0 seconds on ContinuousClock`;
    /// every sleep and barrier wait, joined by `and`, when its child tasks wait at once.
    package let waiting: String?
    /// The names of the barriers it waits on, empty when it waits on none; several when its child
    /// tasks wait at once. A wait goes on only once its barrier is overcome or cancelled, or the
    /// task is cancelled.
    package let barriers: [String]
    /// Whether a barrier resumed one of its waits and the task has not run since: it is due on the
    /// main actor, as one not started yet is.
    package let isResuming: Bool
}
