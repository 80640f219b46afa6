import BCKit
public import Testing

extension TestOwner {
    /// Waits until every task the controllers under test started with BCKit's
    /// `task(priority:_:)` or `repeatWhileAppeared(priority:_:)` has finished or waits on the
    /// test owner's ``clock``.
    ///
    /// Tests then need no test-only property to reach a controller's work: start it, settle,
    /// and check what was sent.
    ///
    /// ```swift
    /// test.drive(to: .loaded)          // the controller starts loading in a task
    /// await test.settle()
    /// test.expectSent((any GoodsConversation).self)
    /// ```
    ///
    /// Tasks the finished ones start meanwhile are waited for too, and so are tasks already
    /// cancelled (by a detach, or by the controller itself) that have not ended yet. A task asleep on the clock through
    /// `context.sleep(for:)` counts as settled: it wakes only when the test calls
    /// ``advance(by:sourceLocation:)``. So does a task waiting on a barrier through
    /// `context.wait(for:)`: it goes on only when the test calls
    /// ``overcome(_:with:sourceLocation:)`` or ``cancel(_:sourceLocation:)``, or the controller
    /// leaves. A task that waits on anything else the test never
    /// provides (a real `Task.sleep`, a continuation nobody resumes), or loops while the owner is
    /// appeared, keeps this waiting until `timeout`, and then the test fails naming its
    /// controller, whether it was cancelled and, when the kit knows, what it waits on.
    ///
    /// The kit sees a task, not the child tasks it starts (`async let`, a task group): the task
    /// counts as settled once one child sleeps or waits, while a sibling may still be on its way
    /// to its own wait, on a loaded machine above all. A test that checks each child's wait (two
    /// deadlines on the clock, two barriers' queues) waits for that itself after this call.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait in all before giving up: generous by default, since tests
    ///     running in parallel share the main actor, where controller tasks run.
    ///   - sourceLocation: Where a timeout is reported.
    public func settle(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        let deadline = ContinuousClock.now + timeout
        while true {
            let busy = busyTasks()
            guard !busy.isEmpty else { return }
            let remaining = deadline - ContinuousClock.now
            if remaining > .zero, await waitForChange(of: busy, upTo: remaining) { continue }
            // The clock ran out, but the main actor may have been busy with other tests meanwhile:
            // let what is queued on it run before judging.
            for _ in 0..<Self.turnsBeforeGivingUp where busyTasks().map(\.run) == busy.map(\.run) {
                await Task.yield()
            }
            let still = busyTasks()
            if still.map(\.run) != busy.map(\.run) { continue }
            reportedStuckRuns.formUnion(still.map(\.run))
            let names = Self.distinct(still.map(\.name))
            let list = still.map { task in
                let wait =
                    task.waiting.map { "\($0), not the test's clock" }
                    ?? (task.hasStarted
                        ? "waiting on something the kit cannot see (such as `Task.sleep` or a continuation)"
                        : "not started: the main actor stayed busy")
                // Cancelled, it is no longer meant to run: what holds it ignores its cancellation.
                let state =
                    task.task.isCancelled ? ", cancelled but not ended yet (what it waits on ignores cancellation)" : ""
                return "  - a task of \(task.name)\(state): \(wait)"
            }
            TestFailure.record(
                Comment(
                    rawValue: """
                        settle() gave up after \(timeout): \(Self.count(still.count, "task")) of \
                        \(names.joined(separator: ", ")) still running, not waiting on the test's clock:
                        \(list.joined(separator: "\n"))
                        A task that waits for something the test never provides, or loops while the owner \
                        is appeared, never ends; provide it, wait with `context.sleep(for:)` and \
                        `advance(by:)`, or drive the owner out of `.appeared` first.
                        """
                ),
                sourceLocation: sourceLocation
            )
            return
        }
    }

    /// The unfinished tasks of the controllers under test that neither sleep on the clock nor
    /// wait on a barrier: what ``settle(timeout:sourceLocation:)`` waits for, and what
    /// ``finish()`` would cut short.
    func busyTasks() -> [ControllerTaskState] {
        let underTest = Set(tracked.map(\.id))
        let sleeping = clock.storage.sleepingRuns
        return owner.unfinishedTasks.filter {
            underTest.contains($0.controller) && !sleeping.contains($0.run) && $0.barriers.isEmpty
        }
    }

    /// How many turns of the main actor a task that outlived the timeout gets to finish.
    private static var turnsBeforeGivingUp: Int { 100 }

    /// Whether one of `busy` finished or some task began to sleep on the clock or to wait on a
    /// barrier within `limit`.
    private func waitForChange(of busy: [ControllerTaskState], upTo limit: Duration) async -> Bool {
        let storage = clock.storage
        return await withCheckedContinuation { continuation in
            let outcome = Outcome(continuation)
            let timer = Task {
                // Cancelled once something changed: then the change answers, not the timer.
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                outcome.resolve(false)
            }
            for state in busy {
                Task {
                    await state.task.value
                    timer.cancel()
                    outcome.resolve(true)
                }
            }
            storage.watchNextSleeper {
                timer.cancel()
                Task { @MainActor in outcome.resolve(true) }
            }
            owner.watchNextTaskChange {
                timer.cancel()
                outcome.resolve(true)
            }
        }
    }
}

/// The first of several racing answers, handed on once.
@MainActor
private final class Outcome {
    private var continuation: CheckedContinuation<Bool, Never>?

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = continuation
    }

    func resolve(_ finished: Bool) {
        continuation?.resume(returning: finished)
        continuation = nil
    }
}
