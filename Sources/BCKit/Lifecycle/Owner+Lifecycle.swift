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
        try checkNoNestedDelivery("tear down")
        try finish()
    }

    func drive(_ event: LifecycleEvent) throws(OwnerError) {
        if parent != nil { throw .drivenByParent(name) }
        try checkNoNestedDelivery(event.description)
        try apply(event)
    }

    /// Refuses a call on the root while an owner nested in it delivers a lifecycle event (a
    /// callback of a nested controller's catch-up drives the root): the nested owner could not
    /// follow, and the tree would fall out of step.
    func checkNoNestedDelivery(_ operation: String) throws(OwnerError) {
        func isDelivering(_ owner: Owner) -> Bool {
            owner.lifecycleDepth > 0
                || owner.nestedOwners.contains { isDelivering($0.receiver) }
        }
        for nested in nestedOwners where isDelivering(nested.receiver) {
            throw .reentrantLifecycle(operation)
        }
    }

    /// Moves the owner to the next state and delivers the event; shared by direct calls and a
    /// parent owner.
    func apply(_ event: LifecycleEvent) throws(OwnerError) {
        guard state != .tornDown, !isTearingDown, !tearsDownAfterRun else { throw .tornDown(event.description) }
        guard lifecycleDepth == 0 else { throw .reentrantLifecycle(event.description) }
        guard let next = state.applying(event) else { throw .invalidTransition(event, from: state) }
        if event == .willAppear, !lazyControllers.isEmpty {
            // First appearance: every lazy controller is needed now; created before the event, so
            // each is loaded and then appears with the others.
            createLazyControllers(speaking: nil)
        }
        state = next
        fanOut(event)
        updateAppearanceTasks()
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
        lazyControllers.removeAll()
        while let last = attachments.last {
            remove(last)
        }
        isTearingDown = false
    }

    /// Fans one event out over the attachments present when it starts, by the ``Delivery`` rule:
    /// up events in order, down events in reverse. A controller whose own state cannot take the
    /// event (it joined while the owner was disappearing) is skipped, which keeps every
    /// controller's log a valid path.
    func fanOut(_ event: LifecycleEvent) {
        lifecycleDepth += 1
        let current = LifecycleRun(event, over: attachments, isTraced: switchboard.tracer != nil)
        run = current
        runWalk = current.walk
        if event.isUp { switchboard.isRunningUp = true }
        walkRun(current.snapshot, current.due)
        run = nil
        if event.isUp { switchboard.isRunningUp = false }
        endDelivery(of: event, current.trace)
    }

    /// The fan-out's loop, out of line so the snapshot is a borrowed parameter: its elements and
    /// their controllers are then borrowed too, with no retain and release per controller. With
    /// `step` inlined into it, an appearance cycle went from 7,638 to 5,026 Ir at 10 controllers
    /// and from 494,718 to 242,626 at 1,000 (Benchmarks/callgrind.sh lifecycle-kit).
    @inline(never)
    private func walkRun(_ snapshot: ContiguousArray<Attachment>, _ due: LifecycleRun.Due) {
        // An owner detached from its parent during its own fan-out stops it: nobody else gets the
        // event, and its tear-down closes what each controller saw.
        while !tearsDownAfterRun, let position = runWalk.next(in: snapshot) {
            step(snapshot[position], due)
        }
    }

    /// Delivers an event to one controller, if it is due: the one step of every lifecycle
    /// delivery (fan-out, moving a fan-out forward, catch-up and closing).
    @inline(__always)
    private func step(_ attachment: Attachment, _ due: LifecycleRun.Due) {
        guard due.includes(attachment.state) else { return }
        attachment.state = due.to
        guard due.isTraced else {
            attachment.controller.receive(due.event)
            return
        }
        run?.trace?.reached.append(attachment)
        Speaker.speaking(as: attachment.controller) { attachment.controller.receive(due.event) }
    }

    /// Moves the running up event forward, in order, until `attachment` has had it (DESIGN 13):
    /// called when a message is about to reach a controller that lags its owner.
    func bringForward(_ attachment: Attachment) {
        guard let current = run, current.due.event.isUp else { return }
        while !tearsDownAfterRun, attachment.isAttached, current.due.includes(attachment.state),
            let position = runWalk.next(in: current.snapshot)
        {
            step(current.snapshot[position], current.due)
        }
    }

    /// Closes a delivery: traces it, and once the outermost delivery unwinds, carries out a
    /// tear-down requested during it.
    private func endDelivery(of event: LifecycleEvent, _ trace: LifecycleTrace?) {
        lifecycleDepth -= 1
        if let trace, let tracer = switchboard.tracer {
            tracer.didDispatch(
                DispatchRecord(
                    kind: .lifecycle,
                    conversation: event.description,
                    owner: name,
                    sender: nil,
                    receivers: trace.reached.map(\.name),
                    duration: ContinuousClock.now - trace.start,
                    depth: lifecycleDepth
                )
            )
        }
        if lifecycleDepth == 0, tearsDownAfterRun {
            tearsDownAfterRun = false
            try? finish()
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
    /// so this is the one delivery that does not walk by the ``Delivery`` rule. A fan-out it
    /// interrupts (a controller attached or detached from a callback) is set aside meanwhile.
    private func deliver(_ event: LifecycleEvent, toOnly attachment: Attachment) {
        lifecycleDepth += 1
        let (interrupted, interruptedWalk) = (run, runWalk)
        let current = LifecycleRun(event, over: [], isTraced: switchboard.tracer != nil)
        (run, runWalk) = (current, current.walk)
        step(attachment, current.due)
        (run, runWalk) = (interrupted, interruptedWalk)
        endDelivery(of: event, current.trace)
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
