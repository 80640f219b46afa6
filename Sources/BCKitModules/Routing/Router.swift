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
        guard let found = try table.match(url) else { return nil }
        return RouteMatch(route: routes[found.route], parameters: found.parameters)
    }

    /// Matches a URL.
    ///
    /// - Parameter url: The URL.
    /// - Returns: The match, or `nil` when no route matches the URL's path.
    /// - Throws: A ``RouteError``, as for ``match(_:)-(String)``.
    @inlinable
    public func match(_ url: URL) throws(RouteError) -> RouteMatch<Target>? {
        guard let found = try table.match(url) else { return nil }
        return RouteMatch(route: routes[found.route], parameters: found.parameters)
    }

    func match(_ url: RouteURL) throws(RouteError) -> RouteMatch<Target>? {
        guard let found = try table.match(url) else { return nil }
        return RouteMatch(route: routes[found.route], parameters: found.parameters)
    }

    /// The route registered under a name.
    ///
    /// - Parameter name: The route's name.
    /// - Returns: The route, or `nil`.
    public func route(named name: String) -> Route<Target>? {
        if let index = explicitNames[name] { return routes[index] }
        return RouterBuilder.unnamedRoute(named: name, in: routes, table.trie).map { routes[$0] }
    }
}
