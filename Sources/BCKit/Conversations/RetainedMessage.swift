/// The latest message of one retained kind, kept by an owner so that a controller attached later
/// still gets it (DESIGN 15).
///
/// It keeps the message closure, which captures the message's values; it never keeps the sender:
/// the owner drops the message when its sender detaches, and drops them all on tear-down.
@MainActor
struct RetainedMessage {
    /// The conversation and the message (by default the forwarding method's `#function`): a newer
    /// message of the same kind replaces this one.
    let conversation: ObjectIdentifier
    let key: String
    /// The controller that sent it, or `nil` for the host.
    let sender: ObjectIdentifier?
    /// Delivers the message to one newcomer, if it speaks the conversation.
    let replay: (Owner, Attachment) -> Void

    init<Conversation>(
        _ conversation: Conversation.Type,
        key: String,
        sender: AnyObject?,
        message: @escaping (Conversation) -> Void
    ) {
        self.conversation = ObjectIdentifier(conversation)
        self.key = key
        self.sender = sender.map(ObjectIdentifier.init)
        let senderObject = sender.map { Weak($0) }
        self.replay = { owner, attachment in
            guard let receiver = attachment.controller as? Conversation else { return }
            let switchboard = owner.switchboard
            _ = switchboard.deliver(
                [Entry(receiver: receiver, attachment: attachment)],
                tracers: switchboard.tracer.map { [$0] } ?? [],
                kind: .replay,
                scope: .local,
                sender: senderObject?.object,
                {
                    message($0)
                    return true
                }
            )
        }
    }

    func isSameKind(as other: RetainedMessage) -> Bool {
        conversation == other.conversation && key == other.key
    }
}

/// A weak reference, so that a retained message can name its sender without keeping it.
private final class Weak {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}
