// MARK: - Observers

extension Owner {
    /// What ``addObserver(_:)`` returns: the registration of one observer with one owner, which
    /// ``removeObserver(_:)`` takes to remove that observer and no other.
    public struct Observation: Hashable, Sendable {
        /// The owner the observer was added to.
        let owner: ObjectIdentifier
        /// Which of that owner's registrations this is, in the order they were made.
        let number: Int
    }

    /// Adds an observer that sees every dispatch of this owner and of every owner nested in it,
    /// now or later, beside the observers already there.
    ///
    /// Observers compose: the inspector's recorder, a transcript, BCKitTesting's harness and an
    /// app's analytics each add their own, and adding one never silences another. Each observer
    /// hears each dispatch once, also a dispatch that crosses owners it was added to twice (a
    /// broadcast through a parent and a nested owner both observed by it).
    ///
    /// ```swift
    /// let analytics = AnalyticsObserver()
    /// let observation = owner.addObserver(analytics)
    /// // …
    /// owner.removeObserver(observation)
    /// ```
    ///
    /// An observer that records conversation and message names, such as analytics, *hears
    /// everything and handles nothing*: it is not a controller, so it receives no message, is
    /// never reported as ignoring one and fails no test. It reads names, never argument values
    /// (``DispatchRecord`` carries none).
    ///
    /// The owner holds its observers strongly until they are removed or the owner goes, so an
    /// observer must not hold the owner. Without any observer the untraced send path pays
    /// nothing for observing.
    ///
    /// An observer added while a dispatch runs (from a receiver's callback) hears the dispatches
    /// that start after it was added, not the one running. A receiver of that untraced dispatch
    /// was called with no speaker turn, which is what costs the untraced path nothing: what it
    /// sends afterwards through the owner's center (`owner?.center`) is heard as sent by the
    /// host, while what it sends through its own ``BusinessController/center`` names it, as
    /// always.
    ///
    /// - Parameter observer: The observer to add. Adding the same object twice registers it twice,
    ///   but it still hears each dispatch once.
    /// - Returns: The registration that removes this observer again.
    @discardableResult
    public func addObserver(_ observer: any DispatchTracer) -> Observation {
        nextObservation += 1
        let observation = Observation(owner: ObjectIdentifier(self), number: nextObservation)
        switchboard.ownObservers.append((observation, observer))
        refreshObservers()
        return observation
    }

    /// Removes the observer that ``addObserver(_:)`` registered as `observation`; the others stay.
    ///
    /// A dispatch under way when its observer is removed still reports its end to it, as it
    /// reported its start.
    ///
    /// - Parameter observation: A registration this owner's ``addObserver(_:)`` returned.
    /// - Returns: Whether it removed an observer: `false` for a registration already removed or
    ///   made by another owner, which changes nothing.
    @discardableResult
    public func removeObserver(_ observation: Observation) -> Bool {
        var own = switchboard.ownObservers
        guard let position = own.firstIndex(where: { $0.observation == observation }) else { return false }
        own.remove(at: position)
        switchboard.ownObservers = own
        refreshObservers()
        return true
    }

    /// The observers that see this owner's dispatches, each once: those added to the owners it is
    /// nested in, outermost first, then those added to it, in the order they were added.
    public var observers: [any DispatchTracer] {
        switchboard.observers
    }

    /// One observer slot among ``observers``, kept so code written when an owner took one tracer
    /// still compiles: setting it replaces the observer set through it before and leaves every
    /// other observer in place; `nil` removes it.
    ///
    /// Deprecated because a slot invites the mistake observers fixed: two parts of an app, such as
    /// a recording and analytics, each setting it would switch the other off. Write
    /// `let observation = owner.addObserver(tracer)` where you set it, and
    /// `owner.removeObserver(observation)` where you set it to `nil`; code that only reads it reads
    /// ``observers``.
    ///
    /// The owner holds its tracer strongly, so a tracer must not hold the owner.
    @available(
        *, deprecated,
        message:
            "use addObserver(_:), which adds the observer beside the others and returns an Observation; where you set tracer to nil, pass that Observation to removeObserver(_:)"
    )
    public var tracer: (any DispatchTracer)? {
        get {
            guard let slot = tracerSlot else { return nil }
            for (observation, observer) in switchboard.ownObservers where observation == slot { return observer }
            return nil
        }
        set {
            if let slot = tracerSlot { removeObserver(slot) }
            tracerSlot = newValue.map { addObserver($0) }
        }
    }

    /// Makes ``Switchboard/observers`` this owner's parent's observers followed by its own, each
    /// once, then does the same for every owner nested in it: called whenever an owner's own
    /// observers or its parent change.
    func refreshObservers() {
        var observers: [any DispatchTracer] = isNested ? parent?.switchboard.observers ?? [] : []
        for (_, observer) in switchboard.ownObservers where !Self.contains(observer, in: observers) {
            observers.append(observer)
        }
        switchboard.observers = observers
        guard everNestedAnOwner else { return }
        // Nested owners still catching up are not in any table yet: the attachments have them all.
        for attachment in attachments where !Delivery.hasLeft(attachment, mayHaveLeft: true) {
            if let nested = attachment.controller as? Owner { nested.refreshObservers() }
        }
    }

    /// Whether `observer` is among `observers`, by identity. A plain loop: a main-actor closure
    /// handed to the standard library pays a runtime executor check on every element.
    static func contains(_ observer: any DispatchTracer, in observers: [any DispatchTracer]) -> Bool {
        for index in observers.indices where observers[index] === observer { return true }
        return false
    }
}
