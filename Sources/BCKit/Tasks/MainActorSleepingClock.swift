/// A clock that takes a sleeper on the caller's actor before the caller suspends: the testing
/// harness's manual clock, which must know every sleeper as soon as it waits, so that moving the
/// clock by hand wakes them all, in order, with no race against the task's hop to the clock.
package protocol MainActorSleepingClock: Sendable {
    /// Suspends the current task until the clock reaches `duration` from now.
    ///
    /// - Parameters:
    ///   - duration: How long.
    ///   - tolerance: How late it may wake.
    ///   - run: The controller task that sleeps.
    @MainActor
    func sleep(for duration: Duration, tolerance: Duration?, in run: ObjectIdentifier) async throws
}
