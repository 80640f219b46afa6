// MARK: - Debug diagnostics of conversations (DESIGN 21)

extension Switchboard {
    /// Reports a message that no receiver handled: nobody reached, or every receiver left it to
    /// its default. A retained message that reached nobody waits for a controller to come, so it
    /// is reported here only when a torn-down owner, which retains nothing, loses it at once;
    /// else when it is dropped unheard (``diagnoseUnheard(_:droppedBecause:)``).
    ///
    /// - Parameter sender: The explicit sender, which the hint names when it is still joining.
    func diagnoseUnhandled(_ record: DispatchRecord, message: Message, sender: AnyObject?) {
        guard record.defaulted.count == record.receivers.count, let owner else { return }
        // Kept, it waits for a controller to come; an owner that tears down keeps nothing.
        if message.isRetained, record.receivers.isEmpty, owner.mayChange { return }
        let ignoredBy = record.defaulted.map(\.receiver)
        let isHostRequest = record.conversationID == ObjectIdentifier((any HostServiceConversation).self)
        let hint: String
        if ignoredBy.isEmpty, owner.state == .tornDown {
            // Checked first: a torn-down owner has no controllers, so every other hint would point
            // at a controller or a provider that tear-down took away.
            hint = tornDown(owner.name)
        } else if ignoredBy.isEmpty, message.isRetained, !owner.mayChange {
            hint =
                "it was retained while '\(owner.name)' was being torn down, which keeps nothing, and no attached "
                + "controller speaks \(record.conversation): send it before the screen goes"
        } else if isHostRequest {
            hint =
                ignoredBy.isEmpty
                ? "no host services are provided: call HostRelay.provideServices(_:) or attach a HostServices"
                : "the host services provider has no action for it"
        } else if ignoredBy.isEmpty {
            hint = nobodySpeaks(record.conversation, in: owner, sentBy: sender)
        } else {
            hint =
                "each receiver left it to the default: did one misspell \(message.name), or is the controller "
                + "that handles it not attached (or created lazily for another conversation)?"
        }
        owner.report(
            Diagnostic(
                cause: isHostRequest ? .unhonoredHostRequest : .unhandledMessage,
                owner: record.owner,
                sender: record.sender,
                conversation: record.conversation,
                message: message.name,
                ignoredBy: ignoredBy,
                hint: hint
            ),
            about: record.id
        )
    }
}

extension Switchboard {
    /// Reports a retained message dropped before any receiver had it: kept for a controller that
    /// never came, it is lost now. The send that reached nobody was not reported, since a
    /// controller attached later would have had it.
    func diagnoseUnheard(_ message: RetainedMessage, droppedBecause reason: RetainedMessage.Drop) {
        guard let owner else { return }
        let conversation = conversationName(of: message.conversation)
        let dropped =
            switch reason {
            case .tearDown: "before \(owner.name) was torn down, which drops retained messages"
            case .senderLeft: "before \(message.senderName), its sender, detached, and it left with its sender"
            case .reuse: "before \(owner.name) was prepared for reuse, which drops retained messages"
            }
        owner.report(
            Diagnostic(
                cause: .unhandledMessage,
                owner: owner.name,
                sender: message.sender == nil ? nil : message.senderName,
                conversation: conversation,
                message: message.key,
                hint: "it was retained, but no controller that speaks \(conversation) was attached \(dropped): "
                    + "is the controller that handles it attached?"
            )
        )
    }
}

extension CommunicationCenter {
    /// Whether a dispatch of `message` through `switchboard`, this center's as it is now, must be
    /// observed so that, if nobody handles it, it can be reported: a relayed message that is not
    /// quiet, sent while some handler would hear of this owner's diagnostics.
    ///
    /// Debug builds ask it before a relayed dispatch; release builds never call it.
    @usableFromInline
    func isDiagnosing(_ message: Message?, in switchboard: Switchboard) -> Bool {
        guard let message, !message.isQuiet, !isQuiet, let owner = switchboard.owner else {
            return false
        }
        return owner.isDiagnosed
    }

    /// Debug builds call it before a careful dispatch through `switchboard`, this center's as it
    /// is now: a send from a controller that is not attached reaches nobody, and is reported.
    /// Such a center always takes the careful path, so the fast path never asks.
    ///
    /// The report goes through the owner this center was made in while that owner lives (a
    /// center kept from before the controller left), so it reaches that owner tree's handler and
    /// BCKitTesting's test; else app-wide.
    @usableFromInline
    func reportIfNotAttached<Conversation>(
        _ conversation: Conversation.Type,
        _ message: Message?,
        in switchboard: Switchboard
    ) {
        guard switchboard.owner == nil, let speaker else { return }
        let former = boundSwitchboard.owner
        let hint: String
        if let former, former.state == .tornDown {
            // Its owner's tear-down detached it: attaching it again is not the fix.
            hint = "it reached nobody: " + tornDown(former.name)
        } else {
            // Either never attached or no longer: a controller its owner's tear-down detached asks
            // for a center that knows no owner, since its `owner` is nil by then.
            hint =
                "it reached nobody; send once the controller is attached (from didAttach(to:) or later), "
                + "and not after it leaves (detached, or its owner torn down)"
        }
        let diagnostic = Diagnostic(
            cause: .senderNotAttached,
            owner: former?.name,
            sender: displayName(of: speaker),
            conversation: conversationName(of: conversation),
            message: message?.name,
            hint: hint
        )
        if let former {
            former.report(diagnostic)
        } else {
            Diagnostic.reportAppWide(diagnostic, from: speaker)
        }
    }

    /// Debug builds call it after a dispatch the sender did not name (an explicit form, such as
    /// `send((any CartConversation).self) { … }`): one that reached nobody is reported by its
    /// conversation. A controller that is not attached was reported before the dispatch.
    ///
    /// - Parameter dispatch: The dispatch's identity when it was traced, which the report names.
    @usableFromInline
    func reportIfNobody<Conversation>(
        _ conversation: Conversation.Type,
        reached: Int,
        in switchboard: Switchboard,
        about dispatch: DispatchID? = nil
    ) {
        guard reached == 0, !isQuiet, let owner = switchboard.owner else { return }
        let name = conversationName(of: conversation)
        owner.report(
            Diagnostic(
                cause: .unhandledMessage,
                owner: owner.name,
                sender: Speaker.name(of: sender),
                conversation: name,
                hint: owner.state == .tornDown
                    ? tornDown(owner.name) : nobodySpeaks(name, in: owner, sentBy: sender)
            ),
            about: dispatch
        )
    }

    /// Debug builds call it after a gather whose every receiver left the question to its default,
    /// which gives no reply: nobody answered, and the completion got no answer.
    func reportUnanswered<Conversation>(
        _ conversation: Conversation.Type,
        message: String,
        ignoredBy receivers: [String],
        in switchboard: Switchboard
    ) {
        guard !isQuiet, let owner = switchboard.owner else { return }
        owner.report(
            Diagnostic(
                cause: .unhandledMessage,
                owner: owner.name,
                sender: Speaker.name(of: sender),
                conversation: conversationName(of: conversation),
                message: message,
                ignoredBy: receivers,
                hint: "each receiver left it to the default, which gives no reply, so the gather's completion got "
                    + "no answer: did one misspell \(message), or is the controller that answers it not attached?"
            )
        )
    }
}

/// The hint of a dispatch that reached nobody in `owner`. It names what may have sent it too
/// early: a lazy controller's factory, whose controller is attached only once the factory
/// returns; or `sender` while it was being attached (restored, greeted or caught up), so that a
/// controller attached after it may be the one that speaks the conversation.
@MainActor
private func nobodySpeaks(_ conversation: String, in owner: Owner, sentBy sender: AnyObject?) -> String {
    if let factory = owner.runningFactory {
        return "no attached controller speaks \(conversation) yet; it was sent while the factory of \(factory), "
            + "registered lazily, ran, and \(factory) is attached only once its factory returns: if \(factory) "
            + "speaks it, send it from \(factory)'s didAttach(to:) instead; else, was its controller attached?"
    }
    guard let newcomer = owner.joiningName(of: sender) else {
        return "no attached controller speaks \(conversation); was its controller attached, or is it created lazily "
            + "for another conversation?"
    }
    return "no attached controller speaks \(conversation) yet; was its controller attached, or is it attached "
        + "after \(newcomer), which sent this while being attached (a controller later in the same attach([...]) "
        + "call hears nothing sent before its turn), or is it created lazily for another conversation?"
}

extension Owner {
    /// The name of `sender` while it is attached here and not listening yet: restored, greeted or
    /// caught up, which is when its own sends reach only the controllers attached before it.
    fileprivate func joiningName(of sender: AnyObject?) -> String? {
        guard let controller = sender as? any BusinessController, let attachment = attachment(of: controller),
            attachment.phase == .catchingUp
        else { return nil }
        return displayName(of: controller)
    }
}

/// The hint of a dispatch that reached nobody because its owner is torn down, which detached
/// every controller for good.
private func tornDown(_ owner: String) -> String {
    "owner '\(owner)' is torn down, so no controller hears anything sent through it; send before the screen "
        + "goes, and stop the work that sends when it does (the kit's controller tasks are cancelled then)"
}
