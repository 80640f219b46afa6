extension Owner {
    /// Reports that the screen's content was loaded.
    ///
    /// - Throws: ``OwnerError`` when the owner is not ``LifecycleState/initial``, is nested, is
    ///   torn down, or is already delivering a lifecycle event.
    public func didLoad() throws(OwnerError) { try drive(.didLoad) }

    /// Reports that the screen is about to appear.
    ///
    /// Valid when loaded, or while disappearing (a cancelled disappearance).
    ///
    /// - Throws: ``OwnerError`` for any other state, when nested, or while delivering an event.
    public func willAppear() throws(OwnerError) { try drive(.willAppear) }

    /// Reports that the screen appeared.
    ///
    /// - Throws: ``OwnerError`` unless the owner is appearing.
    public func didAppear() throws(OwnerError) { try drive(.didAppear) }

    /// Reports that the screen is about to disappear.
    ///
    /// Valid when appeared, or while appearing (a cancelled appearance).
    ///
    /// - Throws: ``OwnerError`` for any other state, when nested, or while delivering an event.
    public func willDisappear() throws(OwnerError) { try drive(.willDisappear) }

    /// Reports that the screen disappeared.
    ///
    /// - Throws: ``OwnerError`` unless the owner is disappearing.
    public func didDisappear() throws(OwnerError) { try drive(.didDisappear) }

    /// Delivers a lifecycle event: the up events reach controllers in order, the down events in
    /// reverse order.
    ///
    /// ```swift
    /// for event in [LifecycleEvent.didLoad, .willAppear, .didAppear] { try owner.handle(event) }
    /// ```
    ///
    /// - Parameter event: The event the screen went through.
    /// - Throws: ``OwnerError/invalidTransition(_:from:)`` when UIKit could not send `event` in the
    ///   current state, ``OwnerError/tornDown(_:)`` after tear-down,
    ///   ``OwnerError/reentrantLifecycle(_:)`` from inside a lifecycle callback, and
    ///   ``OwnerError/drivenByParent(_:)`` for a nested owner. Nothing changes then.
    public func handle(_ event: LifecycleEvent) throws(OwnerError) { try drive(event) }

    /// Tears the owner down for good.
    ///
    /// A visible owner first delivers the down events that close its appearance; then every
    /// controller is detached, last first. Attaching or driving the owner afterwards is refused.
    /// Tearing down a torn-down owner does nothing.
    ///
    /// - Throws: ``OwnerError/reentrantLifecycle(_:)`` from inside a lifecycle callback, and
    ///   ``OwnerError/drivenByParent(_:)`` for a nested owner (detach it from its parent instead).
    public func tearDown() throws(OwnerError) {
        if owner != nil { throw .drivenByParent(name) }
        try finish()
    }

    func drive(_ event: LifecycleEvent) throws(OwnerError) {
        if owner != nil { throw .drivenByParent(name) }
        try apply(event)
    }

    /// Moves the owner to the next state and delivers the event; shared by direct calls and a
    /// parent owner.
    func apply(_ event: LifecycleEvent) throws(OwnerError) {
        guard state != .tornDown, !isTearingDown else { throw .tornDown(event.description) }
        guard lifecycleDepth == 0 else { throw .reentrantLifecycle(event.description) }
        guard let next = state.applying(event) else { throw .invalidTransition(event, from: state) }
        state = next
        deliver(event)
    }

    func finish() throws(OwnerError) {
        guard state != .tornDown else { return }
        guard lifecycleDepth == 0, !isTearingDown else { throw .reentrantLifecycle("tear down") }
        isTearingDown = true
        for event in state.closingEvents {
            state = state.applying(event) ?? state
            deliver(event)
        }
        state = .tornDown
        while let last = attachments.last {
            remove(last)
        }
        isTearingDown = false
    }

    /// Fans one event out over the attachments present when it starts. A controller detached on
    /// the way is skipped; one whose own state cannot take the event (it joined while the owner
    /// was disappearing) is skipped too, which keeps every controller's log a valid path.
    private func deliver(_ event: LifecycleEvent) {
        lifecycleDepth += 1
        defer { lifecycleDepth -= 1 }
        let snapshot = attachments
        let start = center.tracer == nil ? nil : ContinuousClock.now
        var reached: [Attachment] = []
        if event.isUp {
            for attachment in snapshot { deliver(event, to: attachment, tracing: start != nil, into: &reached) }
        } else {
            for attachment in snapshot.reversed() {
                deliver(event, to: attachment, tracing: start != nil, into: &reached)
            }
        }
        if let start {
            center.traceLifecycle(event, reached: reached, duration: ContinuousClock.now - start)
        }
    }

    private func deliver(
        _ event: LifecycleEvent,
        to attachment: Attachment,
        tracing: Bool,
        into reached: inout [Attachment]
    ) {
        guard attachment.isAttached, let next = attachment.state.applying(event) else { return }
        attachment.state = next
        if tracing {
            reached.append(attachment)
            center.withSender(attachment) { attachment.controller.receive(event) }
        } else {
            attachment.controller.receive(event)
        }
    }

    /// Replays the up events a newcomer missed, stopping if it is detached on the way.
    func catchUp(_ attachment: Attachment) {
        lifecycleDepth += 1
        defer { lifecycleDepth -= 1 }
        for event in state.catchUpEvents {
            guard attachment.isAttached, let next = attachment.state.applying(event) else { return }
            deliver(event, toOnly: attachment, reaching: next)
        }
    }

    /// Sends a leaving controller the down events that close what it saw.
    func closeAppearance(of attachment: Attachment) {
        lifecycleDepth += 1
        defer { lifecycleDepth -= 1 }
        for event in attachment.state.closingEvents {
            guard let next = attachment.state.applying(event) else { return }
            deliver(event, toOnly: attachment, reaching: next)
        }
    }

    /// Delivers an event to one controller (catching up or closing), traced like a fan-out.
    private func deliver(_ event: LifecycleEvent, toOnly attachment: Attachment, reaching next: LifecycleState) {
        attachment.state = next
        guard center.tracer != nil else {
            attachment.controller.receive(event)
            return
        }
        let start = ContinuousClock.now
        center.withSender(attachment) { attachment.controller.receive(event) }
        center.traceLifecycle(event, reached: [attachment], duration: ContinuousClock.now - start)
    }

    /// Runs a callback of one controller so that, while a tracer is installed, what it sends is
    /// traced as sent by it rather than by the host.
    func speaking(as attachment: Attachment, _ callback: () -> Void) {
        if center.tracer == nil {
            callback()
        } else {
            center.withSender(attachment, callback)
        }
    }
}
