extension Switchboard {
    /// Starts tracing a dispatch through this switchboard's owner: `nil`, at no further cost,
    /// when no tracer watches and `evenUntraced` is false (a debug build diagnosing an unhandled
    /// message needs the record without a tracer). One call, so each dispatch path traces with
    /// one line.
    func startTrace<Conversation>(
        _ conversation: Conversation.Type,
        _ kind: DispatchRecord.Kind,
        _ scope: Scope,
        sender: AnyObject?,
        message: String? = nil,
        isQuiet: Bool = false,
        depth: Int,
        _ tracers: [any DispatchTracer],
        isAsynchronous: Bool = false,
        evenUntraced: Bool = false
    ) -> DispatchTrace? {
        guard !tracers.isEmpty || evenUntraced else { return nil }
        return DispatchTrace(
            named: conversationName(of: conversation),
            conversationID: ObjectIdentifier(conversation),
            kind: kind,
            owner: owner,
            sender: sender,
            scope: scope,
            depth: depth,
            message: message,
            isQuiet: isQuiet,
            isAsynchronous: isAsynchronous,
            tracers: tracers
        )
    }
}
