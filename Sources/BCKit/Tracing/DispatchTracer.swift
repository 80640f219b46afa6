/// Sees every dispatch of the owners it observes: messages, questions and lifecycle events,
/// and, for tools that record a session, what changes around them.
///
/// Add one with ``Owner/addObserver(_:)``: an owner takes any number, each added and removed on
/// its own, and an observer of an owner also sees every owner nested in it. The owner holds its
/// observers strongly, so an observer must not hold the owner. Observing costs a clock read and a
/// few allocations per dispatch; without an observer the send path does not pay for it.
///
/// ```swift
/// final class PrintingTracer: DispatchTracer {
///     func didDispatch(_ dispatch: DispatchRecord) { print(dispatch) }
/// }
/// owner.addObserver(PrintingTracer())
/// ```
///
/// Only ``didDispatch(_:)`` is required; ``willDispatch(_:)`` and ``didObserve(_:)`` do nothing
/// unless a tracer implements them.
///
/// ## Hears everything, handles nothing
/// An app's analytics is an observer, not a controller: it hears every dispatch's conversation,
/// message, sender and receivers, never argument values, receives no message, raises no
/// diagnostic and fails no test. See <doc:CombiningObservers>.
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
