/// A host callback the owner refused, reported by a ``HostRelay`` instead of thrown into view code,
/// as the ``Diagnostic/refusal`` of a ``Diagnostic``.
///
/// The relay absorbs every sequence a real host produces, so a diagnostic means the host or the app
/// did something the relay cannot repair: it drives a nested owner (whose parent drives it), or it
/// reports lifecycle from inside a controller's lifecycle callback through another path than the
/// relay. The owner is unchanged by the refused event.
///
/// ```swift
/// owner.onDiagnostic = { diagnostic in
///     if let refusal = diagnostic.refusal { logger.warning("\(refusal)") }
/// }
/// ```
public struct HostDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The host callback being handled, such as `viewWillAppear` or `onAppear`.
    public let report: String
    /// The owner's name.
    public let owner: String
    /// The owner's state when it refused, which the refusal left unchanged.
    public let state: LifecycleState
    /// Why the owner refused.
    public let error: OwnerError

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - report: The host callback being handled.
    ///   - owner: The owner's name.
    ///   - state: The owner's state when it refused.
    ///   - error: Why the owner refused.
    public init(report: String, owner: String, state: LifecycleState, error: OwnerError) {
        self.report = report
        self.owner = owner
        self.state = state
        self.error = error
    }

    /// What the host reported, where the owner stood and why it refused.
    public var description: String {
        "owner '\(owner)' (\(state)) refused \(report): \(error)"
    }
}
