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
    ///
    /// > Important: Call it, or ``complete(with:)``, once per request; a second call stops the
    /// > program with a message naming the route.
    public let completion: RouteCompletion?

    /// What became of the request so far, shared by its copies.
    let state: RouteRequestState

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
        let state = RouteRequestState()
        self.state = state
        // Wrapped so a call through the property counts as much as one through complete(with:).
        self.completion = completion.map { Self.counted($0, in: state, url: url, routeName: routeName) }
    }

    /// The caller's completion, noted in the request's state each time it runs.
    private static func counted(
        _ completion: @escaping RouteCompletion, in state: RouteRequestState, url: String, routeName: String?
    ) -> RouteCompletion {
        { @MainActor value in
            state.complete(url: url, routeName: routeName)
            completion(value)
        }
    }

    /// Reports a result to the caller; does nothing more when the caller passed no completion.
    ///
    /// - Parameter value: The result.
    /// - Important: Call it once per request, whether or not the caller passed a completion; a
    ///   second call (or a call after one through ``completion``) stops the program with a
    ///   message naming the route and the URL, as BCKit's `Reply` does for a second answer.
    @MainActor
    public func complete(with value: any Sendable) {
        if let completion {
            completion(value)
        } else {
            state.complete(url: url, routeName: routeName)
        }
    }
}

/// A caller's completion for a navigation: receives what the opened screen reports, or a
/// ``NavigationCancellation`` when a guard dropped the navigation.
public typealias RouteCompletion = @MainActor @Sendable (any Sendable) -> Void

/// A route handler: opens a screen, starts a flow, or does whatever the route means.
public typealias RouteHandler = @MainActor @Sendable (RouteRequest) -> Void
