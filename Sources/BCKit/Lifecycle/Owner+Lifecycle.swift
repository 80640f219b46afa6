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
        if isNested { throw .drivenByParent(name) }
        try checkNoNestedDelivery("tear down")
        try finish()
    }

    /// Inlined into each public lifecycle call, so the event is a constant there and the whole
    /// path down to the fan-out's loop is one function per event.
    @inline(__always)
    func drive(_ event: LifecycleEvent) throws(OwnerError) {
        if isNested { throw .drivenByParent(name) }
        if !nestsNoOwner { try checkNoNestedDelivery(event.description) }
        try apply(event)
    }

    /// Refuses a call on the root while an owner nested in it delivers a lifecycle event (a
    /// callback of a nested controller's catch-up drives the root): the nested owner could not
    /// follow, and the tree would fall out of step.
    func checkNoNestedDelivery(_ operation: String) throws(OwnerError) {
        if anyNestedOwner({ $0.isDeliveringInTree }) { throw .reentrantLifecycle(operation) }
    }

    /// Whether this owner or one nested in it (at any depth) is delivering a lifecycle event:
    /// an event it is told meanwhile would be refused, and the tree would fall out of step.
    var isDeliveringInTree: Bool {
        !delivering.isIdle || anyNestedOwner { $0.isDeliveringInTree }
    }

    /// Whether the owner nests no owner: the table of nested owners exists only once one was
    /// attached, so no table, or an empty one, says so at one look, where `checkNoNestedDelivery`
    /// called out, retained the table and walked it (about 80 Ir per event, and 175 of 964 Ir
    /// per appearance cycle of one controller while no table existed; Benchmarks/callgrind.sh
    /// lifecycle-kit). An owner never given a nested owner skips even that look on a flag: the
    /// lookup of an absent table calls out to probe (lifecycle-kit at N = 1: about 25 Ir per
    /// event).
    @inline(__always)
    var nestsNoOwner: Bool {
        !everNestedAnOwner || (switchboard.index.withTable(for: Owner.self) { $0.count == 0 } ?? true)
    }

    /// Moves the owner to the next state and delivers the event; shared by direct calls and a
    /// parent owner.
    @inline(__always)
    func apply(_ event: LifecycleEvent) throws(OwnerError) {
        // ``LifecycleState/applying(_:)`` as two comparisons. A torn-down owner fails them too
        // (no event starts from `tornDown`), so the one check of the usual call reads no more
        // than the ending and the depth; ``refusal(of:)`` then says which rule refused it.
        let (from, alsoFrom, next) = event.transition
        guard ending == .none, delivering.isIdle, state == from || state == alsoFrom else {
            throw refusal(of: event)
        }
        // `needsCare` is set while lazy controllers wait; reading it first spares the common case
        // an exclusivity check on `lazyControllers`.
        if event == .willAppear, switchboard.needsCare, !lazyControllers.isEmpty {
            // Next appearance: every lazy controller that waits for it is needed now; created
            // before the event, so each is loaded and then appears with the others. What waits
            // for the owner to be idle waits for the fan-out below.
            delivering.holds += 1
            createLazyControllers(for: .appearance)
            delivering.holds -= 1
            // A factory may have torn the owner down, which it stays, or driven it past the event:
            // moved back, it would fall out of step with its controllers. Refused, the event
            // fans out nothing, so what it held runs now.
            guard mayChange, state == from || state == alsoFrom else {
                runIdleActionsIfFree()
                throw refusal(of: event)
            }
        }
        state = next
        fanOut(event)
        updateAppearanceTasks()
    }

    /// Why `event` is refused now, by the rules in the order the docs give them: torn down (or
    /// tearing down), delivering an event already, then a transition UIKit never makes.
    @inline(never)
    private func refusal(of event: LifecycleEvent) -> OwnerError {
        if !mayChange { return .tornDown(event.description) }
        if !delivering.isIdle { return .reentrantLifecycle(event.description) }
        return .invalidTransition(event, from: state)
    }

    func finish() throws(OwnerError) {
        guard state != .tornDown else { return }
        guard delivering.isIdle, !ending.isUnderWay else { throw .reentrantLifecycle("tear down") }
        ending = .underWay
        closeAppearance()
        state = .tornDown
        // Every table goes at once rather than losing one controller at a time, and with them
        // the retained messages; a dispatch still walking a table keeps it until it returns.
        switchboard.dropTables()
        switchboard.dropRetainedMessages(.tearDown)
        // A piece nobody claimed is kept only until now.
        savedStateShelf = nil
        // Only when there are any: each write calls the `didSet` that updates the switchboard's
        // reasons for care (54 Ir a screen session, Benchmarks/callgrind.sh screen-kit).
        if !lazyControllers.isEmpty { lazyControllers.removeAll() }
        // Last first, each one as a single detach (the others still hear what it says in its
        // goodbye), by the one delivery loop: a controller that a goodbye detached is passed over.
        // Each leaves the owner's order without touching the storage the walk shares, which goes
        // once all have left.
        let leaving = attachments
        var delivery = Delivery(count: leaving.count, reversed: true)
        var observer = Unobserved()
        delivery.walk(leaving, departures: .possible, observer: &observer) { position in
            remove(leaving[position], keepingStorage: true)
            return true
        }
        changeAttachments { $0.dropLetGo() }
        ending = .none
    }

    /// Fans out the down events that close the owner's appearance, if it is visible, leaving it
    /// loaded: before a tear-down and a reuse.
    func closeAppearance() {
        for event in state.closingEvents {
            state = state.applying(event) ?? state
            fanOut(event)
        }
    }

    /// Fans one event out over the attachments present when it starts, by the ``Delivery`` rule:
    /// up events in order, down events in reverse. A controller whose own state cannot take the
    /// event (it joined while the owner was disappearing) is skipped, which keeps every
    /// controller's log a valid path.
    @inline(__always)
    func fanOut(_ event: LifecycleEvent) {
        fanOut(event, event.callback)
    }

    @inline(__always)
    private func fanOut<Callback: LifecycleCallback>(_ event: LifecycleEvent, _ callback: Callback.Type) {
        delivering.open()
        let due = LifecycleRun.Due(event, isTraced: !switchboard.observers.isEmpty)
        if event.isUp { switchboard.isRunningUp = true }
        // The snapshot is the owner's array as it is now, which the walk holds: a change to
        // `attachments` during the run copies it, and the walk goes on over what was present when
        // it started. Walking its buffer unretained, through a pointer, saved nothing once the
        // walk reads each attachment where it steps it (lifecycle-kit: 1,011 against 989 Ir per
        // appearance cycle of one controller, 169,702 against 169,680 at 1,000; an `Unmanaged`
        // borrow of each attachment was needed on top, without which 1,000 cost 275,800).
        delivering.run = LifecycleRun(fanningOut: due)
        let present = attachments
        // Announced once the run is under way: a message an observer sends as it hears the start
        // brings each controller it reaches up to the event first (DESIGN 13).
        if due.isTraced { beginTrace(of: event.description) }
        walkRun(present, due, callback)
        delivering.run = nil
        if event.isUp { switchboard.isRunningUp = false }
        endDelivery(traced: due.isTraced)
    }

    /// The fan-out's walk, out of line and specialized per callback, so a step calls the
    /// controller's method directly (a switch on the event per controller before: 242,634 ->
    /// 191,144 Ir per appearance cycle of 1,000 controllers). With `step` inlined into it, an
    /// appearance cycle went from 7,638 to 5,026 Ir at 10 controllers and from 494,718 to 242,626
    /// at 1,000 (Benchmarks/callgrind.sh lifecycle-kit).
    @inline(never)
    private func walkRun<Callback: LifecycleCallback>(
        _ entries: AttachmentOrder,
        _ due: LifecycleRun.Due,
        _ callback: Callback.Type
    ) {
        // An owner detached from its parent during its own fan-out stops it: nobody else gets the
        // event, and its tear-down closes what each controller saw.
        var delivery = Delivery(count: entries.count, reversed: !due.event.isUp)
        var observer = Unobserved()
        delivery.walk(entries, departures: .possible, observer: &observer) { position in
            // Read where it is stepped, so nothing holds the attachment across the step (see
            // `Delivery.walk`).
            step(entries[position], due, callback)
            // Only a step can detach this owner from its parent.
            return !ending.stopsDelivery
        }
    }

    /// Delivers an event to one controller, if it is due: the one step of every lifecycle
    /// delivery (fan-out, moving a fan-out forward, catch-up and closing).
    @inline(__always)
    private func step<Callback: LifecycleCallback>(
        _ attachment: Attachment,
        _ due: LifecycleRun.Due,
        _: Callback.Type
    ) {
        let lifecycle = attachment.lifecycle
        guard due.includes(code: lifecycle & LifecycleState.codeMask) else { return }
        attachment.lifecycle = lifecycle & ~LifecycleState.codeMask | due.to.code
        guard due.isTraced else {
            // `quietFlag` is a constant of the specialized walk: for a callback never skipped,
            // both checks fold away.
            if Callback.quietFlag != 0, lifecycle & Callback.quietFlag != 0 { return }
            Callback.deliver(due.event, to: attachment.controller)
            return
        }
        callObserved(attachment) { Callback.deliver(due.event, to: attachment.controller) }
    }

    /// A step's call while observers watch, through ``Delivery/visit(_:in:_:)``: the one traced
    /// branch of the fan-out's `step` and of reuse's `resetEach`. Out of line, so the untraced
    /// loops keep their registers: inlined into them, the closure's context and the observing
    /// switch cost every untraced step (an appearance cycle of ten controllers 1,951 -> 3,192 Ir,
    /// a reconfigure of five 384 -> 751; Benchmarks/callgrind.sh lifecycle-kit, cell-kit).
    @inline(never)
    func callObserved(_ attachment: Attachment, _ call: () -> Void) {
        Delivery.visit(attachment, in: lifecycleObserving, call)
    }

    /// Marks the attachment of `controller`, attached here, quiet for the callback whose
    /// ``LifecycleCallback/quietFlag`` is `callback`: the protocol's empty default of that callback
    /// ran for it, so fan-outs stop calling it. Called by those defaults, once per attachment and
    /// callback.
    @inline(never)
    func noteDefault(_ callback: UInt8, of controller: any BusinessController) {
        attachment(ofAttached: controller)?.lifecycle |= callback
    }

    /// Brings `attachment` in step with the up events running around it (DESIGN 13): for a
    /// receiver of a broadcast sent through `origin`, first this owner with the up events the
    /// owners between it and `origin` are fanning out, outermost first (a nested owner passes an
    /// event on to its controllers as it gets it); then `attachment` with this owner's own.
    ///
    /// An owner that is itself delivering an event, or has a nested owner delivering one (a
    /// newcomer's catch-up sends), is not moved: it would refuse the event it is told meanwhile
    /// and fall out of step with its parent; its controllers then hear the message in its state.
    func bringInStep(_ attachment: Attachment, below origin: Owner?) {
        // Checked first, with weak loads only: most broadcasts run while no up event does, and
        // then finding this owner's attachment and checking its tree would be wasted per receiver.
        if let origin, self !== origin, let parent, parent.isRunningUp(from: origin), !isDeliveringInTree,
            let own = parent.attachment(of: self)
        {
            parent.bringInStep(own, below: origin)
        }
        if switchboard.isRunningUp { bringForward(attachment) }
    }

    /// Whether this owner, or one it is nested in up to and including `origin`, is fanning out an
    /// up event.
    private func isRunningUp(from origin: Owner) -> Bool {
        var current: Owner? = self
        while let owner = current {
            if owner.switchboard.isRunningUp { return true }
            if owner === origin { return false }
            current = owner.parent
        }
        return false
    }

    /// Moves the running up event forward, in order, until `attachment` has had it (DESIGN 13):
    /// called when a message is about to reach a controller that lags its owner.
    ///
    /// Walks the run's snapshot by the same rule as the fan-out, from the first receiver not known
    /// to be done: a receiver that already had the event is not due and is passed over, here and
    /// when the fan-out itself reaches it.
    func bringForward(_ attachment: Attachment) {
        guard let current = delivering.run, let fanOut = current.fanOut, fanOut.event.isUp else { return }
        // The fan-out's snapshot: the attachments as they were when it started, kept by the
        // first change made since (see ``changeAttachments(_:)``).
        let snapshot = delivering.keptBuffers.first ?? attachments
        var delivery = Delivery(count: snapshot.count, from: current.forwarded)
        var observer = BringingForward(owner: self, target: attachment, due: fanOut)
        delivery.walk(snapshot, departures: .possible, observer: &observer) { position in
            step(snapshot[position], fanOut, LifecycleRun.AnyEvent.self)
            return true
        }
        delivering.run?.forwarded = delivery.position
    }

    /// Whether `attachment` has not had the up event this owner is fanning out yet.
    func lagsRunningUpEvent(_ attachment: Attachment) -> Bool {
        guard let fanOut = delivering.run?.fanOut, fanOut.event.isUp else { return false }
        return fanOut.includes(attachment.state)
    }

    /// Closes a delivery: traces it, and once the outermost delivery unwinds, drops the buffers
    /// kept for its walk and carries out a tear-down requested during it.
    @inline(__always)
    func endDelivery(traced: Bool) {
        delivering.close()
        if traced { endTrace() }
        guard delivering.isIdle else { return }
        if !delivering.keptBuffers.isEmpty { dropKeptBuffers() }
        if ending.stopsDelivery { finishAfterRun() }
        runIdleActionsIfFree()
    }

    /// Runs what waited for the deliveries to close, once none is open and no newcomer holds it
    /// back (``LifecycleDelivery/letsIdleActionsRun``). Only the check is inlined, into every
    /// delivery's end.
    @inline(__always)
    func runIdleActionsIfFree() {
        if !delivering.idleActions.isEmpty, delivering.letsIdleActionsRun { runIdleActions() }
    }

    /// Runs what waited, taken out first: an action may open another delivery, and then waits
    /// again itself.
    private func runIdleActions() {
        let actions = delivering.idleActions
        delivering.idleActions = []
        for action in actions { action() }
    }

    /// Runs `action` once neither this owner nor an owner nested in it delivers a lifecycle event:
    /// at once when none does, else when the delivery under way closes.
    ///
    /// For a host's callback that comes while the owner catches a newcomer up (UIKit reports
    /// will-disappear as soon as a controller presents a screen from its catch-up's
    /// `ownerDidAppear()`): taken then, it would be refused as re-entrant, and lost.
    func whenIdleInTree(_ action: @escaping @MainActor () -> Void) {
        if !delivering.letsIdleActionsRun {
            // Asked again once this owner is idle: an owner nested in it may still deliver then
            // (this owner's delivery was a catch-up from inside the nested one's).
            delivering.idleActions.append { [weak self] in self?.whenIdleInTree(action) }
        } else if !nestsNoOwner, let busy = firstNestedOwner(where: { $0.isDeliveringInTree }) {
            busy.whenIdleInTree { [weak self] in self?.whenIdleInTree(action) }
        } else {
            action()
        }
    }

    /// Drops the buffers a fan-out's walk no longer needs. They may hold the last reference to a
    /// controller detached meanwhile, whose `deinit` may call back into this owner: they are
    /// taken out first and freed after, outside any access to ``delivering``, which is unchecked.
    private func dropKeptBuffers() {
        let kept = delivering.keptBuffers
        delivering.keptBuffers = []
        withExtendedLifetime(kept) {}
    }

    private func finishAfterRun() {
        guard ending == .pending else {
            // Detached while tearing down: the tear-down under way goes on.
            ending = .underWay
            return
        }
        ending = .none
        try? finish()
    }

    /// Replays the up events a newcomer missed, stopping if it is detached on the way.
    ///
    /// Nothing moves the owner meanwhile: a callback of the catch-up that drives it is refused as
    /// re-entrant, and what waits for the owner to be idle (a host's callback,
    /// ``whenIdleInTree(_:)``) waits until the newcomer listens (`insert`).
    func catchUp(_ attachment: Attachment) {
        while !Delivery.hasLeft(attachment, mayHaveLeft: true),
            let event = state.catchUpEvents.first(where: { attachment.state.applying($0) != nil })
        {
            let before = attachment.state
            deliver(event, toOnly: attachment, departures: .possible)
            // Each event moves the newcomer one step along a path that ends at the owner's state,
            // so the loop ends; a delivery that moved nothing would repeat forever, and stops it.
            guard attachment.state != before else { return }
        }
    }

    /// Sends a leaving controller the down events that close what it saw.
    func closeAppearance(of attachment: Attachment) {
        for event in attachment.state.closingEvents {
            deliver(event, toOnly: attachment, departures: .leaving)
        }
    }

    /// Delivers an event to one controller (catching up or closing), by the same walk and step
    /// and traced like a fan-out. A leaving controller is already detached when it gets its
    /// closing events, so that walk does not look for departures. A fan-out it interrupts (a
    /// controller attached or detached from a callback) is set aside meanwhile; a message sent
    /// from this delivery still moves that fan-out forward (``LifecycleRun/fanOut``).
    private func deliver(_ event: LifecycleEvent, toOnly attachment: Attachment, departures: Delivery.Departures) {
        delivering.open()
        let interrupted = delivering.run
        let due = LifecycleRun.Due(event, isTraced: !switchboard.observers.isEmpty)
        delivering.run = LifecycleRun(settingAside: interrupted, for: due)
        if due.isTraced { beginTrace(of: event.description) }
        var delivery = Delivery(count: 1)
        var observer = Unobserved()
        delivery.walk(CollectionOfOne(attachment), departures: departures, observer: &observer) { _ in
            step(attachment, due, LifecycleRun.AnyEvent.self)
            return true
        }
        delivering.run = interrupted
        endDelivery(traced: due.isTraced)
    }

    /// Runs a callback of one controller that is not part of a dispatch (attach, detach, saving or
    /// restoring state) so that, while observers watch, what it sends is traced as sent by it
    /// rather than by the host.
    func speaking(as attachment: Attachment, _ callback: () -> Void) {
        Delivery.visit(attachment, in: switchboard.observers.isEmpty ? .none : .speaker, callback)
    }

    /// How the steps of the lifecycle delivery running now are observed: recorded in its trace, or,
    /// with observers but no trace (a delivery that started before they were added), as speaker
    /// turns.
    var lifecycleObserving: Observing {
        delivering.traces.last.map(Observing.trace) ?? .speaker
    }
}
