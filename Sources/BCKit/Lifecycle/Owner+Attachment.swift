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
        insert(controller, priority: compact, greeting: !ConformanceMemo.shared.greetsQuietly(controller))
    }

    /// Attaches several controllers, in the order given, each with priority `0`.
    ///
    /// Each is attached as ``attach(_:priority:)`` attaches one (restored, greeted, caught up,
    /// then listening) before the next, so what one sends from `restoreState(_:)` or
    /// ``BusinessController/didAttach(to:)`` reaches only the controllers before it; send from
    /// ``BusinessController/ownerDidLoad()`` to reach them all.
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
        // A callback of the kit's users may attach a later controller of the batch, here or
        // elsewhere, so once one may have run each `owner` is read again. Until then the checks
        // above still hold: the usual batch (an owner not loaded yet, no tracer, no retained
        // message, controllers whose types leave `didAttach(to:)` to the default, which earlier
        // attaches of those types learned) reads each weak `owner` once and skips the empty
        // `didAttach(to:)` calls: a screen session 113,232 -> 112,313 Ir, and 6% of its time
        // (3.97x -> 3.73x hand-wired, medians of 5 interleaved runs; Benchmarks, screen-kit).
        let memo = ConformanceMemo.shared
        // Besides `didAttach(to:)`: the tracer, a catch-up's callbacks, a retained message's
        // handler. None of them can start while none has run. The `owner` setter is taken to be
        // the stored property the protocol asks for.
        // And a restore, when the owner has saved state to hand out.
        var othersMayHaveRun =
            !switchboard.observers.isEmpty || state != .initial || !switchboard.retained.isEmpty
            || savedStateShelf != nil
        for controller in controllers {
            guard mayChange else { return }
            if othersMayHaveRun, controller.owner != nil { continue }
            let greeting = othersMayHaveRun || !memo.greetsQuietly(controller)
            if greeting { othersMayHaveRun = true }
            insert(controller, priority: 0, greeting: greeting)
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

    /// Detaches several controllers at once: all of them stop receiving conversations together,
    /// then each gets its goodbye, last in the owner's order first.
    ///
    /// All of them are checked before the first is detached, so a refusal detaches none. Then
    /// they all leave the owner's order and every conversation at once, before any callback runs;
    /// only then does each get, last first, the down events that close whatever appearance it
    /// saw, then ``BusinessController/willDetach(from:)``, after which its
    /// ``BusinessController/owner`` is `nil`. So while one of them says goodbye, the others of the
    /// batch hear nothing it sends, are not among ``controllers`` and cannot be detached again,
    /// as a controller cannot while it says its own goodbye.
    ///
    /// - Parameter controllers: Controllers attached to this owner.
    /// - Throws: ``OwnerError/notAttached(_:)`` when one of them is not attached here, or the list
    ///   names one twice (it cannot be detached a second time).
    /// - Complexity: Linear in the batch, plus one pass over the owner's order and each
    ///   conversation's receivers when the batch is not small beside the owner.
    public func detach(_ controllers: [any BusinessController]) throws(OwnerError) {
        let departing: [Attachment]
        if controllers.count * Self.smallBatchRatio < attachments.count {
            departing = try unlistFew(controllers)
        } else {
            departing = try unlistMany(controllers)
        }
        if !switchboard.retained.isEmpty { forgetRetainedMessages(sentByAnyOf: departing) }
        // Every one of them left already, so the walk looks for no departure.
        var delivery = Delivery(count: departing.count)
        var observer = Unobserved()
        delivery.walk(departing, departures: .leaving, observer: &observer) { position in
            sayGoodbye(to: departing[position])
            return true
        }
    }

    /// Takes a batch small beside the owner out of its order, its index and every table one by
    /// one, as single detaches do, and returns it in the order it says goodbye: last in the
    /// owner's order first. Every controller is checked first; no callback runs.
    private func unlistFew(_ controllers: [any BusinessController]) throws(OwnerError) -> [Attachment] {
        var leaving: [Attachment] = []
        var ranks: [UInt64] = []
        leaving.reserveCapacity(controllers.count)
        ranks.reserveCapacity(controllers.count)
        for controller in controllers {
            guard let attachment = attachment(of: controller) else { throw .notAttached(displayName(of: controller)) }
            leaving.append(attachment)
            ranks.append(attachment.rank)
        }
        // Sorted once by rank rather than compared pairwise (quadratic, and each comparison a
        // main-actor closure the standard library called through a runtime executor check): a
        // controller named twice then sits next to itself.
        let order = positionsByDescendingRank(ranks)
        for index in order.indices.dropFirst() where ranks[order[index]] == ranks[order[index - 1]] {
            throw .notAttached(leaving[order[index]].name)
        }
        var departing: [Attachment] = []
        departing.reserveCapacity(leaving.count)
        for position in order {
            let attachment = leaving[position]
            let wasListening = attachment.isListening
            attachment.phase = .detached
            unlist(attachment, wasListening: wasListening)
            departing.append(attachment)
        }
        return departing
    }

    /// Takes a batch that is not small beside the owner out of its order, its index and every
    /// table, and returns it in the order it says goodbye: last in the owner's order first.
    ///
    /// Found in one pass over the order, asking for each attachment whether the batch holds its
    /// controller (a scan of the batch in an owner of up to ``scanLimit``, else a table of the
    /// batch by controller), then taken out in one pass over the order and one over each table:
    /// detaching many costs the same per controller however many the owner holds, and reads no
    /// controller's weak `owner`. Every controller is checked first; no callback runs.
    private func unlistMany(_ controllers: [any BusinessController]) throws(OwnerError) -> [Attachment] {
        // Who is in the batch: in an owner small enough that finding an attachment is a scan
        // (`scanLimit`), a scan of the batch too; hashing the batch first cost a 20-controller
        // owner's batch detach more than the scans (716 instead of 611 Ir per controller,
        // Benchmarks/callgrind.sh scale-batch-detach).
        let scans = attachments.count <= Self.scanLimit
        var batch = IdentityTable<Bool>()
        if !scans {
            batch = IdentityTable(capacity: controllers.count)
            for controller in controllers {
                batch.insert(true, for: ObjectIdentifier(controller))
            }
        }
        func isInBatch(_ controller: any BusinessController) -> Bool {
            guard scans else { return batch.value(for: ObjectIdentifier(controller)) != nil }
            for index in controllers.indices where controllers[index] === controller { return true }
            return false
        }
        var departing: [Attachment] = []
        departing.reserveCapacity(controllers.count)
        var anyListening = false
        // Last first, the order of the goodbyes.
        for position in stride(from: attachments.count - 1, through: 0, by: -1)
        where isInBatch(attachments[position].controller) {
            departing.append(attachments[position])
            anyListening = anyListening || attachments[position].isListening
        }
        // Some controller is not attached here, or is named twice: the first not attached in list
        // order is reported, as a small batch reports it, else the first named twice.
        if departing.count != controllers.count {
            for controller in controllers where attachment(of: controller) == nil {
                throw .notAttached(displayName(of: controller))
            }
            var seen = Set<ObjectIdentifier>()
            for controller in controllers where !seen.insert(ObjectIdentifier(controller)).inserted {
                throw .notAttached(displayName(of: controller))
            }
        }
        for attachment in departing {
            attachment.phase = .detached
        }
        changeAttachments { $0.removeDeparted() }
        if attachments.count < Self.scanLimit / 2 {
            attachmentsByController = nil
        } else if attachmentsByController != nil {
            for attachment in departing {
                attachmentsByController?.removeValue(for: ObjectIdentifier(attachment.controller))
            }
        }
        if anyListening { switchboard.stopListeningDeparted() }
        return departing
    }

    /// Whether the controller at `index` appears earlier in the list.
    private func isRepeated(_ controllers: [any BusinessController], at index: Int) -> Bool {
        for earlier in 0..<index where controllers[earlier] === controllers[index] {
            return true
        }
        return false
    }

    /// Refuses what cannot be attached here: an owner torn down, a controller attached already,
    /// a nested owner that would make a cycle or was driven already. Eager and lazy attaches both
    /// ask it.
    func checkAttachable(_ controller: any BusinessController) throws(OwnerError) {
        guard mayChange else { throw .tornDown("attach") }
        // A controller's `owner` is set exactly while it is attached, so it answers both checks
        // without an index by controller.
        // One read: `owner` is a weak reference, each load costs about a hundred instructions.
        if let current = controller.owner {
            throw current === self
                ? .alreadyAttached(displayName(of: controller)) : .attachedElsewhere(displayName(of: controller))
        }
        if let nested = controller as? Owner {
            // A cycle needs `nested` to be this owner or one it is nested in, which then nests
            // owners itself: a new owner, the usual case, is checked without climbing the chain,
            // so a chain built from the top costs the same per level at any depth.
            if nested === self || (nested.everNestedAnOwner && isNested(within: ObjectIdentifier(nested))) {
                throw .cycle(nested.name)
            }
            guard nested.state == .initial else { throw .nestedOwnerStarted(nested.name, state: nested.state) }
        }
    }

    /// Whether `ancestor` is one of the owners this one is nested in, at any depth.
    func isNested(within ancestor: ObjectIdentifier) -> Bool {
        var current = parent
        while let owner = current {
            if ObjectIdentifier(owner) == ancestor { return true }
            current = owner.parent
        }
        return false
    }

    /// Attaches a controller that passed the checks; `greeting` is `false` when its type is known
    /// to leave `didAttach(to:)` to the empty default, which is then not called.
    func insert(
        _ controller: any BusinessController,
        priority: Int16,
        sequence reserved: UInt32? = nil,
        greeting: Bool = true
    ) {
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
                return
            }
            attachments.insert(attachment, at: attachments.partitioningIndex { attachment.precedes($0) })
        }

        // Only an owner of more than `scanLimit / 2` can have an index (see `remove`).
        if attachments.count > Self.scanLimit / 2 {
            attachmentsByController?.insert(attachment, for: ObjectIdentifier(controller))
        }
        controller.owner = self
        // Before any callback: one of them may try to nest this owner in the newcomer, which the
        // cycle check (`checkAttachable`) then knows to look for.
        if controller is Owner { everNestedAnOwner = true }
        if !switchboard.observers.isEmpty {
            // Heard as part of the attach: a lifecycle call or a reuse an observer makes from here
            // would reach the newcomer before its greeting, so it is refused, as during any delivery.
            delivering.open()
            trace(.attached, controller)
            endDelivery(traced: false)
        }
        // Until it is caught up, a reuse it (or anyone) starts would reset it before it is in
        // step with the owner, and is refused (`reuse`), as from an observer that heard it attach.
        delivering.attaches += 1
        // Its saved piece first, before any callback (SavedState/); it may leave meanwhile.
        if let shelf = savedStateShelf, !handOverSavedState(to: attachment, from: shelf) {
            delivering.attaches -= 1
            return
        }
        // An observer that heard it attached may have detached it already: gone, it is not greeted.
        if greeting, !Delivery.hasLeft(attachment, mayHaveLeft: true) {
            speaking(as: attachment) { controller.didAttach(to: self) }
        }
        // An owner not loaded yet has nothing to catch up with (the usual batch attach). What waits
        // for the owner to be idle (a host's callback that came during the catch-up) waits for the
        // newcomer to listen: its fan-out would reach a newcomer deaf to what its siblings say.
        let holdsIdleActions = state != .initial
        if holdsIdleActions {
            delivering.holds += 1
            catchUp(attachment)
        }
        delivering.attaches -= 1
        // Conversations start only now, so the controller hears nothing before it is in step.
        if !Delivery.hasLeft(attachment, mayHaveLeft: true) {
            // The table of nested owners exists once one is attached, so an owner with none never
            // casts its controllers to `Owner` (see `anyNestedOwner`); built before this one
            // listens, which `startListening` then adds.
            if controller is Owner { _ = switchboard.table(for: Owner.self) }
            attachment.phase = .listening
            switchboard.startListening(attachment)
            if !switchboard.retained.isEmpty { replayRetainedMessages(to: attachment) }
        }
        if holdsIdleActions {
            delivering.holds -= 1
            runIdleActionsIfFree()
        }
    }

    /// Removes an attachment: silence first, then close its appearance, then say goodbye.
    /// `keepingStorage`: a tear-down's, see ``AttachmentOrder/letGoOfLast()``.
    func remove(_ attachment: Attachment, keepingStorage: Bool = false) {
        let wasListening = attachment.isListening
        attachment.phase = .detached
        unlist(attachment, wasListening: wasListening, keepingStorage: keepingStorage)
        if !switchboard.retained.isEmpty { forgetRetainedMessages(sentBy: attachment.controller) }
        sayGoodbye(to: attachment)
    }

    /// Takes an attachment, marked as left, out of the owner's order, its index and, if it was
    /// listening, every table. No callback runs. Inlined, like ``sayGoodbye(to:)``: called out of
    /// line, the two cost a tear-down 5% (811.6 against 770.6 Ir per controller at 2,000,
    /// Benchmarks/callgrind.sh scale-tear-down).
    @inline(__always)
    private func unlist(_ attachment: Attachment, wasListening: Bool, keepingStorage: Bool = false) {
        changeAttachments { $0.remove(attachment, keepingStorage: keepingStorage) }
        // The index is made past `scanLimit` and goes once the owner holds fewer than half as
        // many, so smaller owners never touch it.
        if attachments.count >= Self.scanLimit / 2 {
            attachmentsByController?.removeValue(for: ObjectIdentifier(attachment.controller))
        } else if attachments.count == Self.scanLimit / 2 - 1 {
            attachmentsByController = nil
        }
        if wasListening {
            switchboard.stopListening(attachment)
        }
    }

    /// The callbacks of a controller that left, silent already: the down events that close what it
    /// saw, then goodbye; its `owner` is `nil` after.
    @inline(__always)
    private func sayGoodbye(to attachment: Attachment) {
        let controller = attachment.controller
        // Off screen (loaded, or a tear-down that closed the appearance first) nothing is open.
        if attachment.state.isVisible { closeAppearance(of: attachment) }
        speaking(as: attachment) { controller.willDetach(from: self) }
        // A message it retained while saying goodbye leaves with it too.
        if !switchboard.retained.isEmpty { forgetRetainedMessages(sentBy: controller) }
        // Still this owner: attaching it elsewhere meanwhile was refused. Cleared without reading
        // it first, which saved a weak load through the controller's accessor (about 115
        // instructions per controller; Benchmarks/callgrind.sh screen-kit).
        controller.owner = nil
        // The center it read while attached, which it may keep: no longer this owner's to hold.
        if speakingCenters.count > 0 { speakingCenters.removeValue(for: ObjectIdentifier(controller)) }
        // Its tasks are cancelled, and its barrier waits abandoned, by the time observers hear it
        // left; they hear it before the gathers it owed a reply complete, since a completion may
        // attach it again, and observers hear the changes in the order they happen.
        cancelTasks(of: controller)
        trace(.detached, controller)
        if !pendingGathers.isEmpty { withdrawReplies(owedBy: controller) }
    }

    /// A batch detach smaller than the owner's order divided by this takes its controllers out one
    /// by one (each a search and a move per table) rather than in one pass over the order and every
    /// table.
    static let smallBatchRatio = 64

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

extension Attachment {
    /// The attachment's place in the owner's order as one number, smaller first: the order
    /// ``precedes(_:)`` gives, for sorting without a comparison closure per pair.
    fileprivate var rank: UInt64 {
        UInt64(Int(Int16.max) - priority) << 32 | UInt64(sequence)
    }
}

/// The positions of `ranks`, greatest rank first.
///
/// Nonisolated on purpose, like ``borrowing(_:_:)``: the comparison closure a main-actor function
/// hands the standard library's sort gets a runtime executor check on every call.
func positionsByDescendingRank(_ ranks: [UInt64]) -> [Int] {
    var order = Array(ranks.indices)
    order.sort { ranks[$0] > ranks[$1] }
    return order
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
