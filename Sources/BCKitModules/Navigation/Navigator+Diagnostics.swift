import BCKit

// MARK: - Debug diagnostics

extension Navigator {
    /// Reports, in debug builds, a URL that no route matches while no ``unmatchedHandler`` is set:
    /// the navigation does nothing, and nothing else would say so. Once per scheme and host, so a
    /// screen that keeps asking for a missing route is reported once by each navigator; never a
    /// crash.
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
                // This navigator's record above is the once-only one: another navigator reporting to
                // the same owner has its own.
                diagnosticOwner.report(diagnostic, onceInTree: false)
            } else {
                Diagnostic.reportAppWide(diagnostic)
            }
        #endif
    }

    /// Reports, in debug builds, a URL ``navigate(to:)`` refused: the controller that asked hears
    /// only `declined`, an outcome it may discard, so nothing else would say why nothing opened.
    /// Once per scheme and host, as an unknown route is; never a crash.
    ///
    /// It goes through ``diagnosticOwner``'s diagnostics hook when there is one, else the app-wide
    /// `Diagnostic.handler`. Release builds report nothing.
    func reportRefusedRoute(_ text: String, error: RouteError) {
        #if DEBUG
            let diagnostic = Self.refusedRoute(text, error: error, owner: diagnosticOwner?.name)
            guard reportedRefusedRoutes.insert(diagnostic.message ?? text).inserted else { return }
            if let diagnosticOwner {
                // This navigator's record above is the once-only one, as for an unknown route.
                diagnosticOwner.report(diagnostic, onceInTree: false)
            } else {
                Diagnostic.reportAppWide(diagnostic)
            }
        #endif
    }

    /// The diagnostic of a URL refused to a controller that asked for it, with `error` as the
    /// reason; a ``ModuleHost`` with no navigator yet reports it too.
    static func refusedRoute(_ text: String, error: RouteError, owner: String?) -> Diagnostic {
        // A URL that does not parse has no scheme and host to group its reports by.
        let place = (try? RouteURL(text)).map { "\($0.scheme)://\($0.host)" } ?? text
        return Diagnostic(
            cause: .refusedRoute,
            owner: owner,
            message: place,
            hint: """
                navigate(to: "\(text)") was refused, so nothing opened and the controller that asked heard \
                only .declined: \(error)
                """
        )
    }

    /// Reports, in debug builds, a navigation held behind others on a guard whose condition
    /// holds: only ``guardDidSucceed(_:)`` resumes them, and nothing else would say it was never
    /// called. Once per guard per round of waiting; never a crash.
    ///
    /// A guard built on an app's barrier never gets here: its condition is that barrier being
    /// overcome, which resumes everything waiting on it.
    ///
    /// It goes through ``diagnosticOwner``'s diagnostics hook when there is one, else the app-wide
    /// `Diagnostic.handler`. Release builds report nothing.
    func reportUnreportedGuardSuccess(_ guardName: String) {
        #if DEBUG
            guard guardsReportedThisRound.insert(guardName).inserted else { return }
            let urls = waitingNavigations(for: guardName)
            let diagnostic = Diagnostic(
                cause: .unreportedGuardSuccess,
                owner: diagnosticOwner?.name,
                message: guardName,
                hint: """
                    navigations wait on guard '\(guardName)' although its condition holds \
                    (\(urls.joined(separator: ", "))), and later ones wait behind them rather than overtake them: \
                    most likely its flow succeeded without saying so; call navigator.guardDidSucceed("\(guardName)") \
                    when it succeeds, which resumes them all in arrival order
                    """
            )
            if let diagnosticOwner {
                // This navigator's record above is the once-per-round one: the owner tree's would
                // silence every later round.
                diagnosticOwner.report(diagnostic, onceInTree: false)
            } else {
                Diagnostic.reportAppWide(diagnostic)
            }
        #endif
    }

    /// Reports, in every build, a guard's URL that threw when a round of waiting opened it: the
    /// login screen did not open, so the navigations held on the guard wait until the app ends the
    /// round, and nothing else would say why. The initializer matched the URL already, so only a
    /// handler that declined at run time, passing it to a route that refuses it, gets here.
    ///
    /// It goes through ``diagnosticOwner``'s diagnostics hook when there is one, else the app-wide
    /// `Diagnostic.handler`, each time: every round that fails leaves navigations waiting.
    func reportUnopenedGuardURL(_ url: String, of guardName: String, error: RouteError) {
        let diagnostic = Diagnostic(
            cause: .unopenedGuardURL,
            owner: diagnosticOwner?.name,
            message: guardName,
            hint: """
                guard '\(guardName)' opened \(url) to start a round of waiting, which failed: \(error) Nothing \
                opened, so the navigations held on the guard wait until guardDidSucceed("\(guardName)") or \
                guardDidCancel("\(guardName)"): make the guard's URL one its route accepts, or give that route \
                what it requires
                """
        )
        if let diagnosticOwner {
            diagnosticOwner.report(diagnostic, onceInTree: false)
        } else {
            Diagnostic.reportAppWide(diagnostic)
        }
    }

    /// Reports, in debug builds, a route whose match reached a module's empty default
    /// ``Module/handle(_:)``: the module declared the route but answers it nowhere, most often
    /// because its handler's signature is not the requirement's (`handle(request:)`).
    ///
    /// As an unhandled message the module left to its default, once per module type and owner
    /// tree; never a crash.
    func reportDefaultHandler(type: String, identity: ObjectIdentifier, route: String, url: String) {
        #if DEBUG
            let module = modules[identity].map { "module '\($0.id)' (\(type))" } ?? type
            let diagnostic = Diagnostic(
                cause: .unhandledMessage,
                owner: diagnosticOwner?.name,
                conversation: type,
                message: "handle(_:)",
                ignoredBy: [type],
                hint: """
                    \(url) matched route '\(route)' of \(module), which gives it no handler of its own, so it \
                    reached the empty default handle(_:) and nothing opened: implement \
                    `func handle(_ request: RouteRequest)` in \(type) with exactly that signature (handle(request:) \
                    or any other label is a different method), or return a handler from handler(for:)
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
