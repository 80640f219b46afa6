/// One dispatch as a ``DispatchTracer`` sees it: what was sent, by whom, to whom, and how long it
/// took.
///
/// A scoped dispatch (``Scope/broadcastDown``, ``Scope/reportUp``) is one record: its receivers
/// are those of every owner in scope, and each distinct tracer in scope sees it once.
public struct DispatchRecord: Sendable, CustomStringConvertible {
    /// What kind of dispatch this was.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        @usableFromInline
        let name: String

        @usableFromInline
        init(_ name: String) {
            self.name = name
        }

        /// A message: one of the `send` methods of ``CommunicationCenter``.
        @inlinable
        public static var send: Kind {
            // Computed and inlinable, so the send fast path, which passes it along unused, pays
            // no lazy-initialization accessor call.
            Kind("send")
        }
        /// A question: `first`, `all` or `reduce`.
        @inlinable
        public static var query: Kind { Kind("query") }
        /// A question answered through replies: ``CommunicationCenter/gather(_:scope:_:completion:)``.
        public static let gather = Kind("gather")
        /// A lifecycle event forwarded by the owner.
        public static let lifecycle = Kind("lifecycle")
        /// A retained message replayed to a controller that attached after it was sent.
        public static let replay = Kind("replay")

        /// The kind's name.
        public var description: String { name }
    }

    /// What kind of dispatch this was.
    public var kind: Kind
    /// The conversation protocol's name, or the lifecycle event's name.
    public var conversation: String
    /// The conversation protocol's metatype identity; `nil` for lifecycle events.
    public var conversationID: ObjectIdentifier?
    /// The name of the owner the dispatch ran in.
    public var owner: String
    /// The identity of the owner the dispatch ran in, which tells apart two owners of one name.
    public var ownerID: ObjectIdentifier?
    /// The owner the dispatch ran in, while it is alive: the inspector writes down the tree of an
    /// owner it first meets in a dispatch. Weak, since a tracer may keep records and the owner
    /// holds its tracers.
    package weak var ownerObject: Owner?
    /// The controller whose callback sent it, or `nil` when it came from outside every callback
    /// (the host). A replay's sender is the sender of the message it replays, whoever's callback
    /// attached its receiver.
    public var sender: String?
    /// The identity of the sending controller, which tells apart two controllers of one name;
    /// `nil` for the host.
    public var senderID: ObjectIdentifier?
    /// The controllers reached, in delivery order.
    public var receivers: [String] = []
    /// The identities of the controllers reached, in the order of ``receivers``: a receiver's
    /// name and identity share an index. Valid while the dispatch is reported: an identity may be
    /// reused once its controller is freed.
    public var receiverIDs: [ObjectIdentifier] = []
    /// The receivers whose default implementation ran instead of their own method (see
    /// ``notHandled(_:)``): a misspelled method, or a message the receiver does not handle.
    public var defaulted: [DefaultedDelivery] = []
    /// How far the dispatch went through nested owners; ``Scope/local`` for lifecycle events.
    public var scope: Scope = .local
    /// How long the whole dispatch took, nested dispatches included.
    public var duration: Duration = .zero
    /// How many dispatches of the same kind and owner were running around this one; `0` at the
    /// top. For a lifecycle event, the lifecycle deliveries around it: a controller's catch-up or
    /// closing delivered from inside a fan-out's callback is one deeper than that fan-out, and is
    /// reported before it.
    public var depth = 0
    /// Tells this dispatch apart from every other one running while it runs, so a tracer can pair
    /// ``DispatchTracer/willDispatch(_:)`` with ``DispatchTracer/didDispatch(_:)``; `nil` in a
    /// record reported only when it ends. A finished dispatch's identifier may be reused later.
    public var id: DispatchID?
    /// The message's name, such as `cartDidChange(count:)`, when the sender named it (a retained
    /// message's key does); `nil` otherwise. Never the message's argument values.
    public var message: String?
    /// Whether the dispatch awaited its receivers (an async `send` or `all`): other dispatches
    /// may start and end between its start and its end without being nested in it.
    public var isAsynchronous = false
    /// Whether the message belongs to a quiet conversation (``Message/quiet(_:)``), such as host
    /// events, which receivers commonly ignore.
    public var isQuiet = false
    /// Whether the owner kept the message for controllers attached later: a retained message
    /// (``CommunicationCenter/sendRetained(_:message:fileID:line:_:)``, a `- Retained` message) or
    /// the replay of one. One that reached nobody yet waits for them, so it is not unhandled; one
    /// sent while its owner tears down is not kept.
    public var isRetained = false

    /// Creates a record of a dispatch that reached nobody yet; set the other properties to
    /// describe the rest. Tracers receive records from the kit; tests may build them.
    ///
    /// The initializer takes only what every record has, so that a property added later changes
    /// no initializer: it has a default of its own.
    ///
    /// ```swift
    /// var record = DispatchRecord(kind: .send, conversation: "CartConversation", owner: "Cart")
    /// record.receivers = ["BadgeController"]
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The kind of dispatch.
    ///   - conversation: The conversation's or lifecycle event's name.
    ///   - owner: The owner's name.
    public init(kind: Kind, conversation: String, owner: String) {
        self.kind = kind
        self.conversation = conversation
        self.owner = owner
    }

    /// Whether no receiver handled a message or question: it reached nobody, or every receiver
    /// left it to its default (``defaulted``). Lifecycle events are never unhandled, nor is a
    /// retained message that reached nobody yet (``isRetained``): it waits for a controller to
    /// come. One that reached receivers which all ignored it is.
    public var isUnhandled: Bool {
        guard kind != .lifecycle, !(isRetained && receivers.isEmpty) else { return false }
        return defaulted.count >= receivers.count
    }

    /// The receivers, in order, each marked `(ignored)` when its default ran, and the whole marked
    /// `(unhandled)` when nobody handled it: how traces and transcripts name them. A retained
    /// message that reached nobody reads `nobody yet (kept)`.
    var receiverList: String {
        guard !receivers.isEmpty else {
            if kind == .lifecycle { return "nobody" }
            return isRetained ? "nobody yet (kept)" : "nobody (unhandled)"
        }
        let ignored = Set(defaulted.map(\.receiver))
        let list = receivers.map { ignored.contains($0) ? "\($0) (ignored)" : $0 }.joined(separator: ", ")
        return isUnhandled ? list + " (unhandled)" : list
    }

    /// One line: `[Owner] Sender -> Conversation -> A, B (12 µs)`; indent by ``depth`` to show nesting.
    public var description: String {
        let to = receiverList
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let defaults =
            defaulted.isEmpty ? "" : "; default ran in " + defaulted.map(\.description).joined(separator: ", ")
        return "[\(owner)] \(sender ?? "host") -> \(conversation) -> \(to) (\(microseconds) µs)\(defaults)"
    }
}

/// A receiver that got a message but whose default implementation ran: its own method is missing
/// or misspelled.
public struct DefaultedDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The receiver's name.
    public let receiver: String
    /// The method whose default ran, as `#function` names it, such as `cartDidChange(count:)`.
    public let method: String
    /// The receiver's identity, which tells apart two receivers of one name; `nil` in a record
    /// built by hand.
    public var receiverID: ObjectIdentifier?

    /// Creates a record of one defaulted delivery.
    ///
    /// - Parameters:
    ///   - receiver: The receiver's name.
    ///   - method: The method whose default ran.
    public init(receiver: String, method: String) {
        self.receiver = receiver
        self.method = method
    }

    /// `Receiver.method`.
    public var description: String { "\(receiver).\(method)" }

    /// Whether two records name the same receiver and method; ``receiverID`` is left out, so a
    /// record built by hand in a test equals the kit's.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.receiver == rhs.receiver && lhs.method == rhs.method
    }

    /// Hashes the receiver's name and the method, as `==` compares them.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(receiver)
        hasher.combine(method)
    }
}

extension DefaultedDelivery {
    /// The record of `attachment`'s controller falling through to the default of `method`.
    @MainActor
    init(_ attachment: Attachment, method: String) {
        self.init(receiver: attachment.name, method: method)
        receiverID = ObjectIdentifier(attachment.controller)
    }
}
