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
    /// The routes registered with a name of their own. A route without one is named by its
    /// pattern's canonical form, which no other unnamed route can share (the same canonical form
    /// is the same place in the trie, refused as a duplicate), so those names need no index:
    /// ``Router/route(named:)`` finds them through the trie.
    private var explicitNames: [String: Int] = [:]

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
        // Every check comes before the insertion, so a refused route leaves the builder as it was.
        let place = trie.place(of: pattern)
        if case .occupied(let existing) = place {
            let other = routes[existing].pattern
            throw other == pattern ? .duplicateRoute(pattern.text) : .ambiguousRoutes(other.text, pattern.text)
        }
        let canonical = pattern.description
        if let name {
            guard explicitNames[name] == nil, Self.unnamedRoute(named: name, in: routes, trie) == nil else {
                throw .duplicateRouteName(name)
            }
        } else if !explicitNames.isEmpty, explicitNames[canonical] != nil {
            throw .duplicateRouteName(canonical)
        }
        trie.insert(pattern, route: routes.count, at: place)
        if let name { explicitNames[name] = routes.count }
        routes.append(Route(name: name ?? canonical, pattern: pattern, target: target))
    }

    /// Makes room for `count` more routes, so that registering many at once (a launch) fills
    /// storage allocated once instead of growing it step by step, each step a fresh allocation
    /// the system must map in again.
    mutating func reserveCapacity(_ count: Int) {
        routes.reserveCapacity(routes.count + count)
        trie.reserveCapacity(nodes: count)
    }

    /// Freezes the routes registered so far into a router.
    ///
    /// The builder stays usable; routes registered later do not reach routers already built.
    ///
    /// - Returns: An immutable router.
    public func build() -> Router<Target> {
        Router(routes: routes, trie: trie, explicitNames: explicitNames)
    }

    /// The route registered without a name whose canonical form is `name`, if there is one.
    static func unnamedRoute(named name: String, in routes: [Route<Target>], _ trie: RouteTrie) -> Int? {
        // Only a pattern's canonical form can name an unnamed route; most names ("cart.add")
        // are not patterns at all and are refused by the parser at once.
        guard let pattern = try? RoutePattern(name), case .occupied(let index) = trie.place(of: pattern),
            routes[index].name == name
        else { return nil }
        return index
    }
}
