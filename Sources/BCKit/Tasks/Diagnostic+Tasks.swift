// The causes of the controller tasks' diagnostics. Work started where it can never run was dropped
// without a word: reported in every build, as the saved-state causes are, since the loss is of the
// user's work, and a release build's default handler is `nil` and prints nothing. A repetition
// registered on every appearance piles up without a word: a mistake of the code, which a debug
// run shows, so reported in debug builds, as the conversation causes are.

extension Diagnostic.Cause {
    /// A controller started a task with ``BusinessController/task(priority:_:)`` or
    /// ``BusinessController/repeatWhileAppeared(priority:_:)`` while it was not attached, or after
    /// its owner was torn down: the work never runs. Start it from
    /// ``BusinessController/didAttach(to:)`` or later.
    public static let taskNeverRuns = Self("task never runs")

    /// A controller registered work with ``BusinessController/repeatWhileAppeared(priority:_:)``
    /// while its owner delivered will-appear or did-appear to it: from
    /// ``BusinessController/ownerWillAppear()`` or ``BusinessController/ownerDidAppear()``, in a
    /// fan-out or in its catch-up. That callback runs on every appearance, so each one registers
    /// the work once more, and after n appearances it runs n times at once. Register it once, in
    /// ``BusinessController/didAttach(to:)``. The registration works as before; the hint names
    /// the callback. Reported once per controller type, in debug builds.
    public static let repetitionRegisteredOnAppearance = Self("repetition registered on appearance")
}
