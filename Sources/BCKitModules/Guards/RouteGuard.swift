public import BCKit

/// A condition a route can require, such as being signed in: built on BCKit's `Barrier`, so a
/// navigation waits for it by the rule an action inside a screen waits by.
///
/// When a navigation reaches a guard whose condition is unmet:
///
/// 1. the navigation is held and ``Navigator/open(_:context:completion:)-(String,_,_)`` returns
///    ``NavigationOutcome/held(by:)``: it joins the guard's barrier;
/// 2. if it is the first to wait in this round, the barrier's `whenNeeded` runs: for a guard made
///    with a ``url``, the navigator opens that URL (the login screen); later arrivals join the
///    round without opening it again. Should opening it throw, the navigator reports a
///    `Diagnostic` of cause `unopenedGuardURL`, in every build, and the navigation still waits;
/// 3. when the barrier is overcome (``Navigator/guardDidSucceed(_:)``, or the app overcoming a
///    barrier it shares), every held navigation resumes, in arrival order, each continuing with
///    the route's next guard (the guard that let it through is not asked again) and then its
///    handler;
/// 4. when the barrier is cancelled (``Navigator/guardDidCancel(_:)``, or the app cancelling the
///    barrier), every held navigation is dropped, in arrival order, and each one's completion gets
///    a ``NavigationCancellation``; their handlers never run.
///
/// A navigation never overtakes those held on its guard: while they wait, a new one joins them
/// even if the condition now holds, and goes on or is dropped with them. (One that a resumed
/// navigation's handler opens while ``Navigator/guardDidSucceed(_:)`` resumes them is not held: the
/// guard succeeded, and it opens at once.) Only the barrier lets
/// them go, so a guard made with a condition needs ``Navigator/guardDidSucceed(_:)`` once its flow
/// succeeds; debug builds report one whose condition holds while navigations wait on it, as a
/// `Diagnostic` of cause `unreportedGuardSuccess`.
///
/// > Important: A navigation that arrives while others wait joins them without opening the
/// > guard's URL again, so the guard's flow must end the round by calling exactly one of
/// > ``Navigator/guardDidSucceed(_:)`` and ``Navigator/guardDidCancel(_:)``, however it closes (a
/// > login screen the user dismisses cancels). A flow closed without either leaves the held
/// > navigations, and every later one on the guard, waiting, and the login screen never opens
/// > again. Nothing reports it: a navigation joining the round is normal (a second tap while the
/// > login screen shows).
///
/// Navigations still held when their navigator is released (a ``ModuleHost`` going away) are
/// dropped the same way, on the main actor (at once when it is released there), and leave their
/// barrier's queue: none waits for ever, and the next wait on a barrier the app shares starts a
/// new round.
///
/// The next navigation held after a cancel starts a new round. A guard's route may report success
/// or cancel from its own handler (a stored token signs the user in at once): the held navigation
/// is then resumed or dropped before ``Navigator/open(_:context:completion:)-(String,_,_)``
/// returns, which still returns ``NavigationOutcome/held(by:)``, the outcome when the navigation
/// was held.
///
/// A guard is made from a condition the navigator asks, or from a barrier the app shares with the
/// actions of its screens, so that signing in once lets both through:
///
/// ```swift
/// let signedIn = RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }
///
/// let account = Barrier<String>("signedIn") { _ in showLogin() }
/// let shared = RouteGuard(name: "signedIn", barrier: account)  // add-to-cart waits on `account` too
/// ```
public struct RouteGuard: Sendable {
    /// The name routes use to require this guard.
    public let name: String

    /// The URL the navigator opens to satisfy the guard, such as `shop://login`, for a guard made
    /// with a condition; `nil` for one built on an app's barrier, whose own `whenNeeded` starts
    /// what overcomes it. It must be a URL, which the navigator checks when it is made; it need
    /// not match a route.
    public let url: String?

    /// Whether the condition holds now; asked each time a navigation reaches the guard while no
    /// other navigation waits on it. For a guard built on a barrier: whether the barrier is
    /// overcome.
    public let isSatisfied: @MainActor @Sendable () -> Bool

    /// The app's barrier the guard is built on, or `nil` for a guard the navigator makes one for.
    let barrier: GuardBarrier?

    /// Creates a guard on a condition the navigator asks; the navigator makes its barrier, and
    /// opens `url` when a round starts.
    ///
    /// - Parameters:
    ///   - name: The name routes use to require it.
    ///   - url: The URL that satisfies it, such as the login route.
    ///   - isSatisfied: Whether the condition holds now.
    public init(name: String, url: String, isSatisfied: @escaping @MainActor @Sendable () -> Bool) {
        self.name = name
        self.url = url
        self.isSatisfied = isSatisfied
        barrier = nil
    }

    /// Creates a guard on a barrier the app shares with its actions: a navigation waits while the
    /// barrier is not overcome, resumes when the app overcomes it and is dropped when the app
    /// cancels it, together with every action waiting on it.
    ///
    /// The barrier's `whenNeeded` starts what overcomes it (opens the login screen), for a held
    /// navigation as for an action. ``Navigator/guardDidCancel(_:)`` cancels the barrier;
    /// ``Navigator/guardDidSucceed(_:)`` overcomes it only when it carries no value (a
    /// `Barrier<Void>`): overcome one with a value yourself.
    ///
    /// - Parameters:
    ///   - name: The name routes use to require it.
    ///   - barrier: The barrier; the guard is satisfied while it is overcome.
    public init<Value>(name: String, barrier: Barrier<Value>) {
        self.name = name
        url = nil
        isSatisfied = { barrier.isOvercome }
        self.barrier = GuardBarrier(barrier)
    }
}

/// A guard's barrier with its value's type left out: what the navigator holds navigations on.
struct GuardBarrier: Sendable {
    /// Waits; the callback gets whether the barrier was overcome (else it was cancelled).
    let wait: @MainActor @Sendable (_ resume: @escaping @MainActor (_ isOvercome: Bool) -> Void) -> BarrierWait?
    /// Overcomes it, for a barrier that carries no value; `nil` for one that does.
    let overcome: (@MainActor @Sendable () -> Void)?
    let cancel: @MainActor @Sendable () -> Void
    let reset: @MainActor @Sendable () -> Void
    let isOvercome: @MainActor @Sendable () -> Bool
    /// Whether the current round has waiters, held navigations or an app's actions.
    let hasWaiters: @MainActor @Sendable () -> Bool
    /// The barrier's value type, for the message that refuses ``Navigator/guardDidSucceed(_:)``.
    let valueType: String

    init<Value>(_ barrier: Barrier<Value>) {
        wait = { resume in barrier.wait { resume((try? $0.get()) != nil) } }
        if let void = barrier as? Barrier<Void> {
            overcome = { void.overcome() }
        } else {
            overcome = nil
        }
        cancel = { barrier.cancel() }
        reset = { barrier.reset() }
        isOvercome = { barrier.isOvercome }
        hasWaiters = { barrier.waiterCount > 0 }
        valueType = String(describing: Value.self)
    }
}

/// Passed to the completion of a navigation a guard dropped.
public struct NavigationCancellation: Hashable, Sendable {
    /// The URL that was not opened.
    public let url: String

    /// The guard that was cancelled.
    public let guardName: String

    /// Creates a cancellation; the navigator does this for you.
    ///
    /// - Parameters:
    ///   - url: The URL that was not opened.
    ///   - guardName: The cancelled guard.
    public init(url: String, guardName: String) {
        self.url = url
        self.guardName = guardName
    }
}
