/// A condition a route can require, such as being signed in, with the route that satisfies it.
///
/// Guards have barrier semantics. When a navigation reaches a guard whose condition is unmet:
///
/// 1. the navigation is held and ``Navigator/open(_:context:completion:)-(String,_,_)`` returns
///    ``NavigationOutcome/held(by:)``;
/// 2. if it is the first navigation waiting on this guard, the navigator opens the guard's
///    ``url`` (the login screen); later arrivals join the queue without opening it again;
/// 3. ``Navigator/guardDidSucceed(_:)`` resumes every waiting navigation, in arrival order, each
///    continuing with the route's next guard (the guard that reported success is not asked
///    again) and then its handler;
/// 4. ``Navigator/guardDidCancel(_:)`` drops every waiting navigation, in arrival order, calling
///    each one's completion with a ``NavigationCancellation``; their handlers never run.
///
/// The next navigation held by the guard after a success or a cancel starts a new round and
/// opens the guard's route again. A guard's route may report success or cancel from its own
/// handler (a stored token signs the user in at once): the held navigation is then resumed or
/// dropped before ``Navigator/open(_:context:completion:)-(String,_,_)`` returns, which still
/// returns ``NavigationOutcome/held(by:)``, the outcome when the navigation was held.
///
/// ```swift
/// let signedIn = RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }
/// ```
public struct RouteGuard: Sendable {
    /// The name routes use to require this guard.
    public let name: String

    /// The URL the navigator opens to satisfy the guard, such as `shop://login`. It must be a URL,
    /// which the navigator checks when it is made; it need not match a route.
    public let url: String

    /// Whether the condition holds now; asked each time a navigation reaches the guard.
    public let isSatisfied: @MainActor @Sendable () -> Bool

    /// Creates a guard.
    ///
    /// - Parameters:
    ///   - name: The name routes use to require it.
    ///   - url: The URL that satisfies it, such as the login route.
    ///   - isSatisfied: Whether the condition holds now.
    public init(name: String, url: String, isSatisfied: @escaping @MainActor @Sendable () -> Bool) {
        self.name = name
        self.url = url
        self.isSatisfied = isSatisfied
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
