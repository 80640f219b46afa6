public import BCKit

/// One conversation a controller under test sent out, as a ``TestOwner`` recorded it.
///
/// The test owner learns the conversation, the sender and the receivers from BCKit's tracer hook;
/// the method and its arguments come from the stubs that received it (see ``StubCall``).
///
/// ```swift
/// print(test.sentMessages)
/// // [AddToCartController -> CartConversation.add(goodsID: 7, quantity: 2) -> FakeCart (stub)]
/// ```
public struct SentMessage: Hashable, Sendable, CustomStringConvertible {
    /// A controller or stub that received a message.
    public struct Receiver: Hashable, Sendable, CustomStringConvertible {
        /// The receiver's name: its type name, or an owner's name.
        public var name: String

        /// Whether the receiver is a stub attached with ``TestOwner/stub(_:priority:sourceLocation:)``, rather than a
        /// controller under test.
        public var isStub: Bool

        /// Whether the receiver left the message to its default implementation (one that relays
        /// or calls `notHandled()`): it speaks the conversation but not this message.
        ///
        /// Normal, and never a failure by itself: messages are optional.
        public var isIgnored: Bool

        /// Whether the receiver left the message to its default implementation.
        @available(*, deprecated, renamed: "isIgnored")
        public var ignored: Bool {
            get { isIgnored }
            set { isIgnored = newValue }
        }

        /// Creates a receiver record.
        ///
        /// - Parameters:
        ///   - name: The receiver's name.
        ///   - isStub: Whether it is a stub.
        ///   - isIgnored: Whether it left the message to its default implementation.
        public init(name: String, isStub: Bool, isIgnored: Bool = false) {
            self.name = name
            self.isStub = isStub
            self.isIgnored = isIgnored
        }

        /// Creates a receiver record.
        ///
        /// - Parameters:
        ///   - name: The receiver's name.
        ///   - isStub: Whether it is a stub.
        ///   - ignored: Whether it left the message to its default implementation.
        @available(*, deprecated, renamed: "init(name:isStub:isIgnored:)")
        public init(name: String, isStub: Bool, ignored: Bool) {
            self.init(name: name, isStub: isStub, isIgnored: ignored)
        }

        /// The name, followed by ` (stub)` for a stub and ` (ignored)` when it left the message to
        /// its default.
        public var description: String {
            name + (isStub ? " (stub)" : "") + (isIgnored ? " (ignored)" : "")
        }
    }

    /// A message, a query (`first`, `all`, `reduce`) or a gather.
    public var kind: DispatchRecord.Kind

    /// The conversation protocol's name, such as `CartConversation`.
    public var conversation: String

    /// The conversation protocol's metatype identity.
    public var conversationID: ObjectIdentifier?

    /// The controller under test that sent it; `nil` when the test owner could not tell which
    /// of several controllers under test sent it (see ``TestOwner`` on sender attribution).
    public var sender: String?

    /// Who received it, in delivery order; empty when nobody handled it.
    public var receivers: [Receiver]

    /// The calls the receiving stubs recorded while handling it, in delivery order.
    public var calls: [StubCall]

    /// The scope it was sent with: `.reportUp` through `center.up`, `.broadcastDown` through
    /// `center.down`, `.local` otherwise.
    ///
    /// A stub attached to the test owner answers alike whatever the scope, so this is what tells a
    /// cell's controller that asks its screen (`center.up`) from one that forgot `up` and asks
    /// only its own owner; ``TestOwner/expectSent(_:_:scope:sourceLocation:)`` checks it.
    public var scope: Scope = .local

    /// Whether it was sent with `sendRetained`: the owner keeps it for controllers attached
    /// later, so reaching nobody yet is not a failure.
    public var isRetained: Bool

    /// Creates a message record; the test owner makes them, tests may build them to compare.
    ///
    /// - Parameters:
    ///   - kind: The dispatch kind.
    ///   - conversation: The conversation's name.
    ///   - conversationID: The conversation's metatype identity.
    ///   - sender: The sending controller's name.
    ///   - receivers: The receivers, in order.
    ///   - calls: The calls stubs recorded.
    ///   - isRetained: Whether it was retained for controllers attached later.
    public init(
        kind: DispatchRecord.Kind,
        conversation: String,
        conversationID: ObjectIdentifier? = nil,
        sender: String?,
        receivers: [Receiver],
        calls: [StubCall] = [],
        isRetained: Bool = false
    ) {
        self.isRetained = isRetained
        self.kind = kind
        self.conversation = conversation
        self.conversationID = conversationID
        self.sender = sender
        self.receivers = receivers
        self.calls = calls
    }

    /// Whether no receiver handled it: nobody received it, or every receiver left it to its
    /// default implementation.
    public var isUnhandled: Bool { receivers.allSatisfy(\.isIgnored) }

    /// The conversation and what the stubs saw of it: `CartConversation.add(goodsID: 7, quantity: 2)`,
    /// or just `CartConversation` when no stub recorded a call.
    ///
    /// When stubs recorded different calls, they are joined with ` | `.
    public var summary: String {
        var distinct: [String] = []
        for call in calls.map(\.description) where !distinct.contains(call) {
            distinct.append(call)
        }
        return distinct.isEmpty ? conversation : "\(conversation).\(distinct.joined(separator: " | "))"
    }

    /// `Sender -> Summary -> Receiver, Stub (stub)`, with `nobody (unhandled)` when nobody received
    /// it; a retained message reads `Sender -> retained Summary -> …`, and `nobody yet` when it
    /// waits for controllers attached later.
    public var description: String {
        let nobody = isRetained ? "nobody yet" : "nobody (unhandled)"
        let to = receivers.isEmpty ? nobody : receivers.map(\.description).joined(separator: ", ")
        let kindPrefix = isRetained ? "retained " : kind == .send ? "" : "\(kind) "
        return "\(sender ?? "a controller under test") -> \(kindPrefix)\(summary) -> \(to)"
    }
}
