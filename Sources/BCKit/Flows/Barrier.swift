/// A condition actions wait for, such as "signed in" or "terms accepted": the app, or the
/// controller that owns the condition, overcomes it with a value or cancels it, and every action
/// waiting goes on or is dropped. Boardy's `BarrierBoard`, for any action inside a screen; the
/// route guards of BCKitModules are built on it, so navigations and actions share one rule.
///
/// A controller waits for it from one of its tasks, through ``ControllerTaskContext/wait(for:)``:
///
/// ```swift
/// func userTappedAddToCart() {
///     let (signedIn, goodsID) = (signedIn, goodsID)
///     task { context in
///         guard let user = try? await context.wait(for: signedIn) else { return }  // cancelled: add nothing
///         context.controller?.add(goodsID, for: user)
///     }
/// }
/// ```
///
/// ## The rule
/// - While it is not overcome, each wait joins a queue. The first to join it calls
///   ``whenNeeded``, which starts whatever overcomes the barrier (it opens the login screen);
///   later ones join the same round without calling it again.
/// - ``overcome(with:)`` resumes every waiter, in the order it started waiting, with the value,
///   and keeps the barrier overcome: a later wait returns the value at once, until ``reset()``.
/// - ``cancel()`` resumes every waiter, in order, with ``BarrierCancellation/cancelled(_:)``; the
///   barrier stays closed, and the next wait starts a new round.
/// - A waiter whose controller detaches, or whose owner tears down, is resumed during that detach
///   with ``BarrierCancellation/abandoned(_:)``, leaves the queue, and is never resumed again, with
///   the value or otherwise. A wait holds no controller: it never keeps one alive.
///
/// Every waiter is resumed exactly once, in that order; each waiting task then goes on when the
/// main actor next runs it, an order Swift's executors do not promise. One that joins while the waiters are being resumed (an
/// action that, once resumed, waits again) belongs to the next round.
///
/// The barrier lives as long as the app keeps it and while someone waits on it. It lives on the
/// main actor; its value crosses to the waiting tasks, so it is `Sendable`.
@MainActor
public final class Barrier<Value: Sendable> {
    /// The barrier's name, for cancellations, descriptions and the testing harness.
    public let name: String

    /// Called when a wait starts a round, that is when the barrier is not overcome and nobody
    /// waits yet: start what overcomes it here, such as opening the login screen.
    ///
    /// It runs before the wait suspends, so it may overcome or cancel the barrier at once (a
    /// stored token signs the user in): the waiter is then resumed straight away.
    public var whenNeeded: (@MainActor (Barrier<Value>) -> Void)?

    /// Whether it is overcome, and with what.
    private var state: State
    /// The waiters of the current round, in the order they started waiting. Withdrawn ones stay
    /// until they outnumber the queued ones, so leaving costs the same wherever a waiter stands (a
    /// tear-down withdraws its controllers' waits last first, a detach anywhere).
    private var waiters: [Waiter] = []
    /// How many of `waiters` are still queued: counted as they join and leave, since counting
    /// them on each leave would scan the queue it keeps in order to avoid scanning.
    private var queuedCount = 0

    private enum State {
        case closed
        case overcome(Value)
    }

    /// Creates a closed barrier.
    ///
    /// - Parameters:
    ///   - name: Its name, such as `"signedIn"`.
    ///   - whenNeeded: Starts what overcomes it, when a wait starts a round; see ``whenNeeded``.
    public init(_ name: String, whenNeeded: (@MainActor (Barrier<Value>) -> Void)? = nil) {
        self.name = name
        self.whenNeeded = whenNeeded
        state = .closed
    }

    /// Creates a barrier overcome already: every wait returns `value` at once, until ``reset()``.
    ///
    /// ```swift
    /// let signedIn = Barrier("signedIn", overcomeWith: "ada")  // a test, a session restored
    /// ```
    ///
    /// - Parameters:
    ///   - name: Its name.
    ///   - value: What waits return.
    public init(_ name: String, overcomeWith value: Value) {
        self.name = name
        state = .overcome(value)
    }

    /// The value it was overcome with, or `nil` while it is closed.
    public var value: Value? {
        if case .overcome(let value) = state { return value }
        return nil
    }

    /// Whether it is overcome: a wait returns at once.
    public var isOvercome: Bool {
        if case .overcome = state { return true }
        return false
    }

    /// How many waiters the current round holds.
    public var waiterCount: Int { queuedCount }

    /// Overcomes the barrier: every waiter is resumed with `value`, in the order it started
    /// waiting, and later waits return it at once.
    ///
    /// Overcoming a barrier overcome already replaces its value.
    ///
    /// - Parameter value: What the waiters get, such as the signed-in user.
    public func overcome(with value: Value) {
        state = .overcome(value)
        for waiter in takeRound() {
            waiter.finish(.success(value))
        }
    }

    /// Cancels the current round: every waiter is resumed with
    /// ``BarrierCancellation/cancelled(_:)``, in the order it started waiting. The barrier stays as
    /// it was; the next wait starts a new round.
    public func cancel() {
        for waiter in takeRound() {
            waiter.finish(.failure(.cancelled(name)))
        }
    }

    /// Closes an overcome barrier again (the user signed out): the next wait starts a new round.
    public func reset() {
        state = .closed
    }

    /// Takes the current round's waiters, so that a wait made while they are resumed starts the
    /// next round.
    private func takeRound() -> [Waiter] {
        let round = waiters.filter(\.isQueued)
        for waiter in round {
            waiter.isQueued = false
        }
        waiters = []
        queuedCount = 0
        return round
    }

    /// Leaves the queue and is resumed, once, with ``BarrierCancellation/abandoned(_:)``; nothing
    /// if it was resumed already.
    private func withdraw(_ waiter: Waiter) {
        if waiter.isQueued {
            waiter.isQueued = false
            queuedCount -= 1
            if waiters.count > 2 * queuedCount { waiters.removeAll { !$0.isQueued } }
        }
        waiter.finish(.failure(.abandoned(name)))
    }

    /// One wait: resumed exactly once.
    @MainActor
    private final class Waiter {
        private var resume: (@MainActor (Result<Value, BarrierCancellation>) -> Void)?
        /// Whether it is in the current round's queue: not once the round was taken or it left.
        var isQueued = true

        init(_ resume: @escaping @MainActor (Result<Value, BarrierCancellation>) -> Void) {
            self.resume = resume
        }

        /// Whether it still waits to be resumed.
        var isWaiting: Bool { resume != nil }

        func finish(_ result: Result<Value, BarrierCancellation>) {
            guard let resume else { return }
            self.resume = nil
            resume(result)
        }
    }
}

extension Barrier where Value == Void {
    /// Overcomes a barrier that carries no value, such as "terms accepted".
    public func overcome() {
        overcome(with: ())
    }
}

extension Barrier: @MainActor CustomStringConvertible {
    /// `Barrier 'signedIn' (closed, 2 waiting)` or `Barrier 'signedIn' (overcome)`.
    public var description: String {
        isOvercome ? "Barrier '\(name)' (overcome)" : "Barrier '\(name)' (closed, \(waiterCount) waiting)"
    }
}

// MARK: - Waiting, for the kit and the packages built on it

extension Barrier {
    /// Waits with a callback, which gets the value or a cancellation exactly once: at once when
    /// the barrier is overcome, else when it is overcome, cancelled or the wait withdrawn.
    ///
    /// A wait that starts a round calls ``whenNeeded`` before returning.
    ///
    /// - Parameter resume: Called once with the outcome.
    /// - Returns: The wait, to withdraw it; `nil` when it was resumed already (also by
    ///   ``whenNeeded``).
    package func wait(_ resume: @escaping @MainActor (Result<Value, BarrierCancellation>) -> Void) -> BarrierWait? {
        if case .overcome(let value) = state {
            resume(.success(value))
            return nil
        }
        let waiter = Waiter(resume)
        let startsRound = queuedCount == 0
        waiters.append(waiter)
        queuedCount += 1
        // The wait holds the barrier, so a barrier the app let go of still resumes its waiters.
        let wait = BarrierWait(barrier: name) { self.withdraw(waiter) }
        if startsRound { whenNeeded?(self) }
        return waiter.isWaiting ? wait : nil
    }
}

/// A wait on a ``Barrier`` that its waiter may give up: a controller task's, withdrawn when the
/// task is cancelled; a held navigation's.
@MainActor
package final class BarrierWait {
    /// The barrier's name.
    package let barrier: String
    private let leave: @MainActor () -> Void

    init(barrier: String, leave: @escaping @MainActor () -> Void) {
        self.barrier = barrier
        self.leave = leave
    }

    /// Leaves the barrier's queue: the waiter is resumed, once, with
    /// ``BarrierCancellation/abandoned(_:)``, unless it was resumed already.
    package func withdraw() {
        leave()
    }
}
