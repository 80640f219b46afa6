/// Carries conversations between the business controllers of one ``Owner``, on behalf of a sender.
///
/// A conversation is a protocol that refines ``Conversation``, declared once, as the protocol
/// alone: BCKit's relay plugin writes its relaying defaults and the center's conformance at build
/// time. Senders then make plain method calls on the center:
///
/// ```swift
/// protocol CartConversation: Conversation {
///     func cartDidChange(count: Int)
/// }
/// ```
///
/// ```swift
/// // Any controller, from anywhere (a callback, a Task, a button action):
/// center.cartDidChange(count: 3)
/// ```
///
/// A controller's ``BusinessController/center`` sends as that controller; an owner's
/// ``Owner/center`` sends as the host. Traces, graphs and the testing harness name the sender.
/// The explicit forms, such as `send((any CartConversation).self) { … }`, `all`, `reduce` and
/// `gather`, are always available, also for protocols that do not refine ``Conversation``.
///
/// Every message of every conversation meets on this one type, so two conversations cannot both
/// declare a message with the same signature: the center's conformance to the second is
/// ambiguous, a compile error. Give messages names that carry their subject (`cartDidChange`, not
/// `changed`).
///
/// The center calls the message on every attached controller that conforms, in the owner's order,
/// and returns how many it reached. Nobody listening is not an error: the count is `0`. A receiver
/// that leaves a message to its default *ignores* it; a message that no receiver handled is
/// *unhandled*, which a ``DispatchTracer``, a transcript and, in debug builds, a ``Diagnostic``
/// report.
///
/// ## Views
/// ``others`` sends to everyone but the sender; ``down`` also reaches nested owners and ``up``
/// ancestor owners. A view shapes every send and question made through it. A `scope:` argument
/// on top of a view follows one rule: ``Scope/local``, the default, narrows nothing further, so
/// the view's reach stands; ``Scope/broadcastDown`` or ``Scope/reportUp`` replaces the view's
/// reach; and a view from ``others`` leaves the sender out whatever the scope:
///
/// ```swift
/// // Up: `.local` narrows nothing further.
/// center.up.send((any ThemeConversation).self, scope: .local) { $0.themeDidChange(.dark) }
/// // Down, not up: a wider scope replaces the view's reach.
/// center.up.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }
/// // Down, and still not to the sender.
/// center.others.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }
/// ```
///
/// ## The delivery rule
/// A dispatch reaches the receivers present when it started, in order, each at most once, minus
/// those detached while it runs; for a scoped send, "present" means in any owner of the scope when
/// it started. Any receiver may attach, detach and send: a controller attached during a dispatch
/// does not get the message in flight, and one moved between owners of the scope does not get it
/// twice. Nested sends run depth first; nesting deeper than ``nestingLimit`` (sync or async)
/// stops the program with a message that names the chain of conversations (a sync dispatch that
/// reaches nobody does not count). While an owner fans an
/// up event out, a message about to reach a controller that has not had that event yet first
/// moves the fan-out forward up to that controller. The same rule delivers lifecycle events.
///
/// ## Speed
/// The receivers of each conversation are cast once, into a table cached per protocol and updated
/// on every attach and detach; a send looks the table up by the protocol's metatype and loops
/// over it with no cast. The send methods are `@inlinable` so that your module specializes them
/// for your protocol and closure.
///
/// The center is a class so that conversations, which it conforms to, can be class-bound (see
/// ``Conversation``). An owner keeps one, and one for each of its controllers that sends, made on
/// the controller's first read of ``BusinessController/center`` and kept until it leaves.
@MainActor
public final class CommunicationCenter {
    /// How many dispatches may be nested inside each other in one owner (or one task, for async
    /// sends; a controller task nests in nothing) before the center decides a loop is running away
    /// and stops the program.
    public nonisolated static let nestingLimit = 64

    /// The switchboard the sends go through while ``isBound``: the owner's, for the host's center;
    /// for a controller's, its owner's when the center was made (``Switchboard/nowhere`` if it was
    /// not attached). Stored, not optional, so the sends use it in place: returned from a computed
    /// property, it was retained and released on every send (158 -> 191 Ir for a send to ten
    /// controllers, Benchmarks/callgrind.sh kit).
    @usableFromInline
    let boundSwitchboard: Switchboard
    /// The controller the sends are made as; `nil` for the host.
    @usableFromInline
    let speaker: (any BusinessController)?
    /// The speaker's place in its owner when the center was made; `nil` for the host's center and
    /// for a controller's made while it was not attached.
    ///
    /// While it has not left, ``boundSwitchboard`` is still the speaker's owner's, so a send goes
    /// there with no look at the controller's `weak var owner`, and inlines one copy of the fast
    /// path for the host and the controllers alike.
    @usableFromInline
    let attachment: Attachment?
    /// How far the sends made through this view go, and whether they leave the sender out.
    @usableFromInline
    let scope: Scope
    /// Whether this is an owner's own center, with no view: its sends need no look at a sender or
    /// a view, so one stored flag decides what a check of ``speaker`` and one of ``scope`` did
    /// (`first` over one receiver 86 -> 81 Ir; Benchmarks/callgrind.sh first2-kit).
    @usableFromInline
    let isPlainHost: Bool
    /// Whether the sends made through this view are quiet (``quietly``): debug builds report
    /// none of them as unhandled.
    @usableFromInline
    let isQuiet: Bool

    @usableFromInline
    init(host switchboard: Switchboard, scope: Scope = .local) {
        self.boundSwitchboard = switchboard
        self.speaker = nil
        self.attachment = nil
        self.scope = scope
        self.isPlainHost = scope.isLocalToEveryone
        self.isQuiet = false
    }

    /// A controller's center: bound to `attachment` in `switchboard`'s owner, or to nowhere when
    /// the controller is not attached (`nil`).
    init(speaker: any BusinessController, attachment: Attachment?, in switchboard: Switchboard) {
        self.boundSwitchboard = switchboard
        self.speaker = speaker
        self.attachment = attachment
        self.scope = .local
        self.isPlainHost = false
        self.isQuiet = false
    }

    private init(_ center: CommunicationCenter, scope: Scope, isQuiet: Bool = false) {
        self.boundSwitchboard = center.boundSwitchboard
        self.speaker = center.speaker
        self.attachment = center.attachment
        self.scope = scope
        self.isPlainHost = false
        self.isQuiet = isQuiet || center.isQuiet
    }

    /// Whether the sends go through ``boundSwitchboard``: the host's center always; a
    /// controller's while the controller is still where it was when the center was made.
    @inlinable
    @inline(__always)
    var isBound: Bool {
        guard speaker != nil else { return true }
        guard let attachment else { return false }
        return !Delivery.hasLeft(attachment, mayHaveLeft: true)
    }

    /// The scope a send in `scope` takes through this center's view.
    @inlinable
    @inline(__always)
    func viewed(_ scope: Scope) -> Scope { isPlainHost ? scope : scope.narrowed(by: self.scope) }

    /// The switchboard of the owner the sends go through: the host's owner, or the speaker's
    /// owner at the moment of the send, so a center kept in a variable follows its controller from
    /// owner to owner and reaches nobody while it is not attached.
    @usableFromInline
    var switchboard: Switchboard {
        guard !isBound, let speaker else { return boundSwitchboard }
        return speaker.owner?.switchboard ?? .nowhere()
    }

    /// Who the sends are traced as sent by; `nil` for the host.
    @inlinable
    var sender: AnyObject? { speaker }

    /// This center, sending to everyone but the sender (the controller itself; the host is never
    /// a receiver).
    ///
    /// ```swift
    /// center.others.draftDidChange(text)
    /// ```
    public var others: CommunicationCenter {
        CommunicationCenter(self, scope: scope.excludingSender)
    }

    /// This center, sending through the owner and every owner nested in it
    /// (``Scope/broadcastDown``).
    public var down: CommunicationCenter {
        CommunicationCenter(self, scope: scope.reaching(.down))
    }

    /// This center, sending through the owner and every owner it is nested in (``Scope/reportUp``).
    public var up: CommunicationCenter {
        CommunicationCenter(self, scope: scope.reaching(.up))
    }

    /// This center, with every send made through it quiet: nobody handling it is normal, so
    /// debug builds report none of them (``Diagnostic``), explicit forms and relayed messages
    /// alike. For events broadcast to whoever cares, such as an app's own host events:
    ///
    /// ```swift
    /// owner.center.quietly.send((any AppEventConversation).self) { $0.appDidLaunch() }
    /// ```
    ///
    /// Quiet is about the debug console only: BCKitTesting still fails a test whose own message a
    /// controller under test ignores, unless the test allows it (see its `allowIgnoring(_:)`).
    public var quietly: CommunicationCenter {
        CommunicationCenter(self, scope: scope, isQuiet: true)
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
