/// What a controller task's operation gets instead of the controller: a weak way back to it.
///
/// Fetch ``controller`` again after every `await` and do not keep it across one: the context holds
/// the controller weakly and lets go of it as soon as the task is cancelled, so a detached or
/// dropped controller is freed while its task is still suspended.
///
/// ```swift
/// func ownerDidLoad() {
///     // Copied into locals, so the operation does not capture `self`.
///     let (goodsID, warehouse) = (goodsID, warehouse)
///     task { context in
///         let units = await warehouse.units(of: goodsID)
///         // Fetched again after the `await`: nil once the controller left the screen.
///         context.controller?.center.send((any ShelfConversation).self) { $0.stockDidChange(units) }
///     }
/// }
/// ```
@MainActor
public struct ControllerTaskContext<Controller: BusinessController>: Sendable {
    let binding: Binding
    let run: ControllerTasks.Run

    /// The controller, while the task is bound to it; `nil` once the controller is detached, its
    /// owner is torn down or released, the task is cancelled, or the controller is freed.
    ///
    /// Read it from the task's operation: cancellation is the running task's.
    public var controller: Controller? {
        Task.isCancelled ? nil : binding.controller
    }

    /// Waits for a duration on the owner's ``Owner/clock``, so a test can move time instead of
    /// waiting for it.
    ///
    /// ```swift
    /// func peerDidStartTyping(userID: String) {
    ///     typingTimeout?.cancel()
    ///     typingTimeout = task { context in
    ///         guard (try? await context.sleep(for: .seconds(3))) != nil else { return }
    ///         context.controller?.center.peerDidStopTyping(userID: userID)
    ///     }
    /// }
    /// ```
    ///
    /// The clock is the owner's when the sleep starts: a `ContinuousClock` in an app, the manual
    /// clock of BCKitTesting's `TestOwner` in a test, where `advance(by:)` runs what falls due
    /// with no real waiting. Prefer it to `Task.sleep(for:)`, which no test can shorten.
    ///
    /// - Parameters:
    ///   - duration: How long to wait.
    ///   - tolerance: How late the clock may wake the task; `nil` for the clock's default.
    /// - Throws: `CancellationError` when the task is cancelled (its controller detached, its
    ///   owner torn down or released) before or while it waits, or its controller is gone.
    public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        // Only the clock is kept across the suspension: a sleeping task must not keep its owner.
        guard !Task.isCancelled, let clock = binding.controller?.owner?.clock else { throw CancellationError() }
        // Added and taken away on its own: the run's child tasks may sleep at once, and the first
        // to wake must not hide the others.
        let sleep = "sleeping \(duration) on \(typeName(of: clock))"
        run.startSleeping(sleep)
        defer { run.stopSleeping(sleep) }
        if let manual = clock as? any MainActorSleepingClock {
            // Registered before the task suspends, so whoever advances the clock sees it at once.
            try await manual.sleep(for: duration, tolerance: tolerance, in: ObjectIdentifier(run))
        } else {
            try await clock.sleep(for: duration, tolerance: tolerance)
        }
    }

    /// The weak link from one run of a task to its controller, cut when the run is cancelled.
    @MainActor
    final class Binding {
        weak var controller: Controller?

        init(_ controller: Controller) {
            self.controller = controller
        }
    }
}
