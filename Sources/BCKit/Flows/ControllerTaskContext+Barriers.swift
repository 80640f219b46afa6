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
        let run = run
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Value, BarrierCancellation>, Never>) in
                join(barrier, continuation)
            }
        } onCancel: {
            // Cancelled from anywhere (the task's handle, an owner released without a tear-down): the
            // wait is withdrawn on the main actor. A detach withdrew it already, synchronously.
            Task { @MainActor in run.barrierWait?.withdraw() }
        }
        // The withdrawal above comes a turn later: a barrier overcome in between resumed this task
        // with the value, which a task cancelled before it resumed must not act on.
        if Task.isCancelled { throw .abandoned(barrier.name) }
        return try result.get()
    }

    /// Puts the run in the barrier's queue and marks it as waiting there, in its owner's table of
    /// tasks; resumes the continuation once, with the outcome.
    private func join<Value>(
        _ barrier: Barrier<Value>,
        _ continuation: CheckedContinuation<Result<Value, BarrierCancellation>, Never>
    ) {
        let run = run
        let wait = barrier.wait { result in
            run.stopWaiting()
            continuation.resume(returning: result)
        }
        guard let wait else { return }
        // `whenNeeded` may have detached the controller, or torn its owner down.
        guard !run.isCancelled, let tasks = binding.controller?.owner?.controllerTasks else {
            wait.withdraw()
            return
        }
        tasks.start(run, waitingOn: wait)
    }
}
