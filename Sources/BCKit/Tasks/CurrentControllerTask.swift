/// Which controller task the current task is: set around a controller task's operation, so that a
/// clock can tell which controller task sleeps on it (the testing harness's manual clock).
///
/// Not main-actor isolated, since a clock's `sleep` runs anywhere.
enum CurrentControllerTask {
    /// The run, as ``ControllerTaskState/run`` names it; `nil` outside controller tasks.
    @TaskLocal static var run: ObjectIdentifier?
}
