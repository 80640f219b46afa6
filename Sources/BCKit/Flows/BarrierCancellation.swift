/// Why a wait on a ``Barrier`` ended without its value: the barrier was cancelled, or the waiting
/// controller left.
///
/// ```swift
/// do throws(BarrierCancellation) {
///     let user = try await context.wait(for: signedIn)
///     context.controller?.add(goodsID, for: user)
/// } catch {
///     // `error` is a BarrierCancellation; an abandoned wait has nobody left to tell.
///     if !error.isAbandoned { context.controller?.showSignInWasCancelled() }
/// }
/// ```
public struct BarrierCancellation: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case cancelled
        case abandoned
    }

    private let code: Code

    /// The name of the barrier that was waited on.
    public let barrier: String

    private init(_ code: Code, barrier: String) {
        self.code = code
        self.barrier = barrier
    }

    /// The barrier was cancelled (``Barrier/cancel()``): the user gave up signing in, declined the
    /// terms. The action that waited should not happen.
    ///
    /// - Parameter barrier: The barrier's name.
    /// - Returns: The cancellation.
    public static func cancelled(_ barrier: String) -> Self { Self(.cancelled, barrier: barrier) }

    /// The wait was given up by its side: the waiting controller detached, its owner tore down or
    /// was released, or its task was cancelled. Nobody is left to act.
    ///
    /// - Parameter barrier: The barrier's name.
    /// - Returns: The cancellation.
    public static func abandoned(_ barrier: String) -> Self { Self(.abandoned, barrier: barrier) }

    /// Whether the waiter's side gave up the wait (``abandoned(_:)``) rather than the barrier
    /// being cancelled.
    public var isAbandoned: Bool { code == .abandoned }

    /// What happened and what to do about it.
    public var description: String {
        switch code {
        case .cancelled:
            "barrier '\(barrier)' was cancelled: drop the action that waited for it; wait again to retry"
        case .abandoned:
            "the wait on barrier '\(barrier)' was abandoned: its controller left or its task was cancelled"
        }
    }
}
