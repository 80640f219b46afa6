// The cause of the controller tasks' diagnostic: work started where it can never run was dropped
// without a word. Reported in every build, as the saved-state causes are: the loss is of the
// user's work, and a release build's default handler is `nil` and prints nothing.

extension Diagnostic.Cause {
    /// A controller started a task with ``BusinessController/task(priority:_:)`` or
    /// ``BusinessController/repeatWhileAppeared(priority:_:)`` while it was not attached, or after
    /// its owner was torn down: the work never runs. Start it from
    /// ``BusinessController/didAttach(to:)`` or later.
    public static let taskNeverRuns = Self("task never runs")
}
