public import BCKit

/// What became of one call to ``Navigator/open(_:context:completion:)-(String,_,_)``.
///
/// A controller sees it as BCKit's `HostNavigationOutcome` (``hostOutcome``), which its screen's
/// `HostServices` answers with through ``Navigator/navigate(to:)``.
///
/// ```swift
/// #expect(try navigator.open("shop://cart/add/42") == .held(by: "signedIn"))
/// ```
public struct NavigationOutcome: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case opened(String)
        case web
        case unmatched
        case declined(String)
        case held(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The route's handler ran.
    ///
    /// - Parameter route: The route's name.
    public static func opened(_ route: String) -> Self { Self(.opened(route)) }

    /// The URL was `http` or `https` and went to the web handler.
    public static let web = Self(.web)

    /// No route matched; the unmatched handler, if any, ran.
    public static let unmatched = Self(.unmatched)

    /// Routes matched, but each one's handler declined the match (``RouteDestination/accepts``),
    /// or the route's module left it to the empty default ``Module/handle(_:)``; the unmatched
    /// handler, if any, ran.
    ///
    /// - Parameter route: The first route that declined: the most specific match; or the route
    ///   whose module left it to the default.
    public static func declined(by route: String) -> Self { Self(.declined(route)) }

    /// A guard is not satisfied: the navigation waits for it to succeed or be cancelled.
    ///
    /// - Parameter guardName: The guard's name.
    public static func held(by guardName: String) -> Self { Self(.held(guardName)) }

    /// A short description, such as `opened goods.detail` or `held by signedIn`.
    public var description: String {
        switch kind {
        case .opened(let route): "opened \(route)"
        case .web: "opened in the web handler"
        case .unmatched: "unmatched"
        case .declined(let route): "declined by \(route)"
        case .held(let guardName): "held by \(guardName)"
        }
    }

    /// The outcome as a controller sees it, in BCKit's words: an opened route and the web handler
    /// are opened (`opened in the web handler`), held stays held, a decline by a route's handler
    /// is declined, and unmatched stays unmatched.
    ///
    /// A held outcome has no `pending` barrier here; ``Navigator/navigate(to:)`` gives one.
    public var hostOutcome: HostNavigationOutcome {
        hostOutcome(pending: nil)
    }

    /// The outcome as a controller sees it, with the barrier a held navigation's final outcome
    /// will overcome.
    func hostOutcome(pending: Barrier<HostNavigationOutcome>?) -> HostNavigationOutcome {
        switch kind {
        case .opened(let route): .opened(route)
        case .web: .opened("in the web handler")
        case .unmatched: .unmatched
        case .declined(let route): .declined("the handler of \(route) turned it down")
        case .held(let guardName): .held(by: guardName, pending: pending)
        }
    }
}
