/// What became of one call to ``Navigator/open(_:context:completion:)-(String,_,_)``.
///
/// ```swift
/// #expect(try navigator.open("shop://cart/add/42") == .held(by: "signedIn"))
/// ```
public struct NavigationOutcome: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case opened(String)
        case web
        case unmatched
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
        case .held(let guardName): "held by \(guardName)"
        }
    }
}
