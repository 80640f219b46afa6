// MARK: - Debug diagnostics of conversations (DESIGN 21)

extension Switchboard {
    /// Reports a message that no receiver handled: nobody reached, or every receiver left it to
    /// its default.
    func diagnoseUnhandled(_ record: DispatchRecord, message: Message) {
        guard record.defaulted.count == record.receivers.count, let owner else { return }
        let ignoredBy = record.defaulted.map(\.receiver)
        let isHostRequest = record.conversationID == ObjectIdentifier((any HostServiceConversation).self)
        let hint: String
        if isHostRequest {
            hint =
                ignoredBy.isEmpty
                ? "no host services are provided: call HostRelay.provideServices(_:) or attach a HostServices"
                : "the host services provider has no action for it"
        } else if ignoredBy.isEmpty {
            hint = nobodySpeaks(record.conversation)
        } else {
            hint = "each receiver left it to the default; did one misspell \(message.name)?"
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
            )
        )
    }
}

extension CommunicationCenter {
    /// Debug builds ask it before a dispatch through `switchboard`, this center's as it is now:
    /// it reports a send from a controller that is not attached, and tells whether a named
    /// message must be observed so that, if nobody handles it, it can be reported.
    ///
    /// Release builds never call it and look for none of this.
    @usableFromInline
    func isDiagnosing<Conversation>(
        _ conversation: Conversation.Type,
        _ message: Message?,
        in switchboard: Switchboard
    ) -> Bool {
        guard let owner = switchboard.owner else {
            if let speaker { reportSendWhileNotAttached(conversation, message, by: speaker) }
            return false
        }
        guard let message, !message.isQuiet, !message.isRetained, !isQuiet else { return false }
        return owner.isDiagnosed
    }

    /// Debug builds call it after a dispatch the sender did not name (an explicit form, such as
    /// `send((any CartConversation).self) { … }`): one that reached nobody is reported by its
    /// conversation. A controller that is not attached was reported before the dispatch.
    @usableFromInline
    func reportIfNobody<Conversation>(_ conversation: Conversation.Type, reached: Int, in switchboard: Switchboard) {
        guard reached == 0, !isQuiet, let owner = switchboard.owner else { return }
        let name = conversationName(of: conversation)
        owner.report(
            Diagnostic(
                cause: .unhandledMessage,
                owner: owner.name,
                sender: Speaker.name(of: sender),
                conversation: name,
                hint: nobodySpeaks(name)
            )
        )
    }

    /// Reports a send from a controller that is not attached: through the owner this center was
    /// made in while that owner lives (a center kept from before the controller left), so the
    /// report reaches that owner tree's handler and BCKitTesting's test; else app-wide.
    private func reportSendWhileNotAttached<Conversation>(
        _ conversation: Conversation.Type,
        _ message: Message?,
        by speaker: any BusinessController
    ) {
        let diagnostic = Diagnostic(
            cause: .senderNotAttached,
            owner: boundSwitchboard.owner?.name,
            sender: displayName(of: speaker),
            conversation: conversationName(of: conversation),
            message: message?.name,
            hint: "it reached nobody; send once the controller is attached (from didAttach(to:) or later)"
        )
        if let former = boundSwitchboard.owner {
            former.report(diagnostic)
        } else {
            Diagnostic.reportAppWide(diagnostic)
        }
    }
}

/// The hint of a dispatch that reached nobody.
private func nobodySpeaks(_ conversation: String) -> String {
    "no attached controller speaks \(conversation); was its controller attached, or is it created lazily for another conversation?"
}
