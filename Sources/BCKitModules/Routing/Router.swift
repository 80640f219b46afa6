public import Foundation

/// An immutable set of routes that matches URLs to targets; build one with ``RouterBuilder``.
///
/// ```swift
/// if let match = try router.match("shop://goods/detail/42") {
///     show(match.target, id: match.parameters.value("id", as: Int.self))
/// }
/// ```
///
/// Precedence, from most to least specific at each segment: a static segment, a typed
/// parameter, an untyped parameter, a catch-all; a branch that dead-ends further down is backed
/// out of and the next one tried. ``RoutePattern`` documents the syntax.
///
/// A router is a value and `Sendable`: share it freely across threads and tasks.
public struct Router<Target: Sendable>: Sendable {
    /// Every route, in registration order.
    public let routes: [Route<Target>]

    @usableFromInline let table: RouteTable
    /// The routes registered with a name of their own; the others are found by their canonical
    /// form through the trie (see ``route(named:)``).
    let explicitNames: [String: Int]

    init(routes: [Route<Target>], trie: RouteTrie, explicitNames: [String: Int]) {
        self.routes = routes
        self.table = RouteTable(trie: trie, patterns: routes.map(\.pattern))
        self.explicitNames = explicitNames
    }

    /// Matches a URL given as text.
    ///
    /// - Parameter url: The URL, such as `shop://goods/detail/42?ref=home`.
    /// - Returns: The match, or `nil` when no route matches the URL's path.
    /// - Throws: A ``RouteError`` when the text is not a URL with a scheme and a host, has a broken
    ///   percent escape, or matches a route whose declared query parameters it does not satisfy.
    /// - Complexity: Proportional to the URL's length; independent of the number of routes.
    @inlinable
    public func match(_ url: String) throws(RouteError) -> RouteMatch<Target>? {
        // Inlinable so the caller specializes the only generic step, handing out the route;
        // the lookup itself is not generic and needs no metadata for `Target`.
        try table.match(text: url).map { RouteMatch(route: routes[$0.route], parameters: $0.parameters) }
    }

    /// Matches a URL.
    ///
    /// - Parameter url: The URL.
    /// - Returns: The match, or `nil` when no route matches the URL's path.
    /// - Throws: A ``RouteError``, as for ``match(_:)-(String)``.
    @inlinable
    public func match(_ url: URL) throws(RouteError) -> RouteMatch<Target>? {
        try table.match(url: url).map { RouteMatch(route: routes[$0.route], parameters: $0.parameters) }
    }

    /// Matches a parsed URL, offering each candidate to `accept` in precedence order; a declined
    /// candidate is backed out of as from a dead end, and the next one tried.
    func match(
        _ url: RouteURL,
        accepting accept: (RouteMatch<Target>) throws(RouteError) -> Bool
    ) throws(RouteError) -> RouteMatch<Target>? {
        var lookup = RouteTrie.Lookup(captures: [])
        let found = try table.match(url, lookup: &lookup) { found throws(RouteError) in
            try accept(RouteMatch(route: routes[found.route], parameters: found.parameters))
        }
        return found.map { RouteMatch(route: routes[$0.route], parameters: $0.parameters) }
    }

    /// How many trie nodes matching a URL enters; tests read it to prove the lookup's bound.
    func visitedNodes(matching url: String) throws(RouteError) -> Int {
        var lookup = RouteTrie.Lookup(captures: [])
        _ = try table.match(RouteURL(url), lookup: &lookup) { _ in true }
        return lookup.visits
    }

    /// The route registered under a name.
    ///
    /// - Parameter name: The route's name.
    /// - Returns: The route, or `nil`.
    public func route(named name: String) -> Route<Target>? {
        routeIndex(named: name).map { routes[$0] }
    }

    /// The position in ``routes`` of the route registered under a name.
    func routeIndex(named name: String) -> Int? {
        explicitNames[name] ?? RouterBuilder.unnamedRoute(named: name, in: routes, table.trie)
    }
}
