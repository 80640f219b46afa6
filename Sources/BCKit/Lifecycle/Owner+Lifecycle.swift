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
        updateAppearanceTasks()
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
        // Decided once per event: an optional clock instant tested per controller went through
        // generic value witnesses and cost more than the callbacks themselves.
        if center.tracer != nil {
            deliverTraced(event)
            return
        }
        // One loop per event, so each controller costs a state check and a direct call.
        switch event {
        case .didLoad: fanOut(event) { $0.ownerDidLoad() }
        case .willAppear: fanOut(event) { $0.ownerWillAppear() }
        case .didAppear: fanOut(event) { $0.ownerDidAppear() }
        case .willDisappear: fanOut(event) { $0.ownerWillDisappear() }
        case .didDisappear: fanOut(event) { $0.ownerDidDisappear() }
        }
    }

    @inline(__always)
    private func fanOut(_ event: LifecycleEvent, _ callback: (any BusinessController) -> Void) {
        let (from, alsoFrom, next) = event.transition
        // Unretained: while `lifecycleDepth` is above zero, attach and detach park the buffer
        // instead of writing it, and a detached controller's state is `tornDown`.
        withBuffer(of: attachments) { attachments in
            var position = event.isUp ? 0 : attachments.count - 1
            let step = event.isUp ? 1 : -1
            while position >= 0, position < attachments.count {
                // Borrowed, so neither the attachment nor its controller is retained per call: the
                // buffer keeps the attachment alive and its controller is a `let`.
                borrowing(Unmanaged.passUnretained(attachments[position])) { attachment in
                    let state = attachment.state
                    if state == from || state == alsoFrom {
                        attachment.state = next
                        callback(attachment.controller)
                    }
                }
                position &+= step
            }
        }
    }

    /// The traced twin of `deliver(_:)`: the same order and skips, plus the controllers reached
    /// and the duration, reported to the tracer.
    private func deliverTraced(_ event: LifecycleEvent) {
        let snapshot = event.isUp ? Array(attachments) : attachments.reversed()
        let start = ContinuousClock.now
        var reached: [Attachment] = []
        for attachment in snapshot {
            guard attachment.isAttached, let next = attachment.state.applying(event) else { continue }
            attachment.state = next
            reached.append(attachment)
            center.withSender(attachment) { attachment.controller.receive(event) }
        }
        center.traceLifecycle(event, reached: reached, duration: ContinuousClock.now - start)
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
