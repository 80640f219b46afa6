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
        if parent != nil { throw .drivenByParent(name) }
        try finish()
    }

    func drive(_ event: LifecycleEvent) throws(OwnerError) {
        if parent != nil { throw .drivenByParent(name) }
        try apply(event)
    }

    /// Moves the owner to the next state and delivers the event; shared by direct calls and a
    /// parent owner.
    func apply(_ event: LifecycleEvent) throws(OwnerError) {
        guard state != .tornDown, !isTearingDown, !tearsDownAfterRun else { throw .tornDown(event.description) }
        guard lifecycleDepth == 0 else { throw .reentrantLifecycle(event.description) }
        guard let next = state.applying(event) else { throw .invalidTransition(event, from: state) }
        state = next
        fanOut(event)
    }

    func finish() throws(OwnerError) {
        guard state != .tornDown else { return }
        guard lifecycleDepth == 0, !isTearingDown else { throw .reentrantLifecycle("tear down") }
        isTearingDown = true
        for event in state.closingEvents {
            state = state.applying(event) ?? state
            fanOut(event)
        }
        state = .tornDown
        // Every table goes at once rather than losing one controller at a time, and with them
        // the retained messages; a dispatch still walking a table keeps it until it returns.
        switchboard.dropTables()
        switchboard.retained.removeAll()
        while let last = attachments.last {
            remove(last)
        }
        isTearingDown = false
    }

    /// Fans one event out over the attachments present when it starts, by the ``Delivery`` rule:
    /// up events in order, down events in reverse. A controller whose own state cannot take the
    /// event (it joined while the owner was disappearing) is skipped, which keeps every
    /// controller's log a valid path.
    private func fanOut(_ event: LifecycleEvent) {
        let run = LifecycleRun(event, over: attachments, isTraced: switchboard.tracer != nil)
        lifecycleDepth += 1
        self.run = run
        switchboard.isRunningUp = event.isUp
        while let attachment = run.next() {
            step(run, attachment)
        }
        self.run = nil
        switchboard.isRunningUp = false
        endDelivery(of: run)
    }

    /// Closes a delivery: traces it, and once the outermost delivery unwinds, carries out a
    /// tear-down requested during it.
    private func endDelivery(of run: LifecycleRun) {
        lifecycleDepth -= 1
        trace(run)
        if lifecycleDepth == 0, tearsDownAfterRun {
            tearsDownAfterRun = false
            try? finish()
        }
    }

    /// Delivers the running event to one controller, if its state can take it: the one step of
    /// every lifecycle delivery (fan-out, moving a fan-out forward, catch-up and closing).
    private func step(_ run: LifecycleRun, _ attachment: Attachment) {
        guard let next = attachment.state.applying(run.event) else { return }
        attachment.state = next
        guard run.isTraced else {
            attachment.controller.receive(run.event)
            return
        }
        run.reached.append(attachment)
        Speaker.speaking(as: attachment.controller) { attachment.controller.receive(run.event) }
    }

    /// Moves the running up event forward, in order, until `attachment` has had it (DESIGN 13):
    /// called when a message is about to reach a controller that lags its owner.
    func bringForward(_ attachment: Attachment) {
        guard let run, run.event.isUp else { return }
        while attachment.isAttached, attachment.state.applying(run.event) != nil, let next = run.next() {
            step(run, next)
        }
    }

    /// Replays the up events a newcomer missed, stopping if it is detached on the way.
    func catchUp(_ attachment: Attachment) {
        for event in state.catchUpEvents {
            guard attachment.isAttached else { return }
            deliver(event, toOnly: attachment)
        }
    }

    /// Sends a leaving controller the down events that close what it saw.
    func closeAppearance(of attachment: Attachment) {
        for event in attachment.state.closingEvents {
            deliver(event, toOnly: attachment)
        }
    }

    /// Delivers an event to one controller (catching up or closing), by the same step and traced
    /// like a fan-out. A leaving controller is already detached when it gets its closing events,
    /// so this is the one delivery that does not skip a detached attachment.
    private func deliver(_ event: LifecycleEvent, toOnly attachment: Attachment) {
        let run = LifecycleRun(event, over: [attachment], isTraced: switchboard.tracer != nil)
        lifecycleDepth += 1
        step(run, attachment)
        endDelivery(of: run)
    }

    private func trace(_ run: LifecycleRun) {
        guard let start = run.start, let tracer = switchboard.tracer else { return }
        tracer.didDispatch(
            DispatchRecord(
                kind: .lifecycle,
                conversation: run.event.description,
                owner: name,
                sender: nil,
                receivers: run.reached.map(\.name),
                duration: ContinuousClock.now - start,
                depth: switchboard.depth
            )
        )
    }

    /// Runs a callback of one controller so that, while a tracer is installed, what it sends is
    /// traced as sent by it rather than by the host.
    func speaking(as attachment: Attachment, _ callback: () -> Void) {
        if switchboard.tracer == nil {
            callback()
        } else {
            Speaker.speaking(as: attachment.controller, callback)
        }
    }
}
