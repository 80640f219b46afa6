extension CommunicationCenter {
    /// Sends a message and retains it, so that a controller attached later still gets it, once,
    /// right after its lifecycle catch-up: the answer to the "who was created first" problem.
    ///
    /// ```swift
    /// extension CommunicationCenter: UserMessages {
    ///     func userDidLoad(_ user: User) {
    ///         sendRetained((any UserConversation).self, message: "userDidLoad(_:)") { $0.userDidLoad(user) }
    ///     }
    /// }
    /// ```
    ///
    /// - The message is kept per kind: the conversation plus `message`, the name of the message it
    ///   sends, never where it is sent from. A newer message of the same kind replaces it, so each
    ///   kind keeps its latest; two different messages, named apart, never replace each other.
    /// - Retaining one kind from two different places (file and line) in one owner is diagnosed:
    ///   two different messages given one name would lose one silently. Under BCKitTesting the
    ///   diagnostic fails the running test.
    /// - It is kept before the fan-out starts, so a controller attached during the fan-out, or by
    ///   an observer or a diagnostic handler told of the message being kept, gets it by replay, not
    ///   in flight, and so exactly once. A newcomer listens while it is replayed
    ///   to: a kind replaced meanwhile reaches it in flight in its newer version, and its older
    ///   version is not replayed.
    /// - It holds the message's values, not its sender: it is dropped when the controller that
    ///   sent it detaches (a replay running then skips it), and every retained message is dropped
    ///   on tear-down; a torn-down owner retains nothing.
    /// - It stays in this owner (local scope) and is synchronous; tracers see a replay as a
    ///   dispatch of kind ``DispatchRecord/Kind/replay``.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The name of the message, which keys it within the conversation: by convention
    ///     the method as `#function` names it in the conversation, such as `"userDidLoad(_:)"`.
    ///   - fileID: Where it is retained, for the collision diagnostic; leave the default.
    ///   - line: Where it is retained, for the collision diagnostic; leave the default.
    ///   - call: The call to make on each receiver, now and on each later replay.
    /// - Returns: How many receivers got the message now.
    @discardableResult
    public func sendRetained<Conversation>(
        _ conversation: Conversation.Type,
        message: String,
        fileID: String = #fileID,
        line: Int = #line,
        _ call: @escaping (Conversation) -> Void
    ) -> Int {
        retain(conversation, message: .retained(message), site: RetainedCallSite(fileID: fileID, line: line), call)
    }

    /// Keeps the message, then sends it: ``sendRetained(_:message:fileID:line:_:)``, from a call
    /// site or, for a relayed message (`site` is `nil`), from the relay.
    ///
    /// - Parameter message: The message, made by ``Message/retained(_:isQuiet:)``: its name keys it.
    @discardableResult
    func retain<Conversation>(
        _ conversation: Conversation.Type,
        message: Message,
        site: RetainedCallSite?,
        _ call: @escaping (Conversation) -> Void
    ) -> Int {
        // Where the send starts: a lazy controller's factory below may detach the sender, and the
        // send still reaches everyone from there, as one that is not retained does.
        let origin = switchboard
        // A sender that is not attached has no owner to keep it in: sent all the same, it reaches
        // nobody, and debug builds say so as for any of its sends.
        guard let owner = origin.owner else {
            return dispatch(conversation, kind: .send, scope: .local, message: message, toEach: call)
        }
        // A controller registered lazily for this conversation is created before the message is
        // kept: created after, it would get the message by replay and again in flight. Only this
        // owner keeps it, so only here: through a view that reaches down, the owners nested in it
        // create theirs as for any message.
        if origin.hasLazyControllers { owner.createLazyControllers(for: .message(conversation)) }
        // A torn-down owner keeps nothing, a lazy controller's factory may have torn it down; and
        // a message whose sender such a factory detached is not kept, as it leaves with its sender.
        let senderStayed = switchboard === origin
        let local = viewed(.local)
        var kept: RetainedMessage?
        // Who gets the message in flight, taken before keeping it calls out (a key collision's
        // report, an observer told it was kept): a controller attached from there gets it by
        // replay, so exactly once, as one attached during the fan-out does.
        var settled: ContiguousArray<Entry<Conversation>>?
        if owner.mayChange, senderStayed {
            let retained = RetainedMessage(
                conversation,
                key: message.name,
                site: site,
                sender: sender,
                isQuiet: isQuiet || message.isQuiet,
                message: call
            )
            let collided = origin.keep(retained)
            if collided != nil || !origin.observers.isEmpty {
                settled = origin.snapshot(
                    of: conversation, in: local.owners(from: owner), scope: local, sender: sender,
                    lazyControllersMadeIn: owner)
            }
            // Reported once the message is kept: a handler that retains the kind again from its
            // call sends a newer message, which replaces this one rather than joining it.
            if let collided { origin.diagnoseRetainedKeyCollision(collided, retained, sender: sender) }
            owner.trace(.retained, sender, detail: message.name)
            kept = retained
        }
        // The observers that hear this dispatch are those there when it starts: one a receiver
        // adds never heard it, and one a receiver removes did.
        let observers = origin.observers
        // Not kept, it is a retained message no more: one that no receiver handles, or that
        // reaches nobody, is lost now, and reported as any send is.
        let sent = senderStayed ? message : message.isQuiet ? .quiet(message.name) : Message(message.name)
        #if DEBUG
            let diagnosing = (!senderStayed || settled != nil) && isDiagnosing(sent, in: origin)
        #else
            let diagnosing = false
        #endif
        let reached: Int
        if let settled {
            reached =
                origin.deliver(
                    settled, tracers: origin.distinctTracers(of: local.owners(from: owner)), kind: .send, scope: local,
                    sender: sender, message: message, isQuiet: isQuiet, diagnosing: diagnosing
                ) { receiver -> Never? in
                    call(receiver)
                    return nil
                }.reached
        } else if senderStayed {
            reached = dispatch(conversation, kind: .send, scope: .local, message: message, toEach: call)
        } else {
            reached =
                origin.dispatchCarefully(
                    conversation, kind: .send, scope: local, sender: sender, message: sent, isQuiet: isQuiet,
                    diagnosing: diagnosing
                ) { receiver -> Never? in
                    call(receiver)
                    return nil
                }.reached
        }
        if reached > 0 { kept?.isHeard = true }
        for observer in observers { observer.didRetainLastDispatch(of: ObjectIdentifier(conversation)) }
        return reached
    }
}

extension Switchboard {
    /// Keeps a retained message, replacing the one of the same kind, and returns the one it
    /// replaced if that one was retained from another place, or by another sender: a collision,
    /// which the caller reports (``diagnoseRetainedKeyCollision(_:_:sender:)``) once it has taken
    /// who gets the message in flight. Calls no code of the kit's users.
    func keep(_ message: RetainedMessage) -> RetainedMessage? {
        let replaced = retained.firstIndex(where: { $0.isSameKind(as: message) }).map { retained.remove(at: $0) }
        retained.append(message)
        guard let replaced, replaced.site != message.site || replaced.sender != message.sender else { return nil }
        return replaced
    }

    /// Drops the retained messages `isDropped` picks, all of them by default. Debug builds report
    /// each one that no receiver ever had, as unhandled: nobody will have it now (DESIGN 21).
    func dropRetainedMessages(
        _ reason: RetainedMessage.Drop,
        where isDropped: (RetainedMessage) -> Bool = { _ in true }
    ) {
        guard !retained.isEmpty else { return }
        #if DEBUG
            let unheard = retained.filter { !$0.isHeard && !$0.isQuiet && isDropped($0) }
        #endif
        retained.removeAll(where: isDropped)
        // Reported once they are gone: a handler that retains from its call describes what comes
        // after the drop, and a controller it attaches must not get what was dropped.
        #if DEBUG
            for message in unheard { diagnoseUnheard(message, droppedBecause: reason) }
        #endif
    }

    /// Reports one retained key kept from two call sites or by two senders (DESIGN 15, 21): the
    /// later message replaces the earlier, which is right only if they are one message that one
    /// sender keeps up to date.
    func diagnoseRetainedKeyCollision(_ replaced: RetainedMessage, _ replacing: RetainedMessage, sender: AnyObject?) {
        guard let owner else { return }
        let earlier: String
        if replaced.site == replacing.site {
            earlier = "the one another sender (\(replaced.senderName)) retained"
        } else if let site = replaced.site {
            earlier = "the one retained at \(site)"
        } else {
            earlier = "the one \(replaced.senderName) relayed"
        }
        let latest = replacing.site.map { "retained at \($0)" } ?? "relayed"
        owner.report(
            Diagnostic(
                cause: .retainedKeyCollision,
                owner: owner.name,
                sender: Speaker.name(of: sender),
                conversation: conversationName(of: replacing.conversation),
                message: replacing.key,
                hint: """
                    \(latest) by \(replacing.senderName), replacing \(earlier): a controller \
                    attached later gets only the latest. If these are different messages, give each its own name \
                    (`message:`); if it is one message, retain it from one place and one sender.
                    """
            )
        )
    }
}

extension Owner {
    /// Replays the retained messages to a newcomer that has just caught up, oldest kind first,
    /// stopping if it is detached on the way.
    ///
    /// Walks the messages kept when the replay starts, and replays each only while it is still
    /// kept: the newcomer listens already, so one replaced meanwhile reached it in flight in its
    /// newer version, and one whose sender left, or that a reuse dropped, is not replayed.
    func replayRetainedMessages(to attachment: Attachment) {
        let kept = switchboard.retained
        for message in kept {
            if Delivery.hasLeft(attachment, mayHaveLeft: true) { return }
            guard switchboard.retained.contains(where: { $0 === message }) else { continue }
            // Never heard so far, it is reported if the newcomer leaves it to its default too, as
            // a send whose every receiver did is; heard already, a newcomer may ignore it.
            #if DEBUG
                let diagnosing = !message.isHeard && !message.isQuiet && isDiagnosed
            #else
                let diagnosing = false
            #endif
            if message.replay(to: attachment, in: self, diagnosing: diagnosing) { message.isHeard = true }
        }
    }

    /// Drops the retained messages a leaving controller sent.
    func forgetRetainedMessages(sentBy controller: any BusinessController) {
        let leaving = ObjectIdentifier(controller)
        switchboard.dropRetainedMessages(.senderLeft) { $0.sender == leaving }
    }

    /// Drops the retained messages a batch of leaving controllers sent, in one drop: while one of
    /// them is reported unheard, another must not be still kept for a newcomer to get.
    func forgetRetainedMessages(sentByAnyOf departing: [Attachment]) {
        let leaving = Set(departing.map { ObjectIdentifier($0.controller) })
        switchboard.dropRetainedMessages(.senderLeft) { message in
            message.sender.map { leaving.contains($0) } ?? false
        }
    }
}
