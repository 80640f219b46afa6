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

    let trie: RouteTrie
    let namesToRoutes: [String: Int]

    /// Matches a URL given as text.
    ///
    /// - Parameter url: The URL, such as `shop://goods/detail/42?ref=home`.
    /// - Returns: The match, or `nil` when no route matches the URL's path.
    /// - Throws: A ``RouteError`` when the text is not a URL with a scheme and a host, has a broken
    ///   percent escape, or matches a route whose declared query parameters it does not satisfy.
    /// - Complexity: Proportional to the URL's length; independent of the number of routes.
    public func match(_ url: String) throws(RouteError) -> RouteMatch<Target>? {
        try match(RouteURL(url))
    }

    /// Matches a URL.
    ///
    /// - Parameter url: The URL.
    /// - Returns: The match, or `nil` when no route matches the URL's path.
    /// - Throws: A ``RouteError``, as for ``match(_:)-(String)``.
    public func match(_ url: URL) throws(RouteError) -> RouteMatch<Target>? {
        try match(RouteURL(url))
    }

    func match(_ url: RouteURL) throws(RouteError) -> RouteMatch<Target>? {
        guard let hit = trie.match(scheme: url.scheme, host: url.host, segments: url.segments) else { return nil }
        let route = routes[hit.route]
        var values: [String: String] = [:]
        var captured = hit.captures.makeIterator()
        for segment in route.pattern.segments {
            if let name = segment.parameterName, let value = captured.next() { values[name] = value }
        }
        var query: [String: String] = [:]
        for item in url.query where query[item.name] == nil {
            query[item.name] = item.value
        }
        for declared in route.pattern.query {
            guard let value = query[declared.name] else {
                if declared.isRequired { throw .missingQueryParameter(route.pattern.text, name: declared.name) }
                continue
            }
            guard declared.kind.accepts(value) else {
                throw .invalidParameterValue(
                    route.pattern.text, name: declared.name, value: value, type: declared.kind.description)
            }
            values[declared.name] = value
        }
        let rest = hit.restStart.map { Array(url.segments[$0...]) } ?? []
        return RouteMatch(route: route, parameters: RouteParameters(values: values, query: query, rest: rest))
    }

    /// The route registered under a name.
    ///
    /// - Parameter name: The route's name.
    /// - Returns: The route, or `nil`.
    public func route(named name: String) -> Route<Target>? {
        namesToRoutes[name].map { routes[$0] }
    }
}
