/// An owner is itself a business controller, so a screen made of sub-screens nests their owners:
/// the parent forwards its lifecycle down the tree and a nested owner is detached (and torn
/// down) with its parent.
///
/// ```swift
/// let page = Owner(name: "Page")
/// let reviews = Owner(name: "Reviews")
/// try page.attach(reviews)
/// try reviews.attach(ReviewListController())
/// try page.didLoad()  // reaches ReviewListController through `reviews`
/// ```
///
/// A nested owner must be attached before it is driven, and is then driven only by its parent.
/// Messages stay inside the owner they were sent through unless the sender picks a wider
/// ``Scope``.
///
/// A controller of a nested owner reaches the screen around it through its center (`center.up`)
/// or `owner?.parent`, never through a stored strong reference to the screen's owner: the screen
/// holds the nested owner, which holds the controller, so such a reference keeps all three alive,
/// and a screen dropped without ``tearDown()`` is never freed. The relay plugin warns only at a
/// property named `owner`; hold any other reference to an owner `weak`.
extension Owner: BusinessController {
    /// The parent owner, as the ``BusinessController`` requirement names it; read ``parent``.
    public var owner: Owner? {
        get { parent }
        set {
            if newValue != nil { wasEverNested = true }
            parent = newValue
            // The parent's observers see this owner too, from now on or no longer.
            if !switchboard.observers.isEmpty || newValue?.switchboard.observers.isEmpty == false {
                refreshObservers()
            }
        }
    }

    /// Follows the parent's load.
    public func ownerDidLoad() { follow(.didLoad) }

    /// Follows the parent's will-appear.
    public func ownerWillAppear() { follow(.willAppear) }

    /// Follows the parent's did-appear.
    public func ownerDidAppear() { follow(.didAppear) }

    /// Follows the parent's will-disappear.
    public func ownerWillDisappear() { follow(.willDisappear) }

    /// Follows the parent's did-disappear.
    public func ownerDidDisappear() { follow(.didDisappear) }

    /// Follows the parent's reset for new content.
    public func ownerWillReuse() {
        // The parent has closed its appearance, and so this owner's, already.
        try? reuse()
    }

    /// Tears this owner down: a nested owner lives only as long as its place in the parent.
    ///
    /// Detached from inside one of its own lifecycle deliveries, it stops that delivery (nobody
    /// else gets the event) and tears down as soon as the delivery unwinds: closing events in
    /// reverse order, then goodbye to each controller.
    ///
    /// - Parameter owner: The parent letting this owner go.
    public func willDetach(from owner: Owner) {
        guard delivering.isIdle else {
            switch ending {
            case .none where state != .tornDown: ending = .pending
            case .underWay: ending = .interrupted
            case .none, .pending, .interrupted: break
            }
            return
        }
        // The parent's own checks keep the sequence valid, and a nested owner is never driven
        // directly, so this cannot be refused.
        try? finish()
    }

    /// Whether an owner nested in this one and listening satisfies `predicate`; `false` without
    /// building a table when none was ever attached, which spares every lifecycle call a cast of
    /// each controller. A plain loop: a main-actor closure handed to the standard library's
    /// `contains(where:)` pays a runtime executor check on every element.
    func anyNestedOwner(_ predicate: (Owner) -> Bool) -> Bool {
        firstNestedOwner(where: predicate) != nil
    }

    /// The first owner nested in this one and listening that satisfies `predicate`, as
    /// ``anyNestedOwner(_:)`` looks for it.
    func firstNestedOwner(where predicate: (Owner) -> Bool) -> Owner? {
        switchboard.index.withTable(for: Owner.self) { table -> Owner? in
            let nested = table.entries
            for position in 0..<nested.count where predicate(nested[position].receiver) {
                return nested[position].receiver
            }
            return nil
        } ?? nil
    }

    private func follow(_ event: LifecycleEvent) {
        // The parent only forwards events valid for the state it tracks for this owner, and this
        // owner refuses direct driving while nested, so the two states move together. Two
        // exceptions: an owner being detached from inside its own delivery, whose tear-down
        // (waiting for that delivery to unwind) closes its appearance instead; and an owner
        // delivering an event itself, which its parent moved forward meanwhile (a message sent
        // from a newcomer's catch-up), and which takes the event once that delivery is over.
        guard !ending.stopsDelivery else { return }
        guard delivering.isIdle else {
            delivering.idleActions.append { [unowned self] in followParent() }
            return
        }
        try? apply(event)
    }

    /// Takes the events its parent passed on while it was delivering one itself: the path from its
    /// state to the one its parent now tracks for it.
    func followParent() {
        guard let parent, let tracked = parent.attachment(of: self)?.state else { return }
        for event in state.path(to: tracked) {
            guard (try? apply(event)) != nil else { return }
        }
    }
}
