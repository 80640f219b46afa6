// MARK: - Debug diagnostics of conversations (DESIGN 21)

extension Switchboard {
    /// Whether a send must be observed so that, if nobody handles it, it can be reported; reports
    /// at once a send from a controller that is not attached.
    ///
    /// Called in debug builds only, once per send: release builds look for none of this.
    @usableFromInline
    func isDiagnosing(_ message: Message?, from speaker: (any BusinessController)?) -> Bool {
        guard let owner else {
            if let speaker { reportSendWhileNotAttached(by: speaker, message: message) }
            return false
        }
        guard let message, !message.isQuiet else { return false }
        return owner.isDiagnosed
    }

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
            hint =
                "no attached controller speaks \(record.conversation); was its controller attached, or is it created lazily for another conversation?"
        } else {
            hint = "each receiver left it to the default; did one misspell \(message.name)?"
        }
        owner.report(
            Diagnostic(
                cause: isHostRequest ? .unhonouredHostRequest : .unhandledMessage,
                owner: record.owner,
                sender: record.sender,
                conversation: record.conversation,
                message: message.name,
                ignoredBy: ignoredBy,
                hint: hint
            )
        )
    }

    private func reportSendWhileNotAttached(by speaker: any BusinessController, message: Message?) {
        Diagnostic.reportAppWide(
            Diagnostic(
                cause: .senderNotAttached,
                owner: nil,
                sender: displayName(of: speaker),
                message: message?.name,
                hint: "it reached nobody; send once the controller is attached (from didAttach(to:) or later)"
            )
        )
    }
}
