/// What a navigable route leads to: a handler, the guards that must let the navigation through
/// first, whether links from outside the app may open it, and an optional test that lets the
/// handler decline a match it cannot serve.
///
/// ```swift
/// var builder = RouterBuilder<RouteDestination>()
/// try builder.register("shop://cart/add/:id<Int>", to: RouteDestination(guards: ["signedIn"]) { request in
///     cart.add(request.parameters.value("id", as: Int.self) ?? 0)
/// })
/// try builder.register("shop://goods/:id<Int>", to: RouteDestination(
///     external: true,
///     accepts: { catalog.has($0.parameters.value("id", as: Int.self)) },
///     handler: { showGoods($0.parameters.value("id", as: Int.self)) }
/// ))
/// ```
public struct RouteDestination: Sendable {
    /// The names of the guards to pass, in order, before the handler runs.
    public let guards: [String]

    /// Whether a navigation from outside the app (a launch argument, a pasted link) may open the
    /// route; see ``Navigator/open(_:from:context:completion:)-(String,_,_,_)``.
    public let isExternal: Bool

    /// Whether the handler serves a match; `nil` serves every match. Asked before the guards:
    /// a declined match is backed out of as from a dead end, and the router tries the next
    /// route in precedence order (or the unmatched handler).
    public let accepts: RouteAcceptance?

    /// Runs once every guard is satisfied.
    public let handler: RouteHandler

    /// Creates a destination.
    ///
    /// - Parameters:
    ///   - guards: The names of ``RouteGuard``s to pass, in order; none by default.
    ///   - external: Whether links from outside the app may open the route; `false` by default.
    ///   - accepts: Whether the handler serves a match; every match by default.
    ///   - handler: What opening the route does.
    public init(
        guards: [String] = [],
        external: Bool = false,
        accepts: RouteAcceptance? = nil,
        handler: @escaping RouteHandler
    ) {
        self.guards = guards
        self.isExternal = external
        self.accepts = accepts
        self.handler = handler
    }
}

/// Whether a route's handler serves a matched request (DeepLinkKit's `shouldHandleDeepLink`):
/// `false` declines it, and the router tries the next candidate.
public typealias RouteAcceptance = @MainActor @Sendable (RouteRequest) -> Bool
