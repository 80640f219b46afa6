/// A route a module answers: a pattern, an optional name, the guards it requires and whether
/// links from outside the app may open it.
///
/// ```swift
/// ModuleRoute("shop://cart/add/:id<Int>", name: "cart.add", guards: ["signedIn"])
/// ModuleRoute("shop://goods/detail/:id<Int>", name: "goods.detail", external: true)
/// ```
public struct ModuleRoute: Hashable, Sendable {
    /// The pattern, in the syntax of ``RoutePattern``.
    public let pattern: String

    /// The route's name; the pattern's canonical form when `nil`.
    public let name: String?

    /// The names of the guards the route requires, in order.
    public let guards: [String]

    /// Whether navigations from outside the app may open the route; see
    /// ``Navigator/open(_:from:context:completion:)-(String,_,_,_)``.
    public let isExternal: Bool

    /// Creates a route declaration.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - name: The route's name.
    ///   - guards: The guards it requires.
    ///   - external: Whether links from outside the app may open it; `false` by default.
    public init(_ pattern: String, name: String? = nil, guards: [String] = [], external: Bool = false) {
        self.pattern = pattern
        self.name = name
        self.guards = guards
        self.isExternal = external
    }
}
