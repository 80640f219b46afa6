extension ControllerTaskContext {
    /// Waits until `barrier` is overcome, and returns its value: at once when it is overcome
    /// already.
    ///
    /// ```swift
    /// task { context in
    ///     guard let user = try? await context.wait(for: signedIn) else { return }  // cancelled: add nothing
    ///     context.controller?.add(goodsID, for: user)
    /// }
    /// ```
    ///
    /// The wait belongs to this task, and so to its controller: when the controller detaches, or its
    /// owner tears down, the wait is resumed during that detach with
    /// ``BarrierCancellation/abandoned(_:)`` and leaves the barrier's queue, never to be resumed
    /// with the value; an owner released without a tear-down, or the task cancelled, does the same
    /// soon after, and a task cancelled while it waits never returns the value, even when the
    /// barrier was overcome before the wait left its queue. The wait keeps neither the controller nor its owner. Fetch ``controller`` again
    /// after it, as after any `await`.
    ///
    /// Child tasks of the task (`async let`, a task group) may wait on several barriers at once:
    /// each wait is its own, so a detach abandons them all, and a child task cancelled alone (a
    /// group's `cancelAll()` once the first barrier answered) withdraws only its own wait.
    ///
    /// BCKitTesting's `settle()` counts a task waiting here as settled, and its
    /// `overcome(_:with:)` and `cancel(_:)` resume it with no real waiting.
    ///
    /// - Parameter barrier: The barrier.
    /// - Returns: The value the barrier was overcome with.
    /// - Throws: ``BarrierCancellation/cancelled(_:)`` when the barrier is cancelled while the task
    ///   waits, ``BarrierCancellation/abandoned(_:)`` when the task is cancelled (before or while it
    ///   waits) or its controller is gone.
    public func wait<Value>(for barrier: Barrier<Value>) async throws(BarrierCancellation) -> Value {
        // Nothing that leads to the owner or the controller is kept across the suspension below.
        guard !Task.isCancelled, !run.isCancelled, binding.controller?.owner != nil else {
            throw .abandoned(barrier.name)
        }
        if let value = barrier.value { return value }
        let joined = JoinedWait()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Value, BarrierCancellation>, Never>) in
                join(barrier, as: joined, continuation)
            }
        } onCancel: {
            // Cancelled from anywhere (the task's handle, its task group, an owner released without a
            // tear-down): this wait, not another the run's other child tasks make, is withdrawn on the
            // main actor, a turn after it joined. A detach withdrew it already, synchronously.
            Task { @MainActor in joined.wait?.withdraw() }
        }
        // Running again: the resume that took the wait off the run's table has reached the task.
        if joined.isResuming {
            joined.isResuming = false
            run.finishResuming()
        }
        // The withdrawal above comes a turn later: a barrier overcome in between resumed this task
        // with the value, which a task cancelled before it resumed must not act on.
        if Task.isCancelled { throw .abandoned(barrier.name) }
        return try result.get()
    }

    /// Puts the run in the barrier's queue and marks it as waiting there, in its owner's table of
    /// tasks, until this wait is resumed; resumes the continuation once, with the outcome.
    private func join<Value>(
        _ barrier: Barrier<Value>,
        as joined: JoinedWait,
        _ continuation: CheckedContinuation<Result<Value, BarrierCancellation>, Never>
    ) {
        let run = run
        let wait = barrier.wait { result in
            // No wait yet when the barrier resumes it at once: the run never waited.
            if let wait = joined.wait {
                run.stopWaiting(in: wait)
                joined.isResuming = true
            }
            continuation.resume(returning: result)
        }
        guard let wait else { return }
        joined.wait = wait
        // `whenNeeded` may have detached the controller, or torn its owner down.
        guard !run.isCancelled, let tasks = binding.controller?.owner?.controllerTasks else {
            wait.withdraw()
            return
        }
        tasks.start(run, waitingOn: wait)
    }
}

/// The wait one call to ``ControllerTaskContext/wait(for:)`` joined, once it did: what that call's
/// cancellation withdraws, and what its resumption takes off its run's waits.
@MainActor
private final class JoinedWait {
    var wait: BarrierWait?
    /// Whether the barrier resumed the wait and the task has not run since: counted in the run's
    /// ``ControllerTasks/Run/resuming`` until it does.
    var isResuming = false
}
