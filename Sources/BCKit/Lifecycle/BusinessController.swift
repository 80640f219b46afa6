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
/// A controller talks to its siblings only through conversations sent via its owner's
/// ``Owner/center``; it never holds a reference to another controller.
///
/// > Important: Declare ``owner`` `weak`. The owner holds its controllers; a strong back
/// > reference would keep both alive forever.
///
/// ## Optional methods and subclasses
///
/// The default implementations make the callbacks optional, with one Swift pitfall: the witness
/// for a requirement is chosen when a class declares its conformance. If `Base` conforms and does
/// not implement `ownerDidAppear()`, `Base` is bound to the empty default, and a subclass that
/// later declares `override`-free `func ownerDidAppear()` is never called through the protocol.
/// Two safe patterns:
///
/// - make controllers `final` (the common case, and what this package's examples do), or
/// - let the base class implement every callback it wants subclasses to customise, even as an
///   empty method, so subclasses `override` a real method.
@MainActor
public protocol BusinessController: AnyObject {
    /// The owner this controller is attached to, or `nil` when it is not attached.
    ///
    /// The owner sets it just before ``didAttach(to:)`` and clears it just after
    /// ``willDetach(from:)``. Declare it `weak var owner: Owner?`.
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

    /// Called last before the controller is detached; ``owner`` becomes `nil` right after.
    ///
    /// By then the controller no longer receives conversations, but it may still send them.
    ///
    /// - Parameter owner: The owner that is letting the controller go.
    func willDetach(from owner: Owner)
}

// MARK: - Default implementations

extension BusinessController {
    /// Does nothing.
    public func didAttach(to owner: Owner) {}

    /// Does nothing.
    public func ownerDidLoad() {}

    /// Does nothing.
    public func ownerWillAppear() {}

    /// Does nothing.
    public func ownerDidAppear() {}

    /// Does nothing.
    public func ownerWillDisappear() {}

    /// Does nothing.
    public func ownerDidDisappear() {}

    /// Does nothing.
    public func willDetach(from owner: Owner) {}
}

// MARK: - API

extension BusinessController {
    /// Delivers one lifecycle event through the matching callback.
    func receive(_ event: LifecycleEvent) {
        switch event {
        case .didLoad: ownerDidLoad()
        case .willAppear: ownerWillAppear()
        case .didAppear: ownerDidAppear()
        case .willDisappear: ownerWillDisappear()
        case .didDisappear: ownerDidDisappear()
        }
    }
}

/// The name diagnostics and traces use for a controller: its type's name.
@MainActor
func displayName(of controller: any BusinessController) -> String {
    if let owner = controller as? Owner { return owner.name }
    return String(describing: type(of: controller))
}
