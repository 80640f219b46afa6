extension CommunicationCenter {
    /// The traced twin of `deliverHere`: same semantics, plus the receivers' names, the sender
    /// and the duration, reported to the tracer.
    @usableFromInline
    func deliverTraced<Conversation>(
        _ table: DispatchTable<Conversation>,
        kind: Dispatch.Kind,
        sender: String?,
        _ body: (Conversation) -> Bool
    ) -> (delivered: Int, finished: Bool) {
        let start = ContinuousClock.now
        let level = depth
        let entries = Array(table.entries)
        let detaches = detachCount
        var reached: [Attachment] = []
        var finished = true
        enter(table.key)
        for entry in entries {
            if detachCount != detaches, !entry.attachment.isAttached { continue }
            reached.append(entry.attachment)
            if !withSender(entry.attachment, { body(entry.receiver) }) {
                finished = false
                break
            }
        }
        depth -= 1
        trace(
            kind: kind,
            conversation: Conversation.self,
            sender: sender,
            receivers: reached,
            duration: ContinuousClock.now - start,
            depth: level
        )
        return (reached.count, finished)
    }

    /// Runs `body` with `attachment` as the sender of whatever is sent meanwhile.
    func withSender<Result>(_ attachment: Attachment, _ body: () -> Result) -> Result {
        let saved = currentSender
        currentSender = attachment
        defer { currentSender = saved }
        return body()
    }

    func trace<Conversation>(
        kind: Dispatch.Kind,
        conversation: Conversation.Type,
        sender: String?,
        receivers: [Attachment],
        duration: Duration,
        depth: Int
    ) {
        tracer?.didDispatch(
            Dispatch(
                kind: kind,
                conversation: conversationName(of: conversation),
                conversationID: ObjectIdentifier(conversation),
                owner: owner?.name ?? "?",
                sender: sender,
                receivers: receivers.map(\.name),
                duration: duration,
                depth: depth
            )
        )
    }

    func traceLifecycle(_ event: LifecycleEvent, reached: [Attachment], duration: Duration) {
        tracer?.didDispatch(
            Dispatch(
                kind: .lifecycle,
                conversation: event.description,
                owner: owner?.name ?? "?",
                sender: nil,
                receivers: reached.map(\.name),
                duration: duration,
                depth: depth
            )
        )
    }
}
