import BCKit

// MARK: - Debug diagnostics

extension Navigator {
    /// Reports, in debug builds, a URL that no route matches while no ``unmatchedHandler`` is set:
    /// the navigation does nothing, and nothing else would say so. Once per scheme and host, so a
    /// screen that keeps asking for a missing route is reported once; never a crash.
    ///
    /// It goes through ``diagnosticOwner``'s diagnostics hook when there is one, else the app-wide
    /// `Diagnostic.handler`. Release builds report nothing.
    func reportUnknownRoute(_ url: RouteURL, text: String) {
        #if DEBUG
            let place = "\(url.scheme)://\(url.host)"
            guard reportedUnknownRoutes.insert(place).inserted else { return }
            let diagnostic = Diagnostic(
                cause: .unknownRoute,
                owner: diagnosticOwner?.name,
                message: place,
                hint: """
                    no route matches \(text) and the navigator has no unmatched handler, so the navigation \
                    did nothing: register a route for it, or set Navigator.unmatchedHandler (ModuleHost's \
                    unmatchedHandler) to show a not-found screen
                    """
            )
            if let diagnosticOwner {
                diagnosticOwner.report(diagnostic)
            } else {
                Diagnostic.reportAppWide(diagnostic)
            }
        #endif
    }
}
