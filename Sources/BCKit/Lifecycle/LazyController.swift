/// A controller registered with ``Owner/attach(lazily:speaking:creation:priority:)``: created on the
/// first conversation it speaks, or, as its ``LazyCreation`` allows, the owner's next appearance.
@MainActor
struct LazyController {
    /// The controller's type name, for descriptions.
    let name: String
    /// The conversations that create it, as registered: a few, so searched in place.
    let conversations: [Any.Type]
    /// What creates it besides its conversations.
    let creation: LazyCreation
    /// Its place in the owner's order, reserved when it was registered.
    let priority: Int16
    /// Renumbered with the attachments (see `Owner.renumber`).
    var sequence: UInt32
    let make: () -> any BusinessController

    /// Whether `cause` creates it.
    func isDue(for cause: LazyCreationCause) -> Bool {
        switch cause {
        case .message(let conversation), .retained(let conversation):
            isCreated(by: conversation)
        case .appearance:
            creation.isCreatedByAppearance
        }
    }

    /// Whether the first message of `conversation` creates it.
    func isCreated(by conversation: Any.Type) -> Bool {
        conversations.contains { ObjectIdentifier($0) == ObjectIdentifier(conversation) }
    }

    /// How descriptions and graphs say what creates it.
    var creators: String {
        conversations.map { conversationName(of: $0) }.joined(separator: ", ")
            + (creation.isCreatedByAppearance ? " or the first appearance" : " only")
    }
}

/// Why lazy controllers are being created: what traces report as the ``TraceEvent/detail`` of a
/// ``TraceEvent/Kind/lazilyCreated`` event.
enum LazyCreationCause {
    /// The first dispatch of a conversation, a retained one included.
    case message(Any.Type)
    /// The owner is about to appear.
    case appearance
    /// A retained message of a conversation, kept when the controller was registered.
    case retained(Any.Type)

    /// `first message of CartConversation`, `appearance`, `retained message of CartConversation`.
    var detail: String {
        switch self {
        case .message(let conversation): "first message of \(conversationName(of: conversation))"
        case .appearance: "appearance"
        case .retained(let conversation): "retained message of \(conversationName(of: conversation))"
        }
    }
}
