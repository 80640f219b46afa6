// MARK: - Debug diagnostics of conversations (DESIGN 21)

extension Switchboard {
    /// Reports a message that no receiver handled: nobody reached, or every receiver left it to
    /// its default. A retained message that reached nobody waits for a controller to come, so it
    /// is reported here only when a torn-down owner, which retains nothing, loses it at once;
    /// else when it is dropped unheard (``diagnoseUnheard(_:droppedBecause:)``).
    ///
    /// - Parameters:
    ///   - conversation: The conversation, which the hint looks for in the owners the dispatch did
    ///     not reach when it reached nobody.
    ///   - sender: The explicit sender, which the hint names when it is still joining.
    func diagnoseUnhandled(
        _ record: DispatchRecord,
        of conversation: Any.Type,
        message: Message,
        sender: AnyObject?
    ) {
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
            hint = nobodySpeaks(conversation, in: owner, scope: record.scope, sentBy: sender)
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
        let hint: String
        // Its scope is not kept, so every owner but this one is looked at.
        if let elsewhere = owner.speakerOutOfReach(of: message.conversation, from: .local) {
            hint =
                "it was retained, but no controller that speaks \(conversation) was attached to '\(owner.name)' "
                + "\(dropped), while \(elsewhere.place) does: a message is retained and replayed only in the owner "
                + "it is sent through, so send it through \(elsewhere.view) once that controller is attached, "
                + "or retain it from a controller in '\(elsewhere.owner)'"
        } else {
            hint =
                "it was retained, but no controller that speaks \(conversation) was attached \(dropped): "
                + "is the controller that handles it attached?"
        }
        owner.report(
            Diagnostic(
                cause: .unhandledMessage,
                owner: owner.name,
                sender: message.sender == nil ? nil : message.senderName,
                conversation: conversation,
                message: message.key,
                hint: hint
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
        owner.report(
            Diagnostic(
                cause: .unhandledMessage,
                owner: owner.name,
                sender: Speaker.name(of: sender),
                conversation: conversationName(of: conversation),
                // The center's view: a scope passed to the send itself is not known here, and one
                // that reached nobody reached no speaker elsewhere that listens.
                hint: owner.state == .tornDown
                    ? tornDown(owner.name) : nobodySpeaks(conversation, in: owner, scope: scope, sentBy: sender)
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

/// The hint of a dispatch in `scope` that reached nobody in `owner`. It names what may have sent
/// it too early: a lazy controller's factory, whose controller is attached only once the factory
/// returns; or `sender` while it was being attached (restored, greeted or caught up), so that a
/// controller attached after it may be the one that speaks the conversation. Else it names an
/// owner the scope did not reach where a controller speaks it, and the view that reaches it.
@MainActor
private func nobodySpeaks(
    _ type: Any.Type,
    in owner: Owner,
    scope: Scope,
    sentBy sender: AnyObject?
) -> String {
    let conversation = conversationName(of: type)
    if let factory = owner.runningFactory {
        return "no attached controller speaks \(conversation) yet; it was sent while the factory of \(factory), "
            + "registered lazily, ran, and \(factory) is attached only once its factory returns: if \(factory) "
            + "speaks it, send it from \(factory)'s didAttach(to:) instead; else, was its controller attached?"
    }
    if let elsewhere = owner.speakerOutOfReach(of: type, from: scope) {
        return "no attached controller speaks \(conversation) in '\(owner.name)', but \(elsewhere.place) does: "
            + "a message stays in the owner it is sent through unless its scope says otherwise, so send it "
            + "through \(elsewhere.view), which reaches \(elsewhere.reach) too"
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

/// A controller that speaks a conversation in an owner a dispatch did not reach: one nested in
/// the owner it was sent through, or one that owner is nested in.
private struct SpeakerOutOfReach {
    /// The controller's name, `(registered lazily)` after it when it is not created yet.
    let speaker: String
    /// The name of the owner it is attached to, or registered in.
    let owner: String
    /// The name of the owner the dispatch was sent through.
    let sendingOwner: String
    /// Whether ``owner`` is nested in the sending owner, rather than one it is nested in.
    let isNested: Bool

    /// The speaker and its owner, seen from the sending owner, as a clause set off by commas.
    var place: String {
        "\(speaker) in '\(owner)', "
            + (isNested ? "nested in '\(sendingOwner)'," : "which '\(sendingOwner)' is nested in,")
    }

    /// The center view whose sends reach it.
    var view: String { isNested ? "center.down" : "center.up" }

    /// What ``view`` reaches beyond the sending owner.
    var reach: String {
        isNested ? "the owners nested in '\(sendingOwner)'" : "the owners '\(sendingOwner)' is nested in"
    }
}

extension Owner {
    /// Where a controller speaks `conversation` (attached, or registered lazily for it) outside
    /// what a dispatch through this owner in `scope` reached: the first in an owner nested in
    /// this one, depth first in order, unless the scope reached down; else in the nearest owner
    /// this one is nested in, unless it reached up. Walks the tree, so it runs only as a report
    /// is made.
    fileprivate func speakerOutOfReach(of conversation: Any.Type, from scope: Scope) -> SpeakerOutOfReach? {
        if scope.reach != .down, let (speaker, owner) = nestedSpeaker(of: conversation) {
            return SpeakerOutOfReach(speaker: speaker, owner: owner.name, sendingOwner: name, isNested: true)
        }
        guard scope.reach != .up else { return nil }
        var current = parent
        while let ancestor = current {
            if let speaker = ancestor.speaker(of: conversation) {
                return SpeakerOutOfReach(speaker: speaker, owner: ancestor.name, sendingOwner: name, isNested: false)
            }
            current = ancestor.parent
        }
        return nil
    }

    /// The first controller that speaks `conversation` in an owner nested in this one, at any
    /// depth, depth first in order, with that owner.
    private func nestedSpeaker(of conversation: Any.Type) -> (String, Owner)? {
        for attachment in attachments where attachment.phase != .detached {
            guard let nested = attachment.controller as? Owner else { continue }
            if let speaker = nested.speaker(of: conversation) { return (speaker, nested) }
            if let deeper = nested.nestedSpeaker(of: conversation) { return deeper }
        }
        return nil
    }

    /// The name of a controller attached here that speaks `conversation`, else of one registered
    /// lazily for it, `(registered lazily)` after it.
    private func speaker(of conversation: Any.Type) -> String? {
        func attachedSpeaker<Conversation>(of _: Conversation.Type) -> String? {
            for attachment in attachments where attachment.phase != .detached {
                if attachment.controller is Conversation { return displayName(of: attachment.controller) }
            }
            return nil
        }
        if let attached = attachedSpeaker(of: conversation) { return attached }
        return lazyControllers.first { $0.isCreated(by: conversation) }.map { "\($0.name) (registered lazily)" }
    }
}

/// The hint of a dispatch that reached nobody because its owner is torn down, which detached
/// every controller for good.
private func tornDown(_ owner: String) -> String {
    "owner '\(owner)' is torn down, so no controller hears anything sent through it; send before the screen "
        + "goes, and stop the work that sends when it does (the kit's controller tasks are cancelled then)"
}
