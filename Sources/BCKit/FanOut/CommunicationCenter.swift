/// Carries conversations between the business controllers of one ``Owner``.
///
/// A conversation is an ordinary protocol with default implementations, so each controller
/// implements only the messages it cares about:
///
/// ```swift
/// @MainActor
/// protocol CartConversation: AnyObject {
///     func cartDidChange(count: Int)
/// }
/// extension CartConversation {
///     func cartDidChange(count: Int) {}
/// }
///
/// let reached = owner.center.send((any CartConversation).self) { $0.cartDidChange(count: 3) }
/// ```
///
/// Sending names the protocol and the call; the center calls it on every attached controller
/// that conforms, in the owner's order, and returns how many it reached. Nobody listening is not
/// an error: the count is `0`, and a ``DispatchTracer`` sees the dispatch as unhandled.
///
/// A receiver is a controller that *conforms* to the conversation, whether or not it overrides
/// the method sent: a controller relying on a default implementation still counts. Keep each
/// conversation to one concern, so "how many received it" and "unhandled" stay meaningful.
///
/// ## Speed
/// The receivers of each conversation are cast once, into a table cached per protocol and updated
/// on every attach and detach; a send looks the table up by the protocol's metatype and loops
/// over it with no cast. The send methods are `@inlinable` so that your module specializes them
/// for your protocol and closure. Make conversation protocols class-bound (`: AnyObject`):
/// measured on Linux, calling through a class-bound existential costs about half as much as
/// through one that is not.
///
/// ## Re-entrancy
/// Any receiver may attach, detach and send. A dispatch delivers to the receivers attached when it
/// started, minus those detached while it runs, each exactly once; a controller attached during a
/// dispatch does not get the message in flight. Nested sends run depth first. Nesting deeper than
/// ``nestingLimit`` stops the program with a message that names the chain of conversations.
@MainActor
public final class CommunicationCenter {
    /// How many dispatches may be nested inside each other in one owner before the center
    /// decides a loop is running away and stops the program.
    public nonisolated static let nestingLimit = 64

    /// The owner this center serves.
    public internal(set) weak var owner: Owner?

    @usableFromInline
    @exclusivity(unchecked)
    var index = TableIndex()

    /// Counts detaches; a dispatch compares it once per receiver and looks at the receiver's
    /// `isAttached` flag only when it moved. Main-actor state read across calls into user code,
    /// never while an access to it is open, hence no exclusivity checks.
    @usableFromInline
    @exclusivity(unchecked)
    var detachCount = 0

    /// How many dispatches of this center are running inside each other.
    @usableFromInline
    @exclusivity(unchecked)
    var depth = 0

    /// The conversation of each running dispatch, by depth, so a runaway loop can be named. A
    /// fixed buffer (one store per send) rather than an array (a uniqueness check per send); it is
    /// only touched on the main actor and freed in `deinit`.
    @usableFromInline
    nonisolated(unsafe) let chain: UnsafeMutablePointer<ObjectIdentifier>

    @usableFromInline
    @exclusivity(unchecked)
    var tracer: (any DispatchTracer)?

    /// The receiver whose callback is running, while a tracer is installed; it is the sender of
    /// whatever it sends.
    var currentSender: Attachment?

    init() {
        chain = .allocate(capacity: Self.nestingLimit)
    }

    deinit {
        chain.deallocate()
    }

    /// The dispatch table for a conversation, built on first use.
    @inlinable
    func table<Conversation>(for conversation: Conversation.Type) -> DispatchTable<Conversation> {
        if let table = index.table(for: ObjectIdentifier(Conversation.self)) {
            return unsafeDowncast(table, to: DispatchTable<Conversation>.self)
        }
        return makeTable(for: Conversation.self)
    }

    @usableFromInline
    func makeTable<Conversation>(for conversation: Conversation.Type) -> DispatchTable<Conversation> {
        let table = DispatchTable<Conversation>()
        for attachment in owner?.attachments ?? [] where attachment.isListening {
            table.insert(attachment)
        }
        index.insert(table)
        return table
    }

    /// Builds the table for a conversation now, so the first send is as fast as every other and
    /// descriptions list the conversation even before anyone sends it.
    ///
    /// - Parameter conversation: The conversation protocol, such as `(any CartConversation).self`.
    public func prepare<Conversation>(_ conversation: Conversation.Type) {
        _ = table(for: conversation)
    }

    /// Adds a controller that has caught up with its owner to every cached table it speaks.
    func startListening(_ attachment: Attachment) {
        for table in index.allTables {
            table.insert(attachment)
        }
    }

    /// Removes a leaving controller from every cached table.
    func stopListening(_ attachment: Attachment) {
        detachCount &+= 1
        for table in index.allTables {
            table.remove(attachment)
        }
    }

    @inlinable
    func enter(_ conversation: ObjectIdentifier) {
        if depth >= Self.nestingLimit {
            stopRunawayLoop(entering: conversation)
        }
        chain[depth] = conversation
        depth += 1
    }

    @usableFromInline
    func stopRunawayLoop(entering conversation: ObjectIdentifier) -> Never {
        let names = (0..<depth).map { chain[$0] }.map { index.table(for: $0)?.name ?? "?" }
        let entering = index.table(for: conversation)?.name ?? "?"
        preconditionFailure(
            """
            BCKit: conversations nested more than \(Self.nestingLimit) deep in owner \
            '\(owner?.name ?? "?")', a runaway loop: \((names + [entering]).joined(separator: " -> "))
            """
        )
    }

    /// The names of the conversations this center has tables for, with their receivers.
    var tablesByName: [(name: String, receivers: [Attachment])] {
        index.allTables.map { ($0.name, $0.receivers) }.sorted { $0.name < $1.name }
    }
}
