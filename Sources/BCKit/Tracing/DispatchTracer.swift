/// Sees every dispatch of the owners it is installed on: messages, questions and lifecycle events,
/// and, for tools that record a session, what changes around them.
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
///
/// Only ``didDispatch(_:)`` is required; ``willDispatch(_:)`` and ``didObserve(_:)`` do nothing
/// unless a tracer implements them.
@MainActor
public protocol DispatchTracer: AnyObject {
    /// Called when a dispatch finishes, so nested dispatches are reported before the one that
    /// caused them (``DispatchRecord/depth`` tells them apart).
    ///
    /// - Parameter dispatch: What happened.
    func didDispatch(_ dispatch: DispatchRecord)

    /// Called when a message, question or lifecycle delivery starts, before any receiver gets it;
    /// the record has no receivers and no duration yet. Its ``DispatchRecord/id`` is the one the
    /// matching ``didDispatch(_:)`` carries. A synchronous dispatch's start and end enclose those
    /// of every dispatch it causes, like brackets; an asynchronous one's do not
    /// (``DispatchRecord/isAsynchronous``). A will-reuse delivery is reported at its end only.
    ///
    /// - Parameter dispatch: The dispatch about to run.
    func willDispatch(_ dispatch: DispatchRecord)

    /// Called when something other than a dispatch happens in a traced owner: a controller
    /// attached or detached (a nested owner is one too), a lazy controller created, a retained
    /// message kept, a controller task started, finished or cancelled.
    ///
    /// - Parameter event: What happened.
    func didObserve(_ event: TraceEvent)

    /// Called right after ``didDispatch(_:)`` reported the dispatch of a retained message
    /// (``CommunicationCenter/sendRetained(_:message:fileID:line:_:)``): the owner keeps it for
    /// controllers attached later, so a retained message that reached nobody yet is not lost.
    ///
    /// - Parameter conversation: The conversation's metatype identity, as in that record.
    func didRetainLastDispatch(of conversation: ObjectIdentifier)
}

// MARK: - Default implementations

extension DispatchTracer {
    /// Does nothing: a tracer that needs only finished dispatches need not implement it.
    ///
    /// - Parameter dispatch: The dispatch about to run.
    public func willDispatch(_ dispatch: DispatchRecord) {}

    /// Does nothing: a tracer that needs only dispatches need not implement it.
    ///
    /// - Parameter event: What happened.
    public func didObserve(_ event: TraceEvent) {}

    /// Does nothing.
    ///
    /// - Parameter conversation: The conversation's metatype identity.
    public func didRetainLastDispatch(of conversation: ObjectIdentifier) {}
}
