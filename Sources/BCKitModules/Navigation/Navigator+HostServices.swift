public import BCKit

// MARK: - Navigations a controller asks for

extension Navigator {
    /// Opens an in-app URL for a controller that asked its screen to navigate, and answers with
    /// what became of it: what a screen's `HostServices` calls.
    ///
    /// ```swift
    /// relay.provideServices(HostServices(navigate: { route in navigator.navigate(to: route) }))
    /// ```
    ///
    /// The outcome is ``NavigationOutcome/hostOutcome``, with two additions: a URL the navigator
    /// refuses (malformed, missing a declared query parameter) is `declined` with the error's
    /// message, and reported in debug builds (`Diagnostic.Cause.refusedRoute`, once per scheme
    /// and host), since a caller may discard the outcome; and a held navigation carries a `pending` barrier, overcome with `opened` once its
    /// guards let it through or `dropped` when one of them drops it.
    ///
    /// - Parameter route: The URL the controller asked for.
    /// - Returns: What became of it.
    public func navigate(to route: String) -> HostNavigationOutcome {
        navigate(to: route, beforeOpening: {})
    }

    /// ``navigate(to:)``, running `beforeOpening` once the navigator accepts the URL, before
    /// anything opens: a refused URL, declined with the error's message, never runs it.
    func navigate(to route: String, beforeOpening: () -> Void) -> HostNavigationOutcome {
        let settlement = Barrier<HostNavigationOutcome>("navigation to \(route)")
        do {
            let outcome = try open(
                RouteURL(route), text: route, from: .app, context: [:], completion: nil, settlement: settlement,
                beforeOpening: beforeOpening)
            return outcome.hostOutcome(pending: settlement)
        } catch {
            reportRefusedRoute(route, error: error)
            return .declined(error.description)
        }
    }
}
