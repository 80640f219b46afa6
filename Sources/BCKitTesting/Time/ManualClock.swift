import BCKit
import Foundation
import Testing

/// A clock that moves only when the test moves it: the clock a ``TestOwner`` gives its owner, so
/// that controller tasks waiting with BCKit's `context.sleep(for:)` wake when the test says, with
/// no real waiting.
///
/// ```swift
/// let test = TestOwner(testing: TypingIndicatorController())
/// test.center.peerDidStartTyping(userID: "bob")  // starts a 3-second timeout
/// await test.advance(by: .seconds(3))            // runs it at once
/// ```
///
/// Time starts at zero. A sleeper falls due when the clock reaches its deadline; moving the
/// clock wakes the sleepers that fall due one at a time, in order of deadline, and those with
/// the same deadline in the order they began to sleep. A sleep whose deadline is now or has passed
/// (a sleep of zero, say) returns at once, without waiting for the clock: it is not ordered with
/// the sleepers of the same deadline that the clock has yet to wake, and may run before them. A
/// cancelled sleeper stops waiting and throws `CancellationError`. The clock moves forward only,
/// and short of about 292 billion years: a move backwards or that far fails the test and leaves
/// the clock, and a sleep that would end later never falls due.
///
/// Copies share one time: a copy is another handle to the same clock.
public struct ManualClock: Clock {
    /// A moment on a manual clock: how far it is from the clock's start.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock started.
        public var offset: Duration

        /// Creates the moment `offset` after the clock's start.
        ///
        /// - Parameter offset: The time since the start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The moment `duration` later.
        ///
        /// - Parameter duration: How much later.
        /// - Returns: The later moment.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this moment to another.
        ///
        /// - Parameter other: The other moment.
        /// - Returns: How long after this one it is; negative when it is earlier.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether one moment comes before another.
        ///
        /// - Parameters:
        ///   - lhs: A moment.
        ///   - rhs: Another moment.
        /// - Returns: `true` when `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, such as `3.0 seconds`.
        public var description: String { "\(offset)" }
    }

    let storage = Storage()

    /// Creates a clock at zero, with nobody sleeping.
    public init() {}

    /// The clock's current moment.
    public var now: Instant { storage.now }

    /// Zero: the clock moves by exactly what the test asks.
    public var minimumResolution: Duration { .zero }

    /// The deadlines of the tasks sleeping on the clock, earliest first.
    public var deadlines: [Instant] { storage.deadlines }

    /// Suspends the current task until the clock reaches `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: The moment to wake at.
    ///   - tolerance: Ignored: the clock wakes sleepers exactly when it reaches them.
    /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await storage.sleep(until: deadline, run: Owner.currentControllerTask)
    }

    /// Moves the clock forward, waking each sleeper that falls due on the way, in order.
    ///
    /// Before each wake, and after the last, the main actor runs what is queued on it, so a woken
    /// main-actor task runs to its next suspension before the next one wakes. A ``TestOwner``
    /// waits more precisely for its controllers' tasks: prefer
    /// ``TestOwner/advance(by:sourceLocation:)`` in a test of a controller.
    ///
    /// - Parameter duration: How far to move it.
    @MainActor
    public func advance(by duration: Duration) async {
        guard duration >= .zero, let target = moment(after: duration) else {
            TestFailure.record(
                Comment(rawValue: "ManualClock.advance(by: \(duration)): \(Self.refusal(of: duration))"),
                sourceLocation: #_sourceLocation
            )
            return
        }
        await Self.yieldToTheMainActor()
        while storage.wakeNext(upTo: target) {
            await Self.yieldToTheMainActor()
        }
        storage.move(to: target)
    }

    @MainActor
    private static func yieldToTheMainActor() async {
        for _ in 0..<10 { await Task.yield() }
    }

    /// A moment the clock never reaches, about 292 billion years after its start: moves stop short
    /// of it, so that no sum of the clock's durations overflows, and a sleep that would end later
    /// waits for it, which is for ever.
    static let latest = Instant(offset: .seconds(Int64.max))

    /// The moment `duration` after now, or `nil` when it is ``latest`` or later.
    func moment(after duration: Duration) -> Instant? {
        // Cannot overflow: the clock never reaches `latest`, and both offsets are at least zero.
        guard duration < Self.latest.offset - now.offset else { return nil }
        return Instant(offset: now.offset + max(duration, .zero))
    }

    /// Why a move by `duration` is refused, for the failure that reports it.
    static func refusal(of duration: Duration) -> String {
        duration < .zero
            ? "the clock does not move backwards; pass a duration of zero or more."
            : "the clock would reach the latest moment it shows (\(latest)); pass a shorter duration."
    }
}

extension ManualClock: MainActorSleepingClock {
    /// Sleeps on the caller's actor, so the sleeper is known before the task suspends.
    @MainActor
    package func sleep(for duration: Duration, tolerance: Duration?, in run: ObjectIdentifier) async throws {
        try await storage.sleep(until: moment(after: duration) ?? Self.latest, run: run)
    }
}

extension ManualClock {
    /// The clock's state, shared by its copies and guarded by a lock, since a clock is read from
    /// any task.
    // safe: every stored property is private and read or written only inside `locked`, under
    // `lock`; no method hands out a reference to them.
    final class Storage: @unchecked Sendable {
        /// A task asleep on the clock.
        private struct Sleeper {
            /// When it began to sleep, among all sleepers: what breaks ties.
            let order: UInt64
            let deadline: Instant
            /// The controller task sleeping, when it is one.
            let run: ObjectIdentifier?
            let continuation: CheckedContinuation<Void, any Error>
        }

        private let lock = NSLock()
        private var current = Instant(offset: .zero)
        private var sleepers: [Sleeper] = []
        private var nextOrder: UInt64 = 0
        /// Sleepers cancelled before they were registered, by order.
        private var cancelledEarly: Set<UInt64> = []
        /// Called once, on any thread, when the next sleeper registers.
        private var watchers: [@Sendable () -> Void] = []

        private func locked<Result>(_ body: () -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }

        var now: Instant { locked { current } }

        var deadlines: [Instant] { locked { sleepers.map(\.deadline).sorted() } }

        /// The controller tasks asleep on the clock.
        var sleepingRuns: Set<ObjectIdentifier> { locked { Set(sleepers.compactMap(\.run)) } }

        /// The sleepers, in the order they began to sleep: changes whenever one comes or goes.
        var sleeperOrders: [UInt64] { locked { sleepers.map(\.order) } }

        /// Sleeps until `deadline` on the caller's actor: the sleeper is registered before the
        /// caller suspends.
        func sleep(
            until deadline: Instant,
            run: ObjectIdentifier?,
            isolation: isolated (any Actor)? = #isolation
        ) async throws {
            try Task.checkCancellation()
            let order = locked {
                defer { nextOrder += 1 }
                return nextOrder
            }
            defer { locked { _ = cancelledEarly.remove(order) } }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    enum Outcome { case registered, due, cancelled }
                    var notify: [@Sendable () -> Void] = []
                    let outcome = locked { () -> Outcome in
                        if cancelledEarly.contains(order) { return .cancelled }
                        if deadline <= current { return .due }
                        sleepers.append(Sleeper(order: order, deadline: deadline, run: run, continuation: continuation))
                        swap(&notify, &watchers)
                        return .registered
                    }
                    switch outcome {
                    case .registered: for watcher in notify { watcher() }
                    case .due: continuation.resume()
                    case .cancelled: continuation.resume(throwing: CancellationError())
                    }
                }
            } onCancel: {
                let sleeper = locked { () -> Sleeper? in
                    guard let position = sleepers.firstIndex(where: { $0.order == order }) else {
                        cancelledEarly.insert(order)
                        return nil
                    }
                    return sleepers.remove(at: position)
                }
                sleeper?.continuation.resume(throwing: CancellationError())
            }
        }

        /// Wakes the earliest sleeper due by `target`, moving the clock to its deadline.
        ///
        /// - Returns: Whether one woke.
        func wakeNext(upTo target: Instant) -> Bool {
            let due = locked { () -> Sleeper? in
                let candidates = sleepers.indices.filter { sleepers[$0].deadline <= target }
                guard
                    let position = candidates.min(by: {
                        (sleepers[$0].deadline, sleepers[$0].order) < (sleepers[$1].deadline, sleepers[$1].order)
                    })
                else { return nil }
                let sleeper = sleepers.remove(at: position)
                current = max(current, sleeper.deadline)
                return sleeper
            }
            due?.continuation.resume()
            return due != nil
        }

        /// Moves the clock to `target`, if it is later, waking nobody.
        func move(to target: Instant) {
            locked { current = max(current, target) }
        }

        /// Calls `watcher` once, on any thread, when the next sleeper registers.
        func watchNextSleeper(_ watcher: @escaping @Sendable () -> Void) {
            locked { watchers.append(watcher) }
        }
    }
}
