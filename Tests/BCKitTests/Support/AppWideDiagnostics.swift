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

/// The diagnostics an owner's tree reports, kept instead of printed: for a test whose sends reach
/// nobody on purpose, which then checks what was reported.
@MainActor
final class DiagnosticLog {
    private(set) var reported: [Diagnostic] = []

    /// The conversation each diagnostic names, in order.
    var conversations: [String?] { reported.map(\.conversation) }

    func keep(_ diagnostic: Diagnostic) { reported.append(diagnostic) }
}

extension Owner {
    /// Keeps this owner tree's diagnostics in a log from now on, instead of printing them.
    func collectDiagnostics() -> DiagnosticLog {
        let log = DiagnosticLog()
        onDiagnostic = { log.keep($0) }
        return log
    }
}
