/// The handler a module binds to one of its routes at launch: a match of the route calls it
/// directly, with no second dispatch by module or route name.
///
/// ```swift
/// func handler(for route: ModuleRoute) -> ModuleRouteHandler? {
///     guard route.name == "cart.add" else { return nil }  // the others go to handle(_:)
///     return ModuleRouteHandler { [weak self] request in
///         self?.add(request.parameters.value("id", as: Int.self))
///     }
/// }
/// ```
public struct ModuleRouteHandler: Sendable {
    /// Whether the handler serves a match; `nil` serves every match. See ``RouteDestination/accepts``.
    public let accepts: RouteAcceptance?

    /// What opening the route does.
    public let handle: RouteHandler

    /// Creates a route handler.
    ///
    /// - Parameters:
    ///   - accepts: Whether the handler serves a match; declining sends the navigation on to the
    ///     next route in precedence order. Every match by default.
    ///   - handle: What opening the route does.
    public init(accepts: RouteAcceptance? = nil, handle: @escaping RouteHandler) {
        self.accepts = accepts
        self.handle = handle
    }
}
