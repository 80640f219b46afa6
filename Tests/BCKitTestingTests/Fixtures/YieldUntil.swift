import Testing

/// Lets other work run until `condition` holds, failing after ten seconds rather than hanging.
///
/// `settle()` sees a controller task, not its child tasks: once one child waits, the task counts
/// as settled, and on a loaded machine a sibling can still be on its way to its own wait (CI of
/// e86f3f9, under the address sanitizer). A test that checks each child's wait waits for it so.
@MainActor
func yieldUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition never held", sourceLocation: sourceLocation)
            return
        }
        await Task.yield()
    }
}
