/// What a route handler receives: the URL, the matched route, its parameters, the caller's
/// complex parameters and an optional completion.
///
/// Modelled on Bifrost's `handleURL:complexParams:completion:`: URL parameters carry what fits
/// in a URL, ``context`` carries what does not (an image, a model object), and ``completion``
/// lets the opened screen report back to whoever opened it.
///
/// ```swift
/// try builder.register("shop://goods/detail/:id<Int>", to: RouteDestination { request in
///     let screen = GoodsScreen(id: request.parameters.value("id", as: Int.self) ?? 0)
///     screen.onPurchase = { request.complete(with: $0) }
/// })
/// ```
public struct RouteRequest: Sendable {
    /// The URL as it was opened.
    public let url: String

    /// The matched route's name, or `nil` for the web and unmatched handlers.
    public let routeName: String?

    /// The URL's parameters; empty for the web and unmatched handlers.
    public let parameters: RouteParameters

    /// Parameters that do not fit in a URL, passed by the caller of ``Navigator/open(_:context:completion:)-(String,_,_)``.
    public let context: [String: any Sendable]

    /// Called by the handler (or the screen it opened) with a result for the caller, if the
    /// caller asked for one.
    public let completion: RouteCompletion?

    /// What became of the request so far, shared by its copies.
    let state = RouteRequestState()

    /// Creates a request; the navigator does this for you.
    ///
    /// - Parameters:
    ///   - url: The URL as it was opened.
    ///   - routeName: The matched route's name.
    ///   - parameters: The URL's parameters.
    ///   - context: Complex parameters.
    ///   - completion: The caller's completion.
    public init(
        url: String,
        routeName: String? = nil,
        parameters: RouteParameters = RouteParameters(),
        context: [String: any Sendable] = [:],
        completion: RouteCompletion? = nil
    ) {
        self.url = url
        self.routeName = routeName
        self.parameters = parameters
        self.context = context
        self.completion = completion
    }

    /// Reports a result to the caller; does nothing when the caller passed no completion.
    ///
    /// - Parameter value: The result.
    @MainActor
    public func complete(with value: any Sendable) {
        completion?(value)
    }
}

/// A caller's completion for a navigation: receives what the opened screen reports, or a
/// ``NavigationCancellation`` when a guard dropped the navigation.
public typealias RouteCompletion = @MainActor @Sendable (any Sendable) -> Void

/// A route handler: opens a screen, starts a flow, or does whatever the route means.
public typealias RouteHandler = @MainActor @Sendable (RouteRequest) -> Void
