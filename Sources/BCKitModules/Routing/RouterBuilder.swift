/// Collects routes, checking each as it comes, and builds an immutable ``Router``.
///
/// Registration happens only here; the router it builds has no way to add routes, so a router
/// shared across threads can never change under a lookup.
///
/// ```swift
/// var builder = RouterBuilder<String>()
/// try builder.register("shop://goods/detail/:id<Int>", name: "goods.detail", to: "GoodsDetail")
/// try builder.register("shop://goods/*path", to: "GoodsFallback")
/// let router = builder.build()
/// ```
public struct RouterBuilder<Target: Sendable>: Sendable {
    private var routes: [Route<Target>] = []
    private var trie = RouteTrie()
    private var namesToRoutes: [String: Int] = [:]

    /// Creates an empty builder.
    public init() {}

    /// How many routes have been registered.
    public var count: Int { routes.count }

    /// Registers a route.
    ///
    /// - Parameters:
    ///   - pattern: The pattern, in the syntax of ``RoutePattern``.
    ///   - name: A name for reverse routing and listings; the pattern's canonical form when `nil`.
    ///   - target: What the route leads to.
    /// - Throws: A ``RouteError``: the pattern is malformed, registered already, ambiguous with an
    ///   earlier one (the error names both), or the name is taken. A refused route changes nothing.
    /// - Complexity: O(*s*) for a pattern of *s* segments.
    public mutating func register(_ pattern: String, name: String? = nil, to target: Target) throws(RouteError) {
        try register(RoutePattern(pattern), name: name, to: target)
    }

    /// Registers a route from a parsed pattern.
    ///
    /// - Parameters:
    ///   - pattern: The parsed pattern.
    ///   - name: A name for reverse routing and listings; the pattern's canonical form when `nil`.
    ///   - target: What the route leads to.
    /// - Throws: A ``RouteError`` when the route is a duplicate, ambiguous or its name is taken.
    public mutating func register(_ pattern: RoutePattern, name: String? = nil, to target: Target) throws(RouteError) {
        let name = name ?? pattern.description
        // Every check comes before the insertion, so a refused route leaves the builder as it was.
        if let existing = trie.occupant(of: pattern) {
            let other = routes[existing].pattern
            throw other == pattern ? .duplicateRoute(pattern.text) : .ambiguousRoutes(other.text, pattern.text)
        }
        guard namesToRoutes[name] == nil else { throw .duplicateRouteName(name) }
        let conflict = trie.insert(pattern, route: routes.count)
        assert(conflict == nil, "occupant(of:) found no route where insert(_:route:) found one")
        namesToRoutes[name] = routes.count
        routes.append(Route(name: name, pattern: pattern, target: target))
    }

    /// Freezes the routes registered so far into a router.
    ///
    /// The builder stays usable; routes registered later do not reach routers already built.
    ///
    /// - Returns: An immutable router.
    public func build() -> Router<Target> {
        Router(routes: routes, trie: trie, namesToRoutes: namesToRoutes)
    }
}
