extension Owner {
    /// Resets the owner for new content without tearing it down, as a reused table or collection
    /// cell needs.
    ///
    /// An open appearance is closed first (will-disappear and did-disappear, last controller
    /// first), leaving the owner loaded, and the work started with
    /// ``BusinessController/repeatWhileAppeared(priority:_:)`` is cancelled as on any
    /// will-disappear; then retained messages and saved-state pieces no controller claimed yet
    /// (``restoreState(from:)``), which belonged to the old content, are dropped;
    /// then every controller gets ``BusinessController/ownerWillReuse()``, last first, by the same
    /// delivery rule as every dispatch. A message a controller retains from there describes the
    /// reset state and is kept for the new content. The controllers, their order and the cached
    /// conversation tables stay, so configuring the new content costs only the messages that
    /// carry it.
    ///
    /// Tasks started with ``BusinessController/task(priority:_:)`` belong to the controller, not
    /// to the content, so they keep running: cancel the ones the old content started (keep the
    /// task it returns) from ``BusinessController/ownerWillReuse()``. So does an async send
    /// already delivered (`await center.send(…) { await … }`): a receiver suspended in it resumes
    /// after the reset, among the new content, and nothing cancels it. Such a receiver checks,
    /// after each `await`, that the content it was asked about is still the one it shows (an
    /// identifier it kept before the `await`), or does the work in a task it can cancel. A
    /// synchronous send in flight when one of its receivers calls this method goes on too, as the
    /// delivery rule says: the receivers after that one get it once they are reset, as new content.
    ///
    /// ```swift
    /// override func prepareForReuse() {
    ///     super.prepareForReuse()
    ///     do {
    ///         try owner.prepareForReuse()
    ///     } catch {
    ///         // Refused, and nothing was reset: the old content would show under the new one.
    ///         assertionFailure("\(error)")
    ///     }
    /// }
    /// func configure(with goods: Goods) {
    ///     owner.center.goodsDidChange(goods)
    /// }
    /// ```
    ///
    /// Do not swallow the error with `try?`: a refused reuse changes nothing, so the controllers
    /// keep the old content's state and the new content is configured over it. It is refused while
    /// the owner delivers a lifecycle event to its own controllers, such as a table reloaded from
    /// the cell's controller's `ownerDidAppear()`: reload after the callback returns. A nested
    /// owner reused from a callback of its screen's other controllers is reset then, since its
    /// appearance, which is its screen's, stays as it is.
    /// A reuse a controller starts as it is attached, before its catch-up, is refused too.
    ///
    /// Controllers may send from ``BusinessController/ownerWillReuse()``; a controller attached
    /// from a closing callback belongs to the old content and is reset with it, one attached once
    /// the old content is dropped (by a diagnostic handler told of a dropped message, or from
    /// ``BusinessController/ownerWillReuse()``) does not get the reset, and one detached meanwhile
    /// gets nothing more.
    ///
    /// A nested owner, such as a cell's owner nested in its screen's to hear the screen's
    /// broadcasts, is reset alone the same way, except that its appearance is its parent's: it
    /// stays as it is, and so does the work started with
    /// ``BusinessController/repeatWhileAppeared(priority:_:)``. Its parent's reuse resets it too.
    ///
    /// - Throws: ``OwnerError/tornDown(_:)`` after tear-down, ``OwnerError/reentrantLifecycle(_:)``
    ///   from inside a lifecycle callback, or while a controller is being attached to the owner
    ///   or an owner nested in it, until its catch-up ends (from its
    ///   ``BusinessController/didAttach(to:)`` or ``RestorableController/restoreState(_:)``, say):
    ///   a newcomer hears its catch-up before anything else. Nothing changes then.
    public func prepareForReuse() throws(OwnerError) {
        // Only an owner with nested owners can be caught mid-delivery, or mid-attach, by one of
        // them; refused by the nested owner alone, the reuse would reset the rest of the tree.
        if !nestsNoOwner, anyNestedOwner({ !$0.letsReuseStartInTree }) {
            throw .reentrantLifecycle("prepare for reuse")
        }
        try reuse()
    }

    /// Whether neither this owner nor one nested in it, at any depth, delivers a lifecycle event
    /// or attaches a controller: what a reuse of this owner would interrupt.
    private var letsReuseStartInTree: Bool {
        delivering.letsReuseStart && (nestsNoOwner || !anyNestedOwner { !$0.letsReuseStartInTree })
    }

    @inline(__always)
    func reuse() throws(OwnerError) {
        guard mayChange else { throw .tornDown("prepare for reuse") }
        guard delivering.letsReuseStart else { throw .reentrantLifecycle("prepare for reuse") }
        // One delivery from its first closing event to its last reset: a lifecycle call made in
        // between (by an observer told the appearance closed) is refused, rather than reopening
        // the appearance the reset then walks.
        delivering.open()
        // A cell is reused off screen, loaded: nothing to close, no closing list to make. A nested
        // owner's appearance follows its parent's, which a reuse of this owner alone leaves open.
        if state.isVisible && !isNested {
            delivering.isClosingForReuse = true
            closeAppearance()
            delivering.isClosingForReuse = false
            // Work that runs only while the screen is visible stops with the appearance, as on a
            // will-disappear the host reports.
            updateAppearanceTasks()
        }
        // Taken once the appearance closed and before the old content is dropped, which calls out
        // (a diagnostic handler told of a dropped message): a controller attached from a closing
        // callback hears the old content and is reset with it; one attached from there on is new
        // content, and is not.
        let present = attachments
        // A controller attached for the new content must not get the old content's piece: not
        // even one a diagnostic handler attaches while the retained messages below are dropped.
        if savedStateShelf != nil { savedStateShelf = nil }
        switchboard.dropRetainedMessages(.reuse)
        // The tracer is read once, as a fan-out decides once whether it is traced: reading it per
        // controller (a checked access each) was half of a 5-controller reconfigure
        // (Benchmarks/callgrind.sh cell-kit).
        let traced = !switchboard.observers.isEmpty
        if traced { beginTrace(of: "will-reuse", announced: false) }
        resetEach(present, traced: traced)
        endDelivery(traced: traced)
    }

    /// The reset walk: the attachments present when reuse started, last first, by the one
    /// delivery loop. Inlined: an untraced controller is called through `receiveReuse`, out of
    /// line, which keeps it borrowed from the snapshot (428 Ir per reconfigure, 438 out of line).
    @inline(__always)
    private func resetEach(_ snapshot: AttachmentOrder, traced: Bool) {
        var delivery = Delivery(count: snapshot.count, reversed: true)
        var observer = Unobserved()
        delivery.walk(snapshot, departures: .possible, observer: &observer) { position in
            reset(snapshot[position], traced: traced)
            // Only a controller's reset can detach this owner from its parent.
            return !ending.stopsDelivery
        }
    }
}

extension Owner {
    /// Resets one controller: untraced first, as the fan-out's `step` calls.
    @inline(__always)
    private func reset(_ attachment: Attachment, traced: Bool) {
        guard traced else {
            attachment.controller.receiveReuse()
            return
        }
        callObserved(attachment) { attachment.controller.ownerWillReuse() }
    }
}

extension BusinessController {
    /// The reset, called as the fan-out calls its callbacks: through an extension method kept out
    /// of line, the controller stays borrowed from the snapshot; called directly on the
    /// existential it was retained and released around each call (about 40 instructions per
    /// controller, Benchmarks/callgrind.sh cell-kit).
    @inline(never)
    fileprivate func receiveReuse() {
        ownerWillReuse()
    }
}
