// MARK: - Diagnostics

extension Owner {
    /// Hands a diagnostic to the nearest handler: this owner's, an ancestor's, else the app-wide
    /// one; each handler gets a diagnostic once per sender type, conversation, message and cause.
    /// A tracer (a recording) sees every one, as a ``TraceEvent``, whether or not it prints.
    func report(_ diagnostic: Diagnostic) {
        trace(.diagnostic, nil, detail: diagnostic.description)
        var current: Owner? = self
        while let owner = current {
            if let handler = owner.onDiagnostic {
                if owner.reportedDiagnostics.insert(diagnostic.key).inserted { handler(diagnostic) }
                return
            }
            current = owner.parent
        }
        Diagnostic.reportAppWide(diagnostic)
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
    /// Hands a diagnostic to the app-wide handler, once.
    @MainActor
    static func reportAppWide(_ diagnostic: Diagnostic) {
        guard let handler = setting.handler, setting.reported.insert(diagnostic.key).inserted else { return }
        handler(diagnostic)
    }
}
