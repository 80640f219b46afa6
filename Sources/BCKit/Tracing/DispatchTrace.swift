/// One traced dispatch from its start to its end: tells the tracers when it starts and when it
/// ends, and is itself what its ``DispatchID`` identifies while it runs.
///
/// Made only while a tracer watches (or a debug build diagnoses a message): on the careful path
/// of a conversation, and around a lifecycle delivery. The one place a ``DispatchRecord`` is made.
@MainActor
final class DispatchTrace {
    private let tracers: [any DispatchTracer]
    private var record: DispatchRecord
    private let start = ContinuousClock.now
    /// Whom a lifecycle delivery reached so far: its steps add each controller they call, and
    /// ``finish()`` reports them.
    var reached: [Attachment] = []

    /// Starts the trace of a dispatch named `name` and, when `announced`, tells each tracer the
    /// dispatch is starting.
    ///
    /// - Parameters:
    ///   - name: The conversation's name, or the lifecycle event's.
    ///   - conversationID: The conversation's metatype identity; `nil` for a lifecycle delivery.
    ///   - sender: The explicit sender, if any; else the controller whose turn it is, or the
    ///     task's speaker (see ``Speaker/name(of:)``). Never for a lifecycle delivery, which the
    ///     host sends.
    ///   - announced: `false` for a delivery reported at its end only (will-reuse, see
    ///     ``DispatchTracer/willDispatch(_:)``).
    init(
        named name: String,
        conversationID: ObjectIdentifier? = nil,
        kind: DispatchRecord.Kind,
        owner: Owner?,
        sender: AnyObject?,
        scope: Scope = .local,
        depth: Int,
        message: String? = nil,
        isQuiet: Bool = false,
        isAsynchronous: Bool = false,
        tracers: [any DispatchTracer],
        announced: Bool = true
    ) {
        self.tracers = tracers
        record = DispatchRecord(kind: kind, conversation: name, owner: owner?.name ?? "?")
        record.conversationID = conversationID
        record.ownerID = owner.map(ObjectIdentifier.init)
        // A lifecycle event comes from the host even when a controller's callback drove it.
        if kind != .lifecycle {
            record.sender = Speaker.name(of: sender)
            record.senderID = Speaker.identity(of: sender)
        }
        record.scope = scope
        record.depth = depth
        record.message = message
        record.isQuiet = isQuiet
        record.isAsynchronous = isAsynchronous
        record.id = DispatchID(self)
        if announced {
            for tracer in tracers { tracer.willDispatch(record) }
        }
    }

    /// Ends the trace, tells each tracer who was reached, and returns the record.
    @discardableResult
    func finish(reached: [Attachment], defaulted: [DefaultedDelivery]) -> DispatchRecord {
        record.receivers = reached.map(\.name)
        record.receiverIDs = reached.map { ObjectIdentifier($0.controller) }
        record.defaulted = defaulted
        record.duration = ContinuousClock.now - start
        for tracer in tracers { tracer.didDispatch(record) }
        return record
    }

    /// Ends a lifecycle delivery's trace with the controllers its steps reached.
    func finish() {
        finish(reached: reached, defaulted: [])
    }
}
