import BCKit

extension Owner {
    /// Makes this owner's diagnostic handler attach `controller` at its first diagnostic (of
    /// `cause`, when given): how a test re-enters the kit from a report.
    ///
    /// - Returns: Whether the handler attached it yet.
    func attachOnFirstDiagnostic(
        _ controller: any BusinessController,
        of cause: Diagnostic.Cause? = nil
    ) -> () -> Bool {
        final class Fired { var value = false }
        let fired = Fired()
        onDiagnostic = { [unowned self] diagnostic in
            guard cause.map({ $0 == diagnostic.cause }) ?? true, !fired.value else { return }
            fired.value = true
            try? attach(controller)
        }
        return { fired.value }
    }
}
