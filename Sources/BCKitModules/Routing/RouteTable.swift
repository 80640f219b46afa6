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
    /// The trie's subtrees below choice points, sorted into classes of one shape.
    let classes: [Int32]

    init(trie: RouteTrie, patterns: [RoutePattern]) {
        self.trie = trie
        self.patterns = patterns
        self.classes = trie.suffixClasses()
    }

    /// Parses URL text and matches it, taking every candidate.
    @usableFromInline
    func match(text: String) throws(RouteError) -> Found? {
        try match(RouteURL(text))
    }

    /// Parses a URL value and matches it, taking every candidate.
    @usableFromInline
    func match(url: URL) throws(RouteError) -> Found? {
        try match(RouteURL(url))
    }

    /// Matches a parsed URL, taking every candidate.
    func match(_ url: RouteURL) throws(RouteError) -> Found? {
        let hit = trie.match(scheme: url.scheme, host: url.host, segments: url.segments, classes: classes)
        guard let hit else { return nil }
        return try found(hit, in: url)
    }

    /// The most specific route for the URL that `accept` takes, trying candidates in
    /// precedence order; the same walk as ``match(_:)``, with the candidates offered.
    ///
    /// - Parameters:
    ///   - url: The parsed URL.
    ///   - lookup: The lookup's state; tests read its visit count.
    ///   - accept: Whether a candidate, with its parameters, is taken. Declining one backs out of
    ///     it as from a dead end. Not escaping, so a caller's own non-escaping test can be passed
    ///     on as it is.
    func match(
        _ url: RouteURL,
        lookup: inout RouteTrie.Lookup,
        accepting accept: (Found) throws(RouteError) -> Bool
    ) throws(RouteError) -> Found? {
        var taken: Found?
        _ = try trie.match(
            scheme: url.scheme, host: url.host, segments: url.segments, classes: classes, lookup: &lookup
        ) { hit throws(RouteError) in
            let candidate = try found(hit, in: url)
            guard try accept(candidate) else { return false }
            taken = candidate
            return true
        }
        return taken
    }

    /// The parameters of a trie hit: captures by name, declared query parameters checked.
    @inline(__always)
    private func found(_ hit: RouteTrie.Hit, in url: RouteURL) throws(RouteError) -> Found {
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
