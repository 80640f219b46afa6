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
    /// Whom the dispatch reached so far, in order: ``Delivery/visit(_:in:_:)`` adds each receiver
    /// it calls, and ``finish()`` reports them.
    var reached: [Attachment] = []
    /// The receivers whose default implementation ran, in order, noted by the same visit.
    var defaulted: [DefaultedDelivery] = []

    /// Starts the trace of a dispatch named `name` and, when `announced`, tells each tracer the
    /// dispatch is starting.
    ///
    /// - Parameters:
    ///   - name: The conversation's name, or the lifecycle event's.
    ///   - conversationID: The conversation's metatype identity; `nil` for a lifecycle delivery.
    ///   - sender: The explicit sender, if any; else the controller whose turn it is, or the
    ///     task's speaker (see ``Speaker/name(of:)``). Never for a lifecycle delivery, which the
    ///     host sends; for a replay, exactly the retained message's sender, `nil` for the host.
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
        isRetained: Bool = false,
        isAsynchronous: Bool = false,
        tracers: [any DispatchTracer],
        announced: Bool = true
    ) {
        self.tracers = tracers
        record = DispatchRecord(kind: kind, conversation: name, owner: owner?.name ?? "?")
        record.conversationID = conversationID
        record.ownerID = owner.map(ObjectIdentifier.init)
        record.ownerObject = owner
        // A lifecycle event comes from the host even when a controller's callback drove it; a
        // replay from its message's sender (`nil`, the host) even when a controller's callback
        // attached its receiver.
        switch kind {
        case .lifecycle:
            break
        case .replay:
            record.sender = sender.map { displayName(of: $0) }
            record.senderID = sender.map(ObjectIdentifier.init)
        default:
            record.sender = Speaker.name(of: sender)
            record.senderID = Speaker.identity(of: sender)
        }
        record.scope = scope
        record.depth = depth
        record.message = message
        record.isQuiet = isQuiet
        record.isRetained = isRetained
        record.isAsynchronous = isAsynchronous
        record.id = DispatchID(self)
        if announced { announce() }
    }

    /// Tells each tracer the dispatch is starting.
    func announce() {
        for tracer in tracers { tracer.willDispatch(record) }
    }

    /// Starts the trace of a conversation's dispatch through `owner`, or makes none, at no
    /// further cost, when no tracer watches and `evenUntraced` is false (a debug build diagnosing
    /// an unhandled message needs the record without a tracer).
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The relayed message, or `nil` for an explicit form.
    ///   - isQuiet: Whether it was sent through a quiet center, which makes it quiet whatever
    ///     its message.
    ///   - evenUntraced: Whether to trace with no tracer, for a diagnosed message.
    convenience init?<Conversation>(
        of conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        owner: Owner?,
        sender: AnyObject?,
        scope: Scope,
        depth: Int,
        message: Message?,
        isQuiet: Bool = false,
        tracers: [any DispatchTracer],
        isAsynchronous: Bool = false,
        evenUntraced: Bool = false
    ) {
        guard !tracers.isEmpty || evenUntraced else { return nil }
        self.init(
            named: conversationName(of: conversation),
            conversationID: ObjectIdentifier(conversation),
            kind: kind,
            owner: owner,
            sender: sender,
            scope: scope,
            depth: depth,
            message: message?.name,
            isQuiet: isQuiet || message?.isQuiet == true,
            // An owner that tears down keeps nothing, and a sender that is not attached has no
            // owner to keep it in: the same rule as `retain`'s.
            isRetained: message?.isRetained == true && owner?.mayChange == true,
            isAsynchronous: isAsynchronous,
            tracers: tracers
        )
    }

    /// Puts ``defaulted`` in the order of ``reached``: the calls of a concurrent dispatch note their
    /// defaults as they end, in any order.
    func orderDefaultedAsReached() {
        var place: [ObjectIdentifier: Int] = [:]
        for (position, attachment) in reached.enumerated() {
            place[ObjectIdentifier(attachment.controller)] = position
        }
        defaulted.sort { first, second in
            (first.receiverID.flatMap { place[$0] } ?? 0) < (second.receiverID.flatMap { place[$0] } ?? 0)
        }
    }

    /// Ends the trace, tells each tracer who was reached and who fell through to a default, and
    /// returns the record.
    @discardableResult
    func finish() -> DispatchRecord {
        record.receivers = reached.map(\.name)
        record.receiverIDs = reached.map { ObjectIdentifier($0.controller) }
        record.defaulted = defaulted
        record.duration = ContinuousClock.now - start
        for tracer in tracers { tracer.didDispatch(record) }
        return record
    }
}
