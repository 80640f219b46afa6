/// One traced dispatch from its start to its end: tells the tracers when it starts and when it
/// ends, and is itself what its ``DispatchID`` identifies while it runs.
///
/// Made only on the careful path, and only while a tracer watches.
@MainActor
final class DispatchTrace {
    private let tracers: [any DispatchTracer]
    private var record: DispatchRecord
    private let start = ContinuousClock.now

    /// Starts the trace and tells each tracer the dispatch is starting.
    init<Conversation>(
        _ conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        owner: String,
        sender: AnyObject?,
        scope: Scope,
        depth: Int,
        message: String?,
        isQuiet: Bool = false,
        isAsynchronous: Bool = false,
        tracers: [any DispatchTracer]
    ) {
        self.tracers = tracers
        record = DispatchRecord(
            kind: kind,
            conversation: conversationName(of: conversation),
            conversationID: ObjectIdentifier(conversation),
            owner: owner,
            sender: Speaker.name(of: sender),
            receivers: [],
            scope: scope,
            depth: depth,
            message: message,
            isAsynchronous: isAsynchronous
        )
        record.isQuiet = isQuiet
        record.id = DispatchID(self)
        for tracer in tracers { tracer.willDispatch(record) }
    }

    /// Ends the trace, tells each tracer who was reached, and returns the record.
    @discardableResult
    func finish(reached: [Attachment], defaulted: [DefaultedDelivery]) -> DispatchRecord {
        record.receivers = reached.map(\.name)
        record.defaulted = defaulted
        record.duration = ContinuousClock.now - start
        for tracer in tracers { tracer.didDispatch(record) }
        return record
    }
}
