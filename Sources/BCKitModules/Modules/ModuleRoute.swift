/// A route a module answers: a pattern, an optional name and the guards it requires.
///
/// ```swift
/// ModuleRoute("shop://cart/add/:id<Int>", name: "cart.add", guards: ["signedIn"])
/// ```
public struct ModuleRoute: Hashable, Sendable {
    /// The pattern, in the syntax of ``RoutePattern``.
    public let pattern: String

    /// The route's name; the pattern's canonical form when `nil`.
    public let name: String?

    /// The names of the guards the route requires, in order.
    public let guards: [String]

    /// Creates a route declaration.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - name: The route's name.
    ///   - guards: The guards it requires.
    public init(_ pattern: String, name: String? = nil, guards: [String] = []) {
        self.pattern = pattern
        self.name = name
        self.guards = guards
    }
}
