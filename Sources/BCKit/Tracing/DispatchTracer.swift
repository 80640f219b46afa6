/// Sees every dispatch of the owners it is installed on: messages, questions and lifecycle events.
///
/// Install one with ``Owner/tracer``. The owner holds its tracer strongly, so a tracer must not
/// hold the owner. Tracing costs a clock read and a few allocations per dispatch; without a
/// tracer the send path does not pay for it.
///
/// ```swift
/// final class PrintingTracer: DispatchTracer {
///     func didDispatch(_ dispatch: DispatchRecord) { print(dispatch) }
/// }
/// owner.tracer = PrintingTracer()
/// ```
@MainActor
public protocol DispatchTracer: AnyObject {
    /// Called when a dispatch finishes, so nested dispatches are reported before the one that
    /// caused them (``DispatchRecord/depth`` tells them apart).
    ///
    /// - Parameter dispatch: What happened.
    func didDispatch(_ dispatch: DispatchRecord)

    /// Called right after ``didDispatch(_:)`` reported the dispatch of a retained message
    /// (``CommunicationCenter/sendRetained(_:key:_:)``): the owner keeps it for controllers
    /// attached later, so a retained message that reached nobody yet is not lost.
    ///
    /// - Parameter conversation: The conversation's metatype identity, as in that record.
    func didRetainLastDispatch(of conversation: ObjectIdentifier)
}

// MARK: - Default implementations

extension DispatchTracer {
    /// Does nothing.
    ///
    /// - Parameter conversation: The conversation's metatype identity.
    public func didRetainLastDispatch(of conversation: ObjectIdentifier) {}
}
