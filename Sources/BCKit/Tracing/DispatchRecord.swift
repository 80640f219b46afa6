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
    /// The controller whose callback sent it, or `nil` when it came from outside every callback
    /// (the host).
    public var sender: String?
    /// The controllers reached, in delivery order.
    public var receivers: [String]
    /// The receivers whose default implementation ran instead of their own method (see
    /// ``notHandled(_:)``): a misspelled method, or a message the receiver does not handle.
    public var defaulted: [DefaultedDelivery]
    /// How far the dispatch went through nested owners; ``Scope/local`` for lifecycle events.
    public var scope: Scope
    /// How long the whole dispatch took, nested dispatches included.
    public var duration: Duration
    /// How many dispatches of the same kind and owner were running around this one; `0` at the
    /// top. For a lifecycle event, the lifecycle deliveries around it: a controller's catch-up or
    /// closing delivered from inside a fan-out's callback is one deeper than that fan-out, and is
    /// reported before it.
    public var depth: Int
    /// Tells this dispatch apart from every other one running while it runs, so a tracer can pair
    /// ``DispatchTracer/willDispatch(_:)`` with ``DispatchTracer/didDispatch(_:)``; `nil` in a
    /// record reported only when it ends. A finished dispatch's identifier may be reused later.
    public var id: DispatchID?
    /// The message's name, such as `cartDidChange(count:)`, when the sender named it (a retained
    /// message's key does); `nil` otherwise. Never the message's argument values.
    public var message: String?
    /// Whether the dispatch awaited its receivers (an async `send` or `all`): other dispatches
    /// may start and end between its start and its end without being nested in it.
    public var isAsynchronous: Bool
    /// Whether the message belongs to a quiet conversation (``Message/quiet(_:)``), such as host
    /// events, which receivers commonly ignore.
    public var isQuiet = false

    /// Creates a dispatch record; tracers receive them, tests may build them.
    ///
    /// - Parameters:
    ///   - kind: The kind of dispatch.
    ///   - conversation: The conversation's or event's name.
    ///   - conversationID: The conversation's metatype identity, if any.
    ///   - owner: The owner's name.
    ///   - sender: The sending controller's name, or `nil` for the host.
    ///   - receivers: The names of the controllers reached, in order.
    ///   - defaulted: The receivers whose default implementation ran.
    ///   - scope: How far through nested owners it went.
    ///   - duration: How long it took.
    ///   - depth: How deeply it was nested.
    ///   - id: What pairs its start with its end, if it was reported at both.
    ///   - message: The message's name, if known.
    ///   - isAsynchronous: Whether it awaited its receivers.
    public init(
        kind: Kind,
        conversation: String,
        conversationID: ObjectIdentifier? = nil,
        owner: String,
        sender: String?,
        receivers: [String],
        defaulted: [DefaultedDelivery] = [],
        scope: Scope = .local,
        duration: Duration = .zero,
        depth: Int = 0,
        id: DispatchID? = nil,
        message: String? = nil,
        isAsynchronous: Bool = false
    ) {
        self.id = id
        self.message = message
        self.isAsynchronous = isAsynchronous
        self.defaulted = defaulted
        self.scope = scope
        self.kind = kind
        self.conversation = conversation
        self.conversationID = conversationID
        self.owner = owner
        self.sender = sender
        self.receivers = receivers
        self.duration = duration
        self.depth = depth
    }

    /// Whether no receiver handled a message or question: it reached nobody, or every receiver
    /// left it to its default (``defaulted``). Lifecycle events are never unhandled.
    public var isUnhandled: Bool {
        kind != .lifecycle && defaulted.count >= receivers.count
    }

    /// The receivers, in order, each marked `(ignored)` when its default ran, and the whole marked
    /// `(unhandled)` when nobody handled it: how traces and transcripts name them.
    var receiverList: String {
        guard !receivers.isEmpty else { return kind == .lifecycle ? "nobody" : "nobody (unhandled)" }
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
}
