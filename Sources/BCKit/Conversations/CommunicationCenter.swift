/// Carries conversations between the business controllers of one ``Owner``, on behalf of a sender.
///
/// A conversation is an ordinary class-bound protocol. Its author splits it in two, so that
/// senders make plain method calls on the center and a forgotten forwarding line does not compile:
///
/// ```swift
/// // The messages, with no defaults: the center conforms to this.
/// @MainActor
/// protocol CartMessages {
///     func cartDidChange(count: Int)
/// }
///
/// // What controllers adopt: every message optional.
/// @MainActor
/// protocol CartConversation: CartMessages, AnyObject {}
///
/// extension CartConversation {
///     func cartDidChange(count: Int) { notHandled() }
/// }
///
/// // One forwarding line per message, written once, next to the protocol.
/// extension CommunicationCenter: CartMessages {
///     func cartDidChange(count: Int) {
///         send((any CartConversation).self) { $0.cartDidChange(count: count) }
///     }
/// }
///
/// // Any controller, from anywhere (a callback, a Task, a button action):
/// center.cartDidChange(count: 3)
/// ```
///
/// A controller's ``BusinessController/center`` sends as that controller; an owner's
/// ``Owner/center`` sends as the host. Traces, graphs and the testing harness name the sender.
/// The explicit form, `send((any CartConversation).self) { … }`, is always available.
///
/// Every message of every conversation meets on this one type, so two conversations cannot both
/// forward a method with the same name: the second forwarding line is an invalid redeclaration,
/// a compile error. Give messages names that carry their subject (`cartDidChange`, not `changed`).
///
/// The center calls the message on every attached controller that conforms, in the owner's order,
/// and returns how many it reached. Nobody listening is not an error: the count is `0`, and a
/// ``DispatchTracer`` sees the dispatch as unhandled. A receiver is a controller that *conforms*,
/// whether or not it implements the method sent; with ``notHandled(_:)`` in each default, a
/// tracer and the testing harness see which receivers fell through to a default.
///
/// ## The delivery rule
/// A dispatch reaches the receivers present when it started, in order, each at most once, minus
/// those detached while it runs; for a scoped send, "present" means in any owner of the scope when
/// it started. Any receiver may attach, detach and send: a controller attached during a dispatch
/// does not get the message in flight, and one moved between owners of the scope does not get it
/// twice. Nested sends run depth first; nesting deeper than ``nestingLimit`` (sync or async)
/// stops the program with a message that names the chain of conversations. While an owner fans an
/// up event out, a message about to reach a controller that has not had that event yet first
/// moves the fan-out forward up to that controller. The same rule delivers lifecycle events.
///
/// ## Speed
/// The receivers of each conversation are cast once, into a table cached per protocol and updated
/// on every attach and detach; a send looks the table up by the protocol's metatype and loops
/// over it with no cast. The send methods are `@inlinable` so that your module specializes them
/// for your protocol and closure. Make conversation protocols class-bound (`: AnyObject`): calling
/// through a class-bound existential costs about half as much as through one that is not.
@MainActor
public struct CommunicationCenter {
    /// How many dispatches may be nested inside each other in one owner (or one task, for async
    /// sends) before the center decides a loop is running away and stops the program.
    public nonisolated static let nestingLimit = 64

    /// Never optional, so a send reads it without unwrapping and retaining it: a controller that
    /// is not attached sends through ``Switchboard/nowhere``.
    @usableFromInline
    let switchboard: Switchboard
    /// Who the sends are traced as sent by; `nil` for the host.
    @usableFromInline
    let sender: AnyObject?

    @usableFromInline
    init(switchboard: Switchboard, sender: AnyObject?) {
        self.switchboard = switchboard
        self.sender = sender
    }

    /// The owner whose controllers this center reaches, or `nil` for a controller's center while
    /// it is not attached (its sends then reach nobody).
    public var owner: Owner? {
        switchboard.owner
    }

    /// Builds the table for a conversation now, so the first send is as fast as every other and
    /// descriptions list the conversation even before anyone sends it.
    ///
    /// - Parameter conversation: The conversation protocol, such as `(any CartConversation).self`.
    public func prepare<Conversation>(_ conversation: Conversation.Type) {
        _ = switchboard.table(for: conversation)
    }
}
