/// What every conversation protocol refines: the one place its messages go when a conformer leaves
/// them to the default.
///
/// A conversation is declared once, as the protocol alone. BCKit's relay plugin
/// (`BCKitRelayPlugin`, one `plugins:` line on the target) writes each message's relaying default
/// and the center's conformance at build time:
///
/// ```swift
/// protocol CartConversation: Conversation {
///     func cartDidChange(count: Int)
///     func cartWasCleared()
/// }
/// ```
///
/// Each default relays its message. On the ``CommunicationCenter``, which the plugin makes
/// conform, relaying fans the message out to every controller that speaks the conversation, so a
/// sender writes `center.cartDidChange(count: 3)`. On a controller that leaves the message to its
/// default, relaying marks the delivery *ignored*: the message is optional, and traces,
/// transcripts and the debug diagnostics (``Diagnostic``) can tell a message nobody handled from
/// one somebody did.
///
/// A declaration the plugin cannot relay is a build error at its line that says what to write
/// instead, and a conformer's method whose name nearly matches a message is a build warning at its
/// line. The relaying defaults can also be written by hand, with the one-call `relay` forms below
/// and `extension CommunicationCenter: CartConversation {}`: the plugin leaves a conversation
/// alone when its target writes the center's conformance itself.
///
/// The message name is the one `#function` gives inside the default (`cartDidChange(count:)`),
/// which the plugin passes explicitly; it is also the key a retained message is kept under
/// (`relayRetained(_:message:_:)`).
///
/// Conversations are class-bound: controllers, the center and test stubs are classes. The tables
/// then hold plain references, and a one-call send costs what the explicit class-bound send does:
/// about 19 instructions per receiver, where a conversation any struct could conform to paid about
/// 123, copying each receiver's existential out of the table (Benchmarks/callgrind.sh relay-kit).
///
/// ## Which forms are one call
/// The relaying defaults carry a message (`Void`), a question answered by the first receiver that
/// does not return `nil` (an `Optional` result, or a read-only `Optional` property), a message
/// whose receivers may throw (untyped `throws`, all receivers called first), an `async` message
/// run in order, and a retained message. In the protocol, a `/// - Retained` line in a message's
/// doc comment makes the plugin retain it, and `/// - Quiet` makes it (or, on the protocol, every
/// message) quiet (``Message/quiet(_:)``).
/// `all`, `reduce`, `gather`, typed throws and concurrent async sends stay explicit calls on the
/// center (``CommunicationCenter/all(_:scope:_:)``, and so on).
///
/// ## Scope and sender
/// A controller hears messages it sends itself when it speaks their conversation: the center
/// reaches every conformer, as the original pattern's forwarding did, and leaving the sender out
/// would cost every send a comparison per receiver. Send through
/// ``CommunicationCenter/others`` to leave the sender out, and through
/// ``CommunicationCenter/down`` or ``CommunicationCenter/up`` to reach nested or ancestor owners.
@MainActor
public protocol Conversation: AnyObject {
    /// Forwards a relayed message: the center fans it out; a controller marks it ignored.
    ///
    /// The requirement behind `relay(_:message:_:)`, which is what a relaying default calls: it
    /// names the message. Conform to ``Conversation`` and leave the `forward` requirements to the
    /// kit's default implementations and the center's.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any CartConversation).self`.
    ///   - message: The message's name and whether the conversation is quiet.
    ///   - deliver: The call to make on each receiver.
    func forward<Receiver>(_ conversation: Receiver.Type, message: Message, _ deliver: (Receiver) -> Void)

    /// Forwards a relayed question: the center returns the first answer that is not `nil`; a controller
    /// marks it ignored and answers `nil`.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message's name and whether the conversation is quiet.
    ///   - ask: The question to put to each receiver, in order, until one answers.
    /// - Returns: The first answer, or `nil`.
    func forward<Receiver, Answer>(
        _ conversation: Receiver.Type,
        message: Message,
        _ ask: (Receiver) -> Answer?
    ) -> Answer?

    /// Forwards a relayed message whose receivers may throw: the center calls every receiver, then throws
    /// their errors together; a controller marks it ignored.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message's name and whether the conversation is quiet.
    ///   - deliver: The call to make on each receiver.
    /// - Throws: A ``ConversationError`` listing each receiver that threw, in order.
    func forward<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: (Receiver) throws -> Void
    ) throws

    /// Forwards a relayed async message: the center runs the receivers one after another; a controller
    /// marks it ignored.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message's name and whether the conversation is quiet.
    ///   - deliver: The call to make on each receiver.
    func forward<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: @MainActor (Receiver) async -> Void
    ) async

    /// Forwards a relayed message and retains it under its name, so a controller attached later
    /// still gets it; a controller marks it ignored.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message's name, the key it is retained under.
    ///   - deliver: The call to make on each receiver, now and on each later replay.
    func forwardRetained<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: @escaping (Receiver) -> Void
    )
}

// MARK: - Default implementations

// A conformer that is not the center (a controller, a stub) relays a message it leaves to the
// default by marking it ignored: the message is optional.
extension Conversation {
    /// Marks the message ignored by this receiver.
    public func forward<Receiver>(_ conversation: Receiver.Type, message: Message, _ deliver: (Receiver) -> Void) {
        Speaker.noteDefault(message.name, isQuiet: message.isQuiet, of: self)
    }

    /// Marks the question ignored by this receiver, which answers `nil`.
    public func forward<Receiver, Answer>(
        _ conversation: Receiver.Type,
        message: Message,
        _ ask: (Receiver) -> Answer?
    ) -> Answer? {
        Speaker.noteDefault(message.name, isQuiet: message.isQuiet, of: self)
        return nil
    }

    /// Marks the message ignored by this receiver.
    public func forward<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: (Receiver) throws -> Void
    ) throws {
        Speaker.noteDefault(message.name, isQuiet: message.isQuiet, of: self)
    }

    /// Marks the message ignored by this receiver.
    public func forward<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: @MainActor (Receiver) async -> Void
    ) async {
        Speaker.noteDefault(message.name, isQuiet: message.isQuiet, of: self)
    }

    /// Marks the message ignored by this receiver.
    public func forwardRetained<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: @escaping (Receiver) -> Void
    ) {
        Speaker.noteDefault(message.name, isQuiet: message.isQuiet, of: self)
    }
}

// MARK: - API

extension Conversation {
    /// Relays a message from a conversation's default implementation, named after that default.
    ///
    /// ```swift
    /// extension CartConversation {
    ///     func cartDidChange(count: Int) { relay((any CartConversation).self) { $0.cartDidChange(count: count) } }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any CartConversation).self`.
    ///   - message: The message; the default, `#function`, names it after the calling default.
    ///   - deliver: The call to make on each receiver: the same message.
    @inlinable
    @inline(__always)
    public func relay<Receiver>(
        _ conversation: Receiver.Type,
        message: Message = #function,
        _ deliver: (Receiver) -> Void
    ) {
        forward(conversation, message: message, deliver)
    }

    /// Relays a question from a conversation's default implementation; the first answer that is
    /// not `nil` wins.
    ///
    /// ```swift
    /// extension GoodsQuery {
    ///     func goodsTitle() -> String? { relay((any GoodsQuery).self) { $0.goodsTitle() } }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message; the default, `#function`, names it after the calling default.
    ///   - ask: The question to put to each receiver.
    /// - Returns: The first answer, or `nil` when nobody answered.
    @inlinable
    @inline(__always)
    public func relay<Receiver, Answer>(
        _ conversation: Receiver.Type,
        message: Message = #function,
        _ ask: (Receiver) -> Answer?
    ) -> Answer? {
        forward(conversation, message: message, ask)
    }

    /// Relays a message whose receivers may throw, from a conversation's default implementation.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message; the default, `#function`, names it after the calling default.
    ///   - deliver: The call to make on each receiver.
    /// - Throws: A ``ConversationError`` listing each receiver that threw, in order.
    @inlinable
    @inline(__always)
    public func relay<Receiver>(
        _ conversation: Receiver.Type,
        message: Message = #function,
        _ deliver: (Receiver) throws -> Void
    ) throws {
        try forward(conversation, message: message, deliver)
    }

    /// Relays an async message from a conversation's default implementation; receivers run one
    /// after another.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message; the default, `#function`, names it after the calling default.
    ///   - deliver: The call to make on each receiver.
    @inlinable
    @inline(__always)
    public func relay<Receiver>(
        _ conversation: Receiver.Type,
        message: Message = #function,
        _ deliver: @MainActor (Receiver) async -> Void
    ) async {
        await forward(conversation, message: message, deliver)
    }

    /// Relays a message and retains it, keyed by the conversation and the message's name, so a
    /// controller attached later still gets the latest one, once, right after its catch-up.
    ///
    /// ```swift
    /// extension DraftConversation {
    ///     func draftWasRestored(_ text: String) {
    ///         relayRetained((any DraftConversation).self) { $0.draftWasRestored(text) }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message; the default, `#function`, names it and is its key.
    ///   - deliver: The call to make on each receiver, now and on each later replay.
    @inlinable
    @inline(__always)
    public func relayRetained<Receiver>(
        _ conversation: Receiver.Type,
        message: Message = #function,
        _ deliver: @escaping (Receiver) -> Void
    ) {
        forwardRetained(conversation, message: message, deliver)
    }
}
