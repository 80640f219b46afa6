import BCKit

/// The diagnostics the app-wide handler gets while `body` runs, instead of printing them: what a
/// controller that is not attached reports, having no owner of its own to report to.
@MainActor
func appWideDiagnostics(during body: () throws -> Void) rethrows -> [Diagnostic] {
    var reported: [Diagnostic] = []
    let previous = Diagnostic.handler
    Diagnostic.handler = { reported.append($0) }
    defer { Diagnostic.handler = previous }
    try body()
    return reported
}
