import BCKit
public import Testing

extension TestOwner {
    /// Waits until every task the controllers under test started with BCKit's
    /// `task(priority:_:)` or `repeatWhileAppeared(priority:_:)` has finished.
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
    /// cancelled (by a detach) that have not ended yet. A task that runs while the owner is
    /// appeared and never ends by itself (a loop) keeps this waiting: drive the owner out of
    /// `LifecycleState.appeared` first.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait in all before giving up: generous by default, since tests
    ///     running in parallel share the main actor, where controller tasks run.
    ///   - sourceLocation: Where a timeout is reported.
    public func settle(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async {
        let deadline = ContinuousClock.now + timeout
        while true {
            let underTest = Set(tracked.map(\.id))
            let pending = owner.unfinishedTasks.filter { underTest.contains($0.controller) }
            guard let next = pending.first else { return }
            let remaining = deadline - ContinuousClock.now
            if remaining > .zero, await Self.wait(for: next.task, upTo: remaining) { continue }
            // The clock ran out, but the main actor may have been busy with other tests meanwhile:
            // let what is queued on it run before judging.
            for _ in 0..<Self.turnsBeforeGivingUp where owner.unfinishedTasks.contains(where: { $0.task == next.task })
            {
                await Task.yield()
            }
            let still = owner.unfinishedTasks.filter { underTest.contains($0.controller) }
            if !still.contains(where: { $0.task == next.task }) { continue }
            let names = still.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            Issue.record(
                Comment(
                    rawValue: """
                        settle() gave up after \(timeout): \(Self.count(still.count, "task")) of \
                        \(names.joined(separator: ", ")) still running. A task that waits for something \
                        the test never provides, or loops while the owner is appeared, never ends; \
                        provide it, or drive the owner out of `.appeared` first.
                        """
                ),
                sourceLocation: sourceLocation
            )
            return
        }
    }

    /// How many turns of the main actor a task that outlived the timeout gets to finish.
    private static var turnsBeforeGivingUp: Int { 100 }

    /// Whether `task` finished within `limit`; the task itself is left alone either way.
    private static func wait(for task: Task<Void, Never>, upTo limit: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            let outcome = Outcome(continuation)
            let timer = Task {
                try? await Task.sleep(for: limit)
                outcome.resolve(false)
            }
            Task {
                await task.value
                timer.cancel()
                outcome.resolve(true)
            }
        }
    }
}

/// The first of two racing answers, handed on once.
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
