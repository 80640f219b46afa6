/// What a navigable route leads to: a handler and the guards that must let the navigation
/// through first.
///
/// ```swift
/// var builder = RouterBuilder<RouteDestination>()
/// try builder.register("shop://cart/add/:id<Int>", to: RouteDestination(guards: ["signedIn"]) { request in
///     cart.add(request.parameters.value("id", as: Int.self) ?? 0)
/// })
/// ```
public struct RouteDestination: Sendable {
    /// The names of the guards to pass, in order, before the handler runs.
    public let guards: [String]

    /// Runs once every guard is satisfied.
    public let handler: RouteHandler

    /// Creates a destination.
    ///
    /// - Parameters:
    ///   - guards: The names of ``RouteGuard``s to pass, in order; none by default.
    ///   - handler: What opening the route does.
    public init(guards: [String] = [], handler: @escaping RouteHandler) {
        self.guards = guards
        self.handler = handler
    }
}
