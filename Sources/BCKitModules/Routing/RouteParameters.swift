/// The parameters of a matched URL: path parameters, declared query parameters, the catch-all
/// tail and every other query item, all percent-decoded.
///
/// ```swift
/// // shop://goods/detail/42?ref=home
/// let id = match.parameters.value("id", as: Int.self)   // 42
/// let ref = match.parameters["ref"]                      // "home"
/// ```
public struct RouteParameters: Sendable, Equatable {
    /// Path parameters and the declared query parameters present in the URL, by name.
    public let values: [String: String]

    /// Every query item of the URL, by name; when a name repeats, the first value wins.
    public let query: [String: String]

    /// The segments a catch-all matched, in order; empty when the route has none.
    public let rest: [String]

    /// Creates parameters; the router does this for you.
    ///
    /// - Parameters:
    ///   - values: Path and declared query parameters.
    ///   - query: All query items.
    ///   - rest: The catch-all segments.
    public init(values: [String: String] = [:], query: [String: String] = [:], rest: [String] = []) {
        self.values = values
        self.query = query
        self.rest = rest
    }

    /// The decoded text of a parameter: a path or declared query parameter, else any query item.
    ///
    /// - Parameter name: The parameter's name.
    public subscript(name: String) -> String? {
        values[name] ?? query[name]
    }

    /// A parameter converted to a type, or `nil` when it is absent or does not convert.
    ///
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - type: `String`, `Int`, `Double`, `Bool`, `UUID` or another ``RouteValue``.
    /// - Returns: The value, or `nil`.
    public func value<Value: RouteValue>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        self[name].flatMap(Value.init(routeText:))
    }
}
