import BCKit
public import Testing

extension TestOwner {
    /// Moves the test owner's ``clock`` forward and runs the controller tasks that fall due, in
    /// order, with no real waiting.
    ///
    /// ```swift
    /// test.center.peerDidStartTyping(userID: "bob")
    /// await test.advance(by: .seconds(3))
    /// test.expectSent((any TypingConversation).self, "peerDidStopTyping(userID: \"bob\")")
    /// ```
    ///
    /// First the tasks already started run up to their first suspension, so a task started just
    /// before this call counts its sleep from the current moment: those of the controllers under
    /// test and of every owner nested in the test owner, whose controllers sleep on this clock too. Then each sleeper whose deadline
    /// falls within `duration` wakes, one at a time, in order of deadline (ties in the order they
    /// began to sleep), with the clock at that deadline; the call goes on only once the woken task
    /// has reached its next suspension: another sleep, the end of its work, or something else it
    /// awaits. A sleep that starts meanwhile and falls due within `duration` wakes in the same
    /// call. The clock ends exactly `duration` later.
    ///
    /// Controller tasks wait on the clock through BCKit's `context.sleep(for:)`. A task that
    /// awaits work off the main actor (a fake service that is an actor, say) before it sleeps
    /// may not have reached its sleep yet: call ``settle(timeout:sourceLocation:)`` first.
    ///
    /// - Parameters:
    ///   - duration: How far to move the clock: zero or more, and short of the latest moment the
    ///     clock shows (about 292 billion years), else the test fails and the clock stays.
    ///   - sourceLocation: Where tasks that never stop running are reported.
    public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("advance the clock", sourceLocation) else { return }
        // Time does not run backwards, nor past what the clock can show: either is a slip the test
        // would not notice.
        guard duration >= .zero, let target = clock.moment(after: duration) else {
            TestFailure.record(
                Comment(rawValue: "advance(by: \(duration)): \(ManualClock.refusal(of: duration))"),
                sourceLocation: sourceLocation
            )
            return
        }
        guard await letTasksRun(sourceLocation) else { return }
        while clock.storage.wakeNext(upTo: target) {
            guard await letTasksRun(sourceLocation) else { return }
        }
        clock.storage.move(to: target)
        observeLifecycle()
    }

    /// Lets the main actor run until no controller task of the owner's tree changes for a few
    /// turns: every task has started and, as far as the kit can see, reached a suspension.
    ///
    /// - Returns: `false` when tasks kept changing for too long, which it reports.
    func letTasksRun(_ sourceLocation: SourceLocation) async -> Bool {
        var quietTurns = 0
        var turns = 0
        var last = taskPicture()
        while quietTurns < Self.quietTurns {
            await Task.yield()
            turns += 1
            let picture = taskPicture()
            if picture != last || picture.waitsForTheMainActor {
                quietTurns = 0
                last = picture
            } else {
                quietTurns += 1
            }
            guard turns < Self.busyTurns else {
                let names = Self.distinct(owner.unfinishedTasksInTree.map(\.name))
                TestFailure.record(
                    Comment(
                        rawValue: """
                            advance(by:) stopped after \(turns) turns of the main actor: tasks of \
                            \(names.joined(separator: ", ")) keep running without settling. Does a task \
                            start tasks or loop without waiting on the clock?
                            """
                    ),
                    sourceLocation: sourceLocation
                )
                return false
            }
        }
        return true
    }

    /// How many turns of the main actor with no change mean the tasks are quiet.
    private static var quietTurns: Int { 10 }

    /// How many turns of the main actor ``advance(by:sourceLocation:)`` gives tasks at most
    /// between two wakes.
    private static var busyTurns: Int { 100_000 }

    /// What can be seen of the owner's tasks and the clock's sleepers.
    private func taskPicture() -> TaskPicture {
        // The whole tree's: a nested owner's controllers sleep on the clock it inherits.
        let tasks = owner.unfinishedTasksInTree
        return TaskPicture(
            runs: tasks.map(\.run),
            started: tasks.map(\.hasStarted),
            waits: tasks.map(\.waiting),
            resuming: tasks.map(\.isResuming),
            sleepers: clock.storage.sleeperOrders
        )
    }

    static func distinct(_ names: [String]) -> [String] {
        names.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}

/// The owner's tasks and the clock's sleepers at one moment, to tell whether anything moved.
private struct TaskPicture: Equatable {
    let runs: [ObjectIdentifier]
    let started: [Bool]
    let waits: [String?]
    let resuming: [Bool]
    let sleepers: [UInt64]

    /// Whether a task has not begun yet, or was resumed by a barrier and has not run since: it
    /// surely will once the main actor lets it. A resumed task looks quiet until it runs, and on a
    /// machine short of CPU that took more than the quiet turns (`finish()` then found it running).
    var waitsForTheMainActor: Bool { started.contains(false) || resuming.contains(true) }
}
