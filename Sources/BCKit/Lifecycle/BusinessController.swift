/// A small piece of one screen's behaviour, attached to an ``Owner`` and unaware of its siblings.
///
/// Every requirement except ``owner`` has an empty default implementation, so a controller writes
/// only the callbacks it needs, plus one line of storage:
///
/// ```swift
/// final class StockController: BusinessController, GoodsConversation {
///     weak var owner: Owner?
///
///     func ownerDidLoad() { /* fetch stock */ }
///     func goodsDidChange(_ goods: Goods) { /* … */ }
/// }
/// ```
///
/// A controller talks to its siblings only through conversations sent via its own ``center``
/// (which names it as the sender); it never holds a reference to another controller.
///
/// Controllers live on the main actor, as their owner and conversations do.
///
/// The `weak var owner` line is the one piece of boilerplate: a protocol extension cannot add
/// storage, and the kit uses the controller's own `owner` as its membership record, which keeps
/// the owner free of an index by controller. A base class would bring back the subclass pitfall
/// below, and a macro a dependency on swift-syntax.
///
/// > Important: Declare ``owner`` `weak`. The owner holds its controllers, so a strong `var owner`
/// > makes a cycle: an owner let go without ``Owner/tearDown()`` (a screen that keeps its owner
/// > itself and drops it) is never freed, and neither are its controllers, whose tasks the owner's
/// > release would have cancelled (<doc:ControllerTasks>). Only a tear-down, which clears
/// > ``owner``, breaks the cycle; a ``HostRelay`` released without one tears its owner down a
/// > moment later, an owner held any other way stays.
///
/// ## Optional methods and subclasses
///
/// The default implementations make the callbacks optional, with one Swift pitfall: the witness
/// for a requirement is chosen when a class declares its conformance. If `Base` conforms and does
/// not implement `ownerDidAppear()`, `Base` is bound to the empty default, and a subclass that
/// later declares `override`-free `func ownerDidAppear()` is never called through the protocol
/// (the relay plugin warns at it). Two safe patterns:
///
/// - make controllers `final` (the common case, and what this package's examples do), or
/// - let the base class implement every callback it wants subclasses to customise, even as an
///   empty method, so subclasses `override` a real method.
@MainActor
public protocol BusinessController: AnyObject {
    /// The owner this controller is attached to, or `nil` when it is not attached.
    ///
    /// The owner sets it just before ``didAttach(to:)`` and clears it just after
    /// ``willDetach(from:)``. Declare it `weak var owner: Owner?`: a strong one keeps an owner that
    /// is dropped without ``Owner/tearDown()`` alive for good, with every controller and task
    /// (see the note on ``BusinessController``).
    ///
    /// Never set it yourself: attach and detach are the only writers, and the kit reads it as the
    /// record that the controller is attached. Set by hand, the controller's next attach is refused
    /// as if it were attached already (``OwnerError/attachedElsewhere(_:)``); cleared by hand while
    /// attached, the controller still hears its owner, but its ``center`` reaches nobody and the
    /// owner's `detach(_:)` refuses it as not attached.
    var owner: Owner? { get set }

    /// Called once the controller is attached, before it is brought up to the owner's state.
    ///
    /// - Parameter owner: The owner that now holds the controller.
    func didAttach(to owner: Owner)

    /// Called when the owner's content is loaded.
    func ownerDidLoad()

    /// Called when the owner is about to appear.
    func ownerWillAppear()

    /// Called when the owner appeared.
    func ownerDidAppear()

    /// Called when the owner is about to disappear, or the controller leaves a visible owner.
    func ownerWillDisappear()

    /// Called when the owner disappeared, or the controller left a visible owner.
    func ownerDidDisappear()

    /// Called when the owner is reset for new content (a reused cell), after any open appearance
    /// was closed; drop what belongs to the old content, and cancel the tasks it started, which a
    /// reuse leaves running. The new content arrives as messages.
    ///
    /// Delivered last controller first, like the down events. See ``Owner/prepareForReuse()``.
    func ownerWillReuse()

    /// Called last before the controller is detached; ``owner`` becomes `nil` right after.
    ///
    /// By then the controller no longer receives conversations, but it may still send them.
    ///
    /// - Parameter owner: The owner that is letting the controller go.
    func willDetach(from owner: Owner)
}

// MARK: - Default implementations

// The appearance defaults mark the controller's attachment quiet for their callback, so that a
// fan-out stops calling a callback the controller leaves empty (see `LifecycleCallback`); the
// `didAttach(to:)` default records that the controller's type leaves it to the default, a fact
// about the type, so that a batch attach skips it and knows no code of the kit's users ran (see
// `Owner.attach(_:)` for a list).
extension BusinessController {
    /// Does nothing to the controller.
    public func didAttach(to owner: Owner) {
        ConformanceMemo.shared.noteQuietGreeting(of: type(of: self))
    }

    /// Does nothing.
    public func ownerDidLoad() {}

    /// Does nothing to the controller.
    public func ownerWillAppear() {
        owner?.noteDefault(LifecycleRun.WillAppear.quietFlag, of: self)
    }

    /// Does nothing to the controller.
    public func ownerDidAppear() {
        owner?.noteDefault(LifecycleRun.DidAppear.quietFlag, of: self)
    }

    /// Does nothing to the controller.
    public func ownerWillDisappear() {
        owner?.noteDefault(LifecycleRun.WillDisappear.quietFlag, of: self)
    }

    /// Does nothing to the controller.
    public func ownerDidDisappear() {
        owner?.noteDefault(LifecycleRun.DidDisappear.quietFlag, of: self)
    }

    /// Does nothing.
    public func ownerWillReuse() {}

    /// Does nothing.
    public func willDetach(from owner: Owner) {}
}

// MARK: - Sending

extension BusinessController {
    /// The owner's communication center, sending as this controller.
    ///
    /// Use it from anywhere: a callback, a `Task`, an action the host forwards. Traces, the
    /// conversation graph and the testing harness name this controller as the sender. The center
    /// finds the controller's owner when it sends, so one kept in a variable follows the
    /// controller: while the controller is not attached its sends reach nobody and return `0` (a
    /// debug build reports them, see ``Diagnostic``), and once attached again they go through its
    /// new owner.
    ///
    /// A center keeps its controller alive, since it sends as it: keep one in a callback or a
    /// task, never in a stored property of the controller itself, where the two would keep each
    /// other and neither would be freed.
    ///
    /// ```swift
    /// func addToCartTapped() {
    ///     center.cartDidChange(count: count)
    /// }
    /// ```
    ///
    /// A nested ``Owner`` is a controller too, but this is not its ``Owner/center``: the owner's own
    /// property shadows this one only where the static type is `Owner`. Read through
    /// `any BusinessController`, or in code generic over a controller type, a nested owner's
    /// `center` is this one, which speaks in the parent owner as the nested owner; read on `Owner`,
    /// it speaks in the owner itself, as its host.
    public var center: CommunicationCenter {
        guard let center = owner?.center(ofAttached: self) else {
            return CommunicationCenter(speaker: self, attachment: nil, in: .nowhere())
        }
        return center
    }
}
