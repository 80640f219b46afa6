// MARK: - Diagnostics

extension Owner {
    /// Hands a diagnostic to the nearest handler: this owner's, an ancestor's, else the app-wide
    /// one; each handler gets a diagnostic once per sender type, conversation, message and cause,
    /// and whether receivers ignored it or it reached none.
    /// A tracer (a recording) sees every one, as a ``TraceEvent``, whether or not it prints.
    ///
    /// What was reported is remembered by the owner whose handler took it, or, for the app-wide
    /// handler, by the root of this owner's tree: never by the process, so what a debug run prints
    /// does not depend on what ran before it (another screen, another test).
    ///
    /// Shared within the package, so BCKitModules reports through the same hook. A reporter that
    /// keeps its own once-only record (each navigator, per scheme and host) passes
    /// `onceInTree: false`, so that two of them sharing an owner are each heard. A report made as
    /// a dispatch ends, about that dispatch (a message nobody handled), passes its identity as
    /// `dispatch`, by which a recording links the two.
    package func report(_ diagnostic: Diagnostic, onceInTree: Bool = true, about dispatch: DispatchID? = nil) {
        trace(.diagnostic, nil, detail: diagnostic.description, dispatch: dispatch)
        var root = self
        var current: Owner? = self
        while let owner = current {
            if let handler = owner.onDiagnostic {
                if !onceInTree || owner.reportedDiagnostics.insert(diagnostic.key).inserted { handler(diagnostic) }
                return
            }
            root = owner
            current = owner.parent
        }
        guard let appWide = Diagnostic.appWide else { return }
        // A new app-wide handler hears everything afresh.
        if root.reportedTo !== appWide {
            root.reportedDiagnostics = []
            root.reportedTo = appWide
        }
        if !onceInTree || root.reportedDiagnostics.insert(diagnostic.key).inserted { appWide.handle(diagnostic) }
    }

    /// Whether some handler would receive this owner's diagnostics.
    var isDiagnosed: Bool {
        var current: Owner? = self
        while let owner = current {
            if owner.onDiagnostic != nil { return true }
            current = owner.parent
        }
        return Diagnostic.handler != nil
    }
}

extension Diagnostic {
    /// BCKitTesting's way back to a test for a diagnostic about a controller that belongs to no
    /// owner now (it left its test owner, then sent): it takes the diagnostic to the test owner
    /// that held the controller and returns `true`, else returns `false` and the app-wide handler
    /// gets it. Set by the first test owner; it holds the route, and what it keeps is
    /// BCKitTesting's.
    @MainActor
    package static var testRoute: ((Diagnostic, AnyObject) -> Bool)?

    /// Hands a diagnostic that belongs to no owner (a send from a controller never attached, or
    /// whose owner is gone) to the test owner that held `sender` (``testRoute``), else to the
    /// app-wide handler. With no owner tree to remember it, each one is handed on: the process
    /// keeps no record of what was reported.
    ///
    /// - Parameter sender: The controller it is about, if any.
    @MainActor
    package static func reportAppWide(_ diagnostic: Diagnostic, from sender: AnyObject? = nil) {
        if let sender, let testRoute, testRoute(diagnostic, sender) { return }
        appWide?.handle(diagnostic)
    }
}
