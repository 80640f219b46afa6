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
    /// - Parameters:
    ///   - name: The route's name.
    ///   - parameters: A value for each path parameter and required query parameter.
    /// - Returns: The URL.
    /// - Throws: A ``RouteError`` when the name is unknown, a value is missing or not of the
    ///   declared type.
    public func url(named name: String, parameters: [String: any RouteValue] = [:]) throws(RouteError) -> URL {
        guard let route = route(named: name) else { throw .unknownRouteName(name) }
        let pattern = route.pattern
        var text = "\(pattern.scheme)://\(pattern.host)"
        for segment in pattern.segments {
            switch segment {
            case .literal:
                text += "/\(segment)"
            case .parameter(let parameter, let kind):
                let value = try Self.text(of: parameter, kind: kind, in: parameters, pattern: pattern)
                text += "/" + Self.escape(value, allowing: .routeSegment)
            case .catchAll(let parameter):
                let value = try Self.text(of: parameter, kind: .string, in: parameters, pattern: pattern)
                for piece in value.split(separator: "/") {
                    text += "/" + Self.escape(String(piece), allowing: .routeSegment)
                }
            }
        }
        var items: [String] = []
        for declared in pattern.query {
            if parameters[declared.name] == nil, !declared.isRequired { continue }
            let value = try Self.text(of: declared.name, kind: declared.kind, in: parameters, pattern: pattern)
            items.append("\(declared.name)=\(Self.escape(value, allowing: .routeQueryValue))")
        }
        if !items.isEmpty { text += "?" + items.joined(separator: "&") }
        guard let url = URL(string: text) else { throw .unparsableURL(text) }
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
