/// A registered route: a pattern, a name and what the caller bound to it.
public struct Route<Target: Sendable>: Sendable {
    /// The route's name: the one given at registration, or the pattern's canonical form.
    public let name: String

    /// The parsed pattern.
    public let pattern: RoutePattern

    /// What the route leads to, such as a handler or a screen identifier.
    public let target: Target
}

/// The result of matching a URL: the route it matched and its parameters.
public struct RouteMatch<Target: Sendable>: Sendable {
    /// The matched route.
    public let route: Route<Target>

    /// The URL's parameters, percent-decoded.
    public let parameters: RouteParameters

    /// The matched route's target.
    public var target: Target { route.target }

    @usableFromInline
    init(route: Route<Target>, parameters: RouteParameters) {
        self.route = route
        self.parameters = parameters
    }
}
