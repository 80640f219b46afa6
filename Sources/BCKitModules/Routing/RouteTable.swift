public import Foundation

/// The type-independent half of a ``Router``: the trie and the patterns, in route order.
///
/// Everything a lookup does apart from handing out the target happens here, in code that is not
/// generic over the target, so it runs without generic metadata lookups; ``Router`` wraps it in
/// an inlinable `match` that its caller specializes.
@usableFromInline
struct RouteTable: Sendable {
    /// A route found for a URL, with its decoded parameters.
    @usableFromInline
    struct Found {
        @usableFromInline let route: Int
        @usableFromInline let parameters: RouteParameters
    }

    let trie: RouteTrie
    let patterns: [RoutePattern]

    @usableFromInline
    func match(_ url: String) throws(RouteError) -> Found? {
        try match(RouteURL(url))
    }

    @usableFromInline
    func match(_ url: URL) throws(RouteError) -> Found? {
        try match(RouteURL(url))
    }

    func match(_ url: RouteURL) throws(RouteError) -> Found? {
        guard let hit = trie.match(scheme: url.scheme, host: url.host, segments: url.segments) else { return nil }
        let pattern = patterns[hit.route]
        var values: [String: String] = [:]
        if !hit.captures.isEmpty || !pattern.query.isEmpty {
            values.reserveCapacity(hit.captures.count + pattern.query.count)
        }
        var captured = hit.captures.makeIterator()
        for segment in pattern.segments {
            if let name = segment.parameterName, let value = captured.next() { values[name] = value }
        }
        var query: [String: String] = [:]
        for item in url.query where query[item.name] == nil {
            query[item.name] = item.value
        }
        for declared in pattern.query {
            guard let value = query[declared.name] else {
                if declared.isRequired { throw .missingQueryParameter(pattern.text, name: declared.name) }
                continue
            }
            guard declared.kind.accepts(value) else {
                throw .invalidParameterValue(
                    pattern.text, name: declared.name, value: value, type: declared.kind.description)
            }
            values[declared.name] = value
        }
        let rest = hit.restStart.map { Array(url.segments[$0...]) } ?? []
        return Found(route: hit.route, parameters: RouteParameters(values: values, query: query, rest: rest))
    }
}
