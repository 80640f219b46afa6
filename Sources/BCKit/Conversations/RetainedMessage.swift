/// The latest message of one retained kind, kept by an owner so that a controller attached later
/// still gets it (DESIGN 15).
///
/// It keeps the message closure, which captures the message's values; it never keeps the sender:
/// the owner drops the message when its sender detaches, and drops them all on tear-down.
///
/// A class, so that a replay can tell whether the message it is about to replay is still the one
/// kept: each version of a kind is a new object.
@MainActor
final class RetainedMessage {
    /// The conversation and the message it names (``CommunicationCenter/sendRetained(_:message:fileID:line:_:)``):
    /// a newer message of the same kind replaces this one.
    let conversation: Any.Type
    let key: String
    /// Where it was retained, to diagnose one key retained from two places; `nil` for a relayed
    /// message, whose relay cannot know the line its sender called it from.
    let site: RetainedCallSite?
    /// The controller that sent it, or `nil` for the host.
    let sender: ObjectIdentifier?
    /// The sender's name, or "the host", for diagnostics.
    let senderName: String
    /// Whether it was sent through a quiet center: dropped unheard, it is not reported either.
    let isQuiet: Bool
    /// Whether some receiver has had it, when it was sent or since by replay. One dropped before
    /// anybody had it is lost, and debug builds report it (``Switchboard/dropRetainedMessages(_:where:)``).
    var isHeard = false
    /// ``replay(to:in:diagnosing:)``, typed for the conversation, handed the message it replays.
    private let replayOfConversation: (RetainedMessage, Owner, Attachment, _ diagnosing: Bool) -> Bool

    /// - Parameter isQuiet: Whether it was sent quiet (through a quiet center, or relayed as a
    ///   quiet message), so its replays are quiet.
    init<Conversation>(
        _ conversation: Conversation.Type,
        key: String,
        site: RetainedCallSite?,
        sender: AnyObject?,
        isQuiet: Bool = false,
        message: @escaping (Conversation) -> Void
    ) {
        self.conversation = conversation
        self.key = key
        self.site = site
        self.sender = sender.map(ObjectIdentifier.init)
        self.senderName = sender.map { displayName(of: $0) } ?? "the host"
        self.isQuiet = isQuiet
        let senderObject = sender.map { Weak($0) }
        self.replayOfConversation = { retained, owner, attachment, diagnosing in
            guard let receiver = attachment.controller as? Conversation else { return false }
            let switchboard = owner.switchboard
            _ = switchboard.deliver(
                [Entry(receiver: receiver, attachment: attachment)],
                tracers: switchboard.observers,
                kind: .replay,
                scope: .local,
                sender: senderObject?.object,
                message: .retained(key, isQuiet: isQuiet),
                isQuiet: isQuiet,
                diagnosing: diagnosing
            ) { receiver -> Never? in
                // An observer told the replay starts may have dropped it (its sender left, a newer
                // one of its kind replaced it): a message no longer kept is not replayed.
                if owner.switchboard.retained.contains(where: { $0 === retained }) { message(receiver) }
                return nil
            }
            return true
        }
    }

    /// Delivers the message to one newcomer, if it speaks the conversation, reporting it if
    /// `diagnosing` and the newcomer leaves it to its default; returns whether it reached it.
    func replay(to attachment: Attachment, in owner: Owner, diagnosing: Bool) -> Bool {
        replayOfConversation(self, owner, attachment, diagnosing)
    }

    /// Why retained messages are dropped, which the report of one nobody heard names.
    enum Drop {
        /// The owner was torn down.
        case tearDown
        /// Their sender detached.
        case senderLeft
        /// The owner was prepared for reuse with new content.
        case reuse
    }

    func isSameKind(as other: RetainedMessage) -> Bool {
        ObjectIdentifier(conversation) == ObjectIdentifier(other.conversation) && key == other.key
    }
}

/// Where a message was retained: the file (as `#fileID` names it) and the line.
struct RetainedCallSite: Hashable, CustomStringConvertible {
    let fileID: String
    let line: Int

    /// `Module/File.swift:12`.
    var description: String { "\(fileID):\(line)" }
}

/// A weak reference, so that a retained message can name its sender without keeping it.
private final class Weak {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}
