public import BCKit

// MARK: - App events and URLs

extension ModuleHost {
    /// Tells every module the app is coming to the foreground.
    public func enterForeground() {
        owner.center.quietly.send((any AppEventConversation).self) { $0.appWillEnterForeground() }
    }

    /// Tells every module the app went to the background.
    public func enterBackground() {
        owner.center.quietly.send((any AppEventConversation).self) { $0.appDidEnterBackground() }
    }

    /// Opens a URL with the navigator, telling every module first
    /// (``AppEventConversation/appDidOpen(_:)``) once the navigator accepts it.
    ///
    /// - Parameters:
    ///   - url: The URL, such as `shop://goods/detail/42`.
    ///   - context: Complex parameters for the route's handler.
    ///   - completion: Handed to the handler; see ``Navigator/open(_:context:completion:)-(String,_,_)``.
    /// - Returns: What became of the navigation.
    /// - Throws: A ``RouteError`` when the URL is malformed, ``RouteError/hostNotLaunched(_:)``
    ///   before ``launch()``, or ``RouteError/hostLaunchFailed(_:failure:)`` after a failed one;
    ///   modules hear nothing of a URL the host refuses.
    @discardableResult
    public func open(
        _ url: String,
        context: [String: any Sendable] = [:],
        completion: RouteCompletion? = nil
    ) throws(RouteError) -> NavigationOutcome {
        try open(url, from: .app, context: context, completion: completion)
    }

    /// Opens a URL with the navigator as coming from `origin`, telling every module first
    /// (``AppEventConversation/appDidOpen(_:)``) once the navigator accepts it: from
    /// ``NavigationOrigin/outside``, only external routes of ``externalSchemes`` open.
    ///
    /// Modules hear of a URL only once it is accepted, after the route is chosen and before its
    /// handler, the web handler or the unmatched handler runs, or it waits on a guard. A URL no
    /// route matches is accepted: modules hear of it, then it goes to the unmatched handler.
    ///
    /// - Parameters:
    ///   - url: The URL, such as `shop://goods/detail/42`.
    ///   - origin: Where the navigation comes from.
    ///   - context: Complex parameters for the route's handler.
    ///   - completion: Handed to the handler.
    /// - Returns: What became of the navigation.
    /// - Throws: A ``RouteError`` when the URL is malformed or refused (see
    ///   ``Navigator/open(_:from:context:completion:)-(String,_,_,_)``), ``RouteError/hostNotLaunched(_:)``
    ///   before ``launch()``, or ``RouteError/hostLaunchFailed(_:failure:)`` after a failed one;
    ///   modules hear nothing of a URL the host refuses.
    @discardableResult
    public func open(
        _ url: String,
        from origin: NavigationOrigin,
        context: [String: any Sendable] = [:],
        completion: RouteCompletion? = nil
    ) throws(RouteError) -> NavigationOutcome {
        // A deep link can arrive before the app got round to launching: the caller is told,
        // rather than the process stopped.
        guard let navigator else { throw notOpening(url) }
        return try navigator.open(
            RouteURL(url), text: url, from: origin, context: context, completion: completion,
            beforeOpening: { announceOpening(url) })
    }

    /// Opens a URL for a controller that asked its screen to navigate, telling every module
    /// first (``AppEventConversation/appDidOpen(_:)``) once the navigator accepts it, and answers
    /// with what became of it (``Navigator/navigate(to:)``): what a screen's `HostServices` calls.
    ///
    /// ```swift
    /// services.onNavigate = { route in moduleHost.navigate(to: route) }
    /// ```
    ///
    /// - Parameter route: The URL, such as `shop://cart`.
    /// - Returns: What became of it; `declined` before ``launch()`` and after a failed one, when
    ///   there is no navigator, and for a URL the navigator refuses, of which modules hear nothing.
    ///   Debug builds also report each of these through the app owner's diagnostics
    ///   (`Diagnostic.Cause.refusedRoute`, once per scheme and host), since a caller may discard
    ///   the outcome.
    @discardableResult
    public func navigate(to route: String) -> HostNavigationOutcome {
        guard let navigator else {
            let error = notOpening(route)
            reportRefusedRoute(route, error: error)
            return .declined(error.description)
        }
        return navigator.navigate(to: route, beforeOpening: { announceOpening(route) })
    }

    /// Reports, in debug builds, a navigation refused because the host has no navigator, as its
    /// navigator reports one it refuses. The app owner's tree keeps the once-only record: no
    /// navigator exists yet to keep it.
    private func reportRefusedRoute(_ route: String, error: RouteError) {
        #if DEBUG
            owner.report(Navigator.refusedRoute(route, error: error, owner: owner.name))
        #endif
    }

    /// Tells every module the app opens a URL the navigator accepted: one it refuses (malformed,
    /// or from outside and not allowed) would otherwise be announced as opened.
    private func announceOpening(_ url: String) {
        owner.center.quietly.send((any AppEventConversation).self) { $0.appDidOpen(url) }
    }

    /// Why the host opens no URL now: it has not launched, or its launch failed.
    private func notOpening(_ url: String) -> RouteError {
        guard case .failed(let failure) = launchState else { return .hostNotLaunched(url) }
        return .hostLaunchFailed(url, failure: failure.description)
    }
}
