extension Owner {
    /// Attaches a controller and brings it up to the owner's lifecycle state.
    ///
    /// The controller's ``BusinessController/owner`` is set, it gets
    /// ``BusinessController/didAttach(to:)``, then every up event it missed, in order, and only
    /// then does it start receiving conversations. Attaching from inside any callback is allowed;
    /// a controller attached during a dispatch does not receive the message in flight.
    ///
    /// ```swift
    /// try owner.attach(RecommendationsController(), priority: -1)
    /// ```
    ///
    /// - Parameters:
    ///   - controller: The controller to attach. It must not be attached anywhere.
    ///   - priority: Higher comes first; ties keep attach order. Defaults to `0`; it must lie in
    ///     `-32768...32767`, which keeps each attachment in 48 bytes.
    /// - Throws: ``OwnerError`` when the owner is torn down, the controller is already attached
    ///   here or elsewhere, the priority is out of range, or (for a nested owner) attaching it
    ///   would create a cycle or it was already driven. Nothing changes then.
    public func attach(_ controller: any BusinessController, priority: Int = 0) throws(OwnerError) {
        guard let compact = Int16(exactly: priority) else { throw .priorityOutOfRange(priority) }
        try checkAttachable(controller)
        insert(controller, priority: compact)
    }

    /// Attaches several controllers, in the order given, each with priority `0`.
    ///
    /// All of them are checked before the first is attached, so a refusal attaches none. Once
    /// checked, each is attached exactly once: a controller that a callback of an earlier one
    /// already attached (here or elsewhere) keeps that place, and if a callback tears the owner
    /// down the rest are not attached. The batch never throws half-way.
    ///
    /// - Parameter controllers: The controllers to attach.
    /// - Throws: ``OwnerError`` as ``attach(_:priority:)`` does, or
    ///   ``OwnerError/alreadyAttached(_:)`` when the list names a controller twice.
    public func attach(_ controllers: [any BusinessController]) throws(OwnerError) {
        // A screen's batch is small: comparing with the earlier ones costs less than hashing each
        // controller into a set (about 700 instructions per controller; Benchmarks/callgrind.sh
        // screen-kit). In list order, so the first refusal is the one reported.
        var seen = Set<ObjectIdentifier>()
        for index in controllers.indices {
            let controller = controllers[index]
            if controllers.count <= 32
                ? isRepeated(controllers, at: index) : !seen.insert(ObjectIdentifier(controller)).inserted
            {
                throw .alreadyAttached(displayName(of: controller))
            }
            try checkAttachable(controller)
        }
        // Room for the batch at once, growing at least twofold so many small batches stay linear.
        let needed = attachments.count + controllers.count
        if needed > attachments.capacity {
            changeAttachments { $0.reserveCapacity(max(needed, 2 * $0.capacity)) }
        }
        for controller in controllers where controller.owner == nil {
            guard mayChange else { return }
            insert(controller, priority: 0)
        }
    }

    /// Detaches a controller.
    ///
    /// The controller stops receiving conversations at once (also from a dispatch in flight), then
    /// gets the down events that close whatever appearance it saw, then
    /// ``BusinessController/willDetach(from:)``; its ``BusinessController/owner`` is `nil` after.
    ///
    /// - Parameter controller: A controller attached to this owner.
    /// - Throws: ``OwnerError/notAttached(_:)`` when it is not attached here.
    public func detach(_ controller: any BusinessController) throws(OwnerError) {
        guard let attachment = attachment(of: controller) else {
            throw .notAttached(displayName(of: controller))
        }
        remove(attachment)
    }

    /// Detaches several controllers, last in the owner's order first.
    ///
    /// All of them are checked before the first is detached, so a refusal detaches none.
    ///
    /// - Parameter controllers: Controllers attached to this owner.
    /// - Throws: ``OwnerError/notAttached(_:)`` when one of them is not attached here, or the list
    ///   names one twice (it cannot be detached a second time).
    public func detach(_ controllers: [any BusinessController]) throws(OwnerError) {
        var leaving: [Attachment] = []
        for controller in controllers {
            guard let attachment = attachment(of: controller),
                !leaving.contains(where: { $0 === attachment })
            else { throw .notAttached(displayName(of: controller)) }
            leaving.append(attachment)
        }
        for attachment in leaving.sorted(by: { $1.precedes($0) }) where !Delivery.hasLeft(attachment, mayHaveLeft: true)
        {
            remove(attachment)
        }
    }

    /// Whether the controller at `index` appears earlier in the list.
    private func isRepeated(_ controllers: [any BusinessController], at index: Int) -> Bool {
        for earlier in 0..<index where controllers[earlier] === controllers[index] {
            return true
        }
        return false
    }

    private func checkAttachable(_ controller: any BusinessController) throws(OwnerError) {
        guard mayChange else { throw .tornDown("attach") }
        // A controller's `owner` is set exactly while it is attached, so it answers both checks
        // without an index by controller.
        // One read: `owner` is a weak reference, each load costs about a hundred instructions.
        if let current = controller.owner {
            throw current === self
                ? .alreadyAttached(displayName(of: controller)) : .attachedElsewhere(displayName(of: controller))
        }
        if let nested = controller as? Owner {
            var ancestor: Owner? = self
            while let current = ancestor {
                if current === nested { throw .cycle(nested.name) }
                ancestor = current.parent
            }
            guard nested.state == .initial else { throw .nestedOwnerStarted(nested.name, state: nested.state) }
        }
    }

    func insert(_ controller: any BusinessController, priority: Int16, sequence reserved: UInt32? = nil) {
        let sequence = reserved ?? takeSequence()
        let attachment = Attachment(controller: controller, priority: priority, sequence: sequence)
        // Most controllers go last: appending skips the search and the generic insertion. A fresh
        // sequence is the newest, so only a higher priority puts a newcomer before the last one;
        // comparing priorities alone also spares two checked reads of `sequence`.
        changeAttachments { attachments in
            if attachments.isEmpty
                || (reserved == nil
                    ? attachment.priority <= attachments[attachments.count - 1].priority
                    : !attachment.precedes(attachments[attachments.count - 1]))
            {
                attachments.append(attachment)
            } else {
                attachments.insert(attachment, at: attachments.partitioningIndex { attachment.precedes($0) })
            }
        }

        controller.owner = self
        speaking(as: attachment) { controller.didAttach(to: self) }
        // An owner not loaded yet has nothing to catch up with (the usual batch attach).
        if state != .initial { catchUp(attachment) }
        // Conversations start only now, so the controller hears nothing before it is in step.
        if Delivery.hasLeft(attachment, mayHaveLeft: true) { return }
        // The table of nested owners exists once one is attached, so an owner with none never
        // casts its controllers to `Owner` (see `anyNestedOwner`); built before this one listens,
        // which `startListening` then adds.
        if controller is Owner { _ = switchboard.table(for: Owner.self) }
        attachment.phase = .listening
        switchboard.startListening(attachment)
        if !switchboard.retained.isEmpty { replayRetainedMessages(to: attachment) }
    }

    /// Removes an attachment: silence first, then close its appearance, then say goodbye.
    func remove(_ attachment: Attachment) {
        let wasListening = attachment.isListening
        attachment.phase = .detached
        // A tear-down removes the last one each time: no search, whose comparisons read the
        // checked `sequence` of about ten attachments (a third of a 20-controller tear-down).
        changeAttachments { attachments in
            if let last = attachments.last, last === attachment {
                attachments.removeLast()
            } else {
                let position = attachments.partitioningIndex { !$0.precedes(attachment) }
                if position < attachments.count, attachments[position] === attachment {
                    attachments.remove(at: position)
                }
            }
        }
        if wasListening {
            switchboard.stopListening(attachment)
        }
        let controller = attachment.controller
        if !switchboard.retained.isEmpty { forgetRetainedMessages(sentBy: controller) }
        // Off screen (loaded, or a tear-down that closed the appearance first) nothing is open.
        if attachment.state.isVisible { closeAppearance(of: attachment) }
        // No state a lifecycle event can start from, so a fan-out in flight skips it.
        attachment.state = .tornDown
        speaking(as: attachment) { controller.willDetach(from: self) }
        // A message it retained while saying goodbye leaves with it too.
        if !switchboard.retained.isEmpty { forgetRetainedMessages(sentBy: controller) }
        if controller.owner === self { controller.owner = nil }
        cancelTasks(of: controller)
    }

    /// The next attach order.
    func takeSequence() -> UInt32 {
        if nextSequence == .max { renumber() }
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// Gives the attachments, and the places lazy controllers reserved, consecutive sequence
    /// numbers in their current order, so attach order keeps fitting in 32 bits however many
    /// controllers come and go. Ranked together: a reservation left out would keep a number that
    /// no longer says where it stands among the attachments, and could tie with one of them.
    private func renumber() {
        enum Holder {
            case attachment(Attachment)
            case lazy(Int)
        }
        var holders = attachments.map { (sequence: $0.sequence, holder: Holder.attachment($0)) }
        for index in lazyControllers.indices {
            holders.append((lazyControllers[index].sequence, .lazy(index)))
        }
        holders.sort { $0.sequence < $1.sequence }
        for (rank, entry) in holders.enumerated() {
            switch entry.holder {
            case .attachment(let attachment): attachment.sequence = UInt32(rank)
            case .lazy(let index): lazyControllers[index].sequence = UInt32(rank)
            }
        }
        nextSequence = UInt32(holders.count)
    }
}

extension RandomAccessCollection where Index == Int {
    /// The index of the first element that satisfies `predicate`, found by binary search; every
    /// element failing it must come before every element satisfying it. Shared by the owner's
    /// order, the dispatch tables and the module host's launch order.
    package func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
