public import Foundation

// MARK: - Reverse routing

extension Router {
    /// Builds the URL of a named route from parameter values: the inverse of matching.
    ///
    /// ```swift
    /// let url = try router.url(named: "goods.detail", parameters: ["id": 42])
    /// // shop://goods/detail/42
    /// ```
    ///
    /// Values are percent-encoded (a `/` inside a value becomes `%2F`, so it stays one segment);
    /// a catch-all's value is split on `/` into segments. Declared query parameters follow in
    /// declaration order; optional ones without a value are left out; values for names the
    /// pattern does not declare are ignored.
    ///
    /// The built URL always matches back: matching it gives this route with these values, or
    /// the build throws. Its `absoluteString` is ASCII: non-ASCII text in the host, literals
    /// and values is percent-encoded UTF-8 (`shop://%E5%95%86%E5%BA%97/...` for the host `商店`),
    /// never punycode, and matching decodes it back.
    ///
    /// - Parameters:
    ///   - name: The route's name.
    ///   - parameters: A value for each path parameter and required query parameter.
    /// - Returns: The URL.
    /// - Throws: A ``RouteError`` when the name is unknown, a value is missing, not of the
    ///   declared type or empty where a segment needs text
    ///   (``RouteError/emptyParameterValue(_:name:)``), or the URL would match another route or
    ///   other values (``RouteError/urlDoesNotMatchBack(_:url:matched:)``).
    public func url(named name: String, parameters: [String: any RouteValue] = [:]) throws(RouteError) -> URL {
        guard let index = routeIndex(named: name) else { throw .unknownRouteName(name) }
        let pattern = routes[index].pattern
        var text = "\(pattern.scheme)://" + Self.escape(pattern.host, allowing: .routeHost)
        var expected: [String: String] = [:]
        for segment in pattern.segments {
            switch segment {
            case .literal:
                text += "/\(segment)"
            case .parameter(let parameter, let kind):
                let value = try Self.text(of: parameter, kind: kind, in: parameters, pattern: pattern)
                guard !value.isEmpty else { throw .emptyParameterValue(pattern.text, name: parameter) }
                expected[parameter] = value
                text += "/" + Self.escape(value, allowing: .routeSegment)
            case .catchAll(let parameter):
                let value = try Self.text(of: parameter, kind: .string, in: parameters, pattern: pattern)
                let pieces = value.split(separator: "/", omittingEmptySubsequences: false)
                guard !pieces.contains(where: \.isEmpty) else {
                    throw .emptyParameterValue(pattern.text, name: parameter)
                }
                expected[parameter] = value
                for piece in pieces {
                    text += "/" + Self.escape(String(piece), allowing: .routeSegment)
                }
            }
        }
        var items: [String] = []
        for declared in pattern.query {
            if parameters[declared.name] == nil, !declared.isRequired { continue }
            let value = try Self.text(of: declared.name, kind: declared.kind, in: parameters, pattern: pattern)
            expected[declared.name] = value
            items.append("\(declared.name)=\(Self.escape(value, allowing: .routeQueryValue))")
        }
        if !items.isEmpty { text += "?" + items.joined(separator: "&") }
        guard let url = URL(string: text) else { throw .unparsableURL(text) }
        // Matching back is the proof that the URL means what was asked: precedence may hand the
        // text to a more specific route, whatever the encoding.
        let parsed = try RouteURL(text)
        let hit = table.trie.match(
            scheme: parsed.scheme, host: parsed.host, segments: parsed.segments, classes: table.classes)
        guard let hit, hit.route == index else {
            throw .urlDoesNotMatchBack(pattern.text, url: text, matched: hit.map { routes[$0.route].pattern.text })
        }
        guard (try? table.match(parsed))??.parameters.values == expected else {
            throw .urlDoesNotMatchBack(pattern.text, url: text, matched: nil)
        }
        return url
    }

    private static func text(
        of name: String,
        kind: ParameterKind,
        in parameters: [String: any RouteValue],
        pattern: RoutePattern
    ) throws(RouteError) -> String {
        guard let value = parameters[name] else { throw .missingParameter(pattern.text, name: name) }
        let text = value.routeText
        guard kind.accepts(text) else {
            throw .invalidParameterValue(pattern.text, name: name, value: text, type: kind.description)
        }
        return text
    }

    private static func escape(_ text: String, allowing allowed: CharacterSet) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
