extension Owner {
    /// Resets the owner for new content without tearing it down, as a reused table or collection
    /// cell needs.
    ///
    /// An open appearance is closed first (will-disappear and did-disappear, last controller
    /// first), leaving the owner loaded; then every controller gets
    /// ``BusinessController/ownerWillReuse()``, last first, by the same delivery rule as every
    /// dispatch; then retained messages, which belonged to the old content, are dropped. The
    /// controllers, their order and the cached conversation tables stay, so configuring the new
    /// content costs only the messages that carry it.
    ///
    /// ```swift
    /// override func prepareForReuse() {
    ///     super.prepareForReuse()
    ///     try? owner.prepareForReuse()
    /// }
    /// func configure(with goods: Goods) {
    ///     owner.center.goodsDidChange(goods)
    /// }
    /// ```
    ///
    /// Controllers may send from ``BusinessController/ownerWillReuse()``; a controller attached
    /// meanwhile does not get the reset, one detached meanwhile gets nothing more.
    ///
    /// - Throws: ``OwnerError/tornDown(_:)`` after tear-down, ``OwnerError/reentrantLifecycle(_:)``
    ///   from inside a lifecycle callback, ``OwnerError/drivenByParent(_:)`` for a nested owner
    ///   (its parent's reuse reaches it). Nothing changes then.
    public func prepareForReuse() throws(OwnerError) {
        if parent != nil { throw .drivenByParent(name) }
        try checkNoNestedDelivery("prepare for reuse")
        try reuse()
    }

    func reuse() throws(OwnerError) {
        guard state != .tornDown, !isTearingDown, !tearsDownAfterRun else { throw .tornDown("prepare for reuse") }
        guard lifecycleDepth == 0 else { throw .reentrantLifecycle("prepare for reuse") }
        for event in state.closingEvents {
            state = state.applying(event) ?? state
            fanOut(event)
        }
        switchboard.retained.removeAll()
        lifecycleDepth += 1
        let snapshot = attachments
        let trace = switchboard.tracer == nil ? nil : LifecycleTrace()
        var walk = Delivery(count: snapshot.count, reversed: true)
        while !tearsDownAfterRun, let position = walk.next(in: snapshot) {
            let attachment = snapshot[position]
            trace?.reached.append(attachment)
            speaking(as: attachment) { attachment.controller.ownerWillReuse() }
        }
        lifecycleDepth -= 1
        if let trace, let tracer = switchboard.tracer {
            tracer.didDispatch(
                DispatchRecord(
                    kind: .lifecycle,
                    conversation: "will-reuse",
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
}
