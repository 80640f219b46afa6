// Saved state (DESIGN 25): the owner collects its controllers' pieces into one archive, nested
// owners' archives in place by name, and hands each piece back before that controller's first
// callback. The attach path's one hook is `Owner.insert`'s check of `savedStateShelf`.

extension Owner {
    /// Creates an owner that hands each controller attached to it its piece of `archive`, before
    /// the controller's ``BusinessController/didAttach(to:)``.
    ///
    /// Use it when the screen is rebuilt after the process ended, with the archive the platform
    /// kept:
    ///
    /// ```swift
    /// let owner = Owner(name: "Composer", restoring: archive)
    /// try owner.attach([ComposerController(), QualityController()])  // each restored first
    /// ```
    ///
    /// A piece whose controller is not attached yet (a lazy one, one attached later, an owner
    /// nested later) is kept for it until the owner tears down. An owner nested later hands its
    /// controllers their pieces as it is nested: those attached to it before then get theirs after
    /// their `didAttach(to:)`, as with ``restoreState(from:)``.
    ///
    /// - Parameters:
    ///   - host: The object the owner works for, usually the screen; held weakly.
    ///   - name: A name for descriptions, traces and diagnostics; a nested owner's name is how its
    ///     parent's archive finds its pieces, so keep it stable across launches.
    ///   - archive: What ``saveState()`` returned before the process ended, or `nil` to start
    ///     fresh.
    public convenience init(host: AnyObject? = nil, name: String = "Owner", restoring archive: SavedStateArchive?) {
        self.init(host: host, name: name)
        if let archive, !archive.isEmpty { savedStateShelf = SavedStateShelf(archive) }
    }

    /// Whether the owner was given an archive to restore from (``init(host:name:restoring:)`` or
    /// ``restoreState(from:)``): BCKitSwiftUI restores one that a closure left out.
    package var holdsSavedState: Bool { savedStateShelf != nil }

    /// Gives the owner an archive to restore from: attached controllers get their piece now, in
    /// the owner's order, and controllers attached later get theirs before their
    /// ``BusinessController/didAttach(to:)``.
    ///
    /// Prefer ``init(host:name:restoring:)`` or calling this before attaching, so that every
    /// controller has its piece before its first callback. Hosts that learn of the archive late
    /// (UIKit's `decodeRestorableState(with:)`) call it then; the controllers already attached get
    /// their piece at that moment. A later call replaces what an earlier one left unclaimed; a
    /// controller restored from an earlier archive is not restored again, which would overwrite
    /// what changed since, and a piece the later archive holds for it is reported as a
    /// ``Diagnostic`` of cause ``Diagnostic/Cause/savedStateRestoredAlready``. A controller whose
    /// piece did not decode was not restored, and takes the later archive's.
    ///
    /// - Parameter archive: What ``saveState()`` returned before the process ended.
    /// - Throws: ``OwnerError/tornDown(_:)`` when the owner was torn down; nothing is restored.
    public func restoreState(from archive: SavedStateArchive) throws(OwnerError) {
        guard mayChange else { throw .tornDown("restore state") }
        receive(archive)
    }

    /// Restores from bytes the platform kept (``SavedStateArchive/bytes``), and never throws:
    /// for hosts that cannot throw into view code.
    ///
    /// Bytes that are not an archive (cut short, mangled, written by another format; see
    /// ``SavedStateArchive/init(bytes:)``) restore
    /// nothing and are reported as a ``Diagnostic`` of cause
    /// ``Diagnostic/Cause/unreadableSavedState``, naming `report`: the screen starts fresh. A
    /// torn-down owner ignores them, as a host's late callbacks are ignored.
    ///
    /// - Parameters:
    ///   - bytes: What ``SavedStateArchive/bytes`` gave before the process ended.
    ///   - report: What handed them over, such as `decodeRestorableState`, for the diagnostic.
    public func restoreState(fromBytes bytes: some Sequence<UInt8>, report: String = "restoreState") {
        // Checked before the bytes are read: bad ones would be reported to an owner that ignores
        // them anyway.
        guard mayChange else { return }
        let archive: SavedStateArchive
        do {
            archive = try SavedStateArchive(bytes: bytes)
        } catch {
            self.report(
                Diagnostic(
                    cause: .unreadableSavedState,
                    owner: name,
                    message: report,
                    hint: "\(error); the screen starts fresh"
                )
            )
            return
        }
        try? restoreState(from: archive)
    }

    /// Ends the owner as a process death ends a screen, for BCKitTesting's relaunch: nothing more
    /// reaches its controllers and none is told (no closing events, no goodbye), their tasks are
    /// cancelled, and the owner counts as torn down. A controller that keeps its state anywhere
    /// but ``RestorableController/saveState()`` (in its `ownerDidDisappear()`, say) loses it, as
    /// on a device. Owners nested in it end the same way. Each controller's ``BusinessController/owner`` is cleared, which calls no code
    /// of the controller's. Does nothing while a lifecycle delivery runs, or once torn down.
    package func endAsProcessDeath() {
        guard state != .tornDown, delivering.isIdle else { return }
        state = .tornDown
        savedStateShelf = nil
        if !lazyControllers.isEmpty { lazyControllers.removeAll() }
        for attachment in attachments {
            (attachment.controller as? Owner)?.endAsProcessDeath()
            tasks?.cancel(ObjectIdentifier(attachment.controller))
            // No code of the controller's runs; a test may then mount the controller elsewhere.
            attachment.controller.owner = nil
        }
        switchboard.forgetControllers()
    }

    /// Collects every attached controller's piece (``RestorableController/saveState()``), in the
    /// owner's order, and every nested owner's archive under its name, into one archive.
    ///
    /// Pieces this owner was given and no controller claimed yet (a lazy controller not created
    /// yet, or, in a save made while an archive is handed out, a controller or nested owner not
    /// handed its part yet) are saved again as they were, so a second process death loses
    /// nothing. Nothing else is saved that a controller did not return from
    /// ``RestorableController/saveState()``. A controller that now saves under such a piece's key,
    /// though it had another key when it was attached, was never handed that piece: its own state
    /// is saved over it.
    ///
    /// Reported through the owner's ``onDiagnostic``, never thrown: a piece that cannot be
    /// encoded or is nested too deep to read back (left out), two controllers with one key or two
    /// nested owners with one name (the first kept), a key that changed after its controller was
    /// attached (``Diagnostic/Cause/savedStateKeyChanged``), an archive over
    /// ``SavedStateArchive/recommendedMaximumByteCount``. Observers hear a
    /// ``TraceEvent/Kind/saved`` event with the archive's size.
    ///
    /// > Important: Save while the screen lives. After ``tearDown()`` the controllers and the
    /// > pieces nobody claimed are gone, so the archive is empty, and written over the one the
    /// > platform kept it would lose the screen's state. Such a save is reported, once, as a
    /// > ``Diagnostic`` of cause ``Diagnostic/Cause/savedStateAfterTearDown``; check
    /// > ``state`` first when a host may save that late.
    ///
    /// - Returns: The archive; empty when no controller saved anything, and after tear-down.
    public func saveState() -> SavedStateArchive {
        // Not thrown: the call is made from view code that cannot throw (UIKit's `encodeRestorableState`,
        // SwiftUI's scene phase), and a throwing signature would break every caller.
        guard state != .tornDown else {
            report(
                Diagnostic(
                    cause: .savedStateAfterTearDown,
                    owner: name,
                    hint: "the owner was torn down, so the archive is empty; save before tearDown(), "
                        + "and keep the archive saved before rather than writing this one over it"
                )
            )
            return SavedStateArchive()
        }
        let archive = collectSavedState(path: name, ownerDepth: 0)
        let size = archive.byteCount
        trace(.saved, nil, detail: "\(archive.pieceCount) pieces, \(size) bytes")
        if size > SavedStateArchive.recommendedMaximumByteCount {
            let largest = archive.pieceSizes(path: name).sorted { $0.size > $1.size }.prefix(3)
            report(
                Diagnostic(
                    cause: .savedStateTooLarge,
                    owner: name,
                    hint: "the archive is \(size) bytes, over \(SavedStateArchive.recommendedMaximumByteCount); "
                        + "the largest pieces: \(largest.map { "\($0.path) (\($0.size) bytes)" }.joined(separator: ", ")); "
                        + "save what the screen needs to come back, not what it can fetch again"
                )
            )
        }
        return archive
    }

    /// This owner's archive, reached as `path` from the root that saves, `ownerDepth` owners
    /// below it.
    ///
    /// Saved from inside a hand-out, what is still to be handed out stands for the controllers and
    /// nested owners that have yet to get it: they are not restored yet, so what they hold now is
    /// not the screen's state.
    ///
    /// - Parameter pending: The archive the parent has yet to hand this owner, which will replace
    ///   what its shelf holds.
    func collectSavedState(path: String, ownerDepth: Int, pending: SavedStateArchive? = nil) -> SavedStateArchive {
        var archive = SavedStateArchive()
        if let pending {
            archive = pending
        } else if let shelf = savedStateShelf {
            archive.pieces = shelf.pieces
            archive.owners = shelf.owners
        }
        var keyHolders: [String: String] = [:]
        var nestedNames: Set<String> = []
        // Claims on a shelf that a pending archive is to replace do not count: that archive is
        // offered to every controller again, under the key each has then.
        let offered = pending == nil ? savedStateShelf : nil
        // By the one delivery loop, over a snapshot: what a controller's `saveState()` changes does
        // not move the walk, and one it detaches is passed over.
        let snapshot = attachments
        var delivery = Delivery(count: snapshot.count)
        var observer = Unobserved()
        delivery.walk(snapshot, departures: .possible, observer: &observer) { position in
            let attachment = snapshot[position]
            if let nested = attachment.controller as? Owner {
                let nestedPath = path + "/" + nested.name
                let unclaimed = archive.owners[nested.name]
                let handsOver = savedStateShelf?.handsOver(ownerNamed: nested.name, to: attachment) ?? true
                let saved = nested.collectSavedState(
                    path: nestedPath, ownerDepth: ownerDepth + 1, pending: handsOver ? unclaimed : nil)
                guard nestedNames.insert(nested.name).inserted else {
                    // Cells share a name as a rule: a clash loses something only when the later
                    // owner has pieces.
                    if !saved.isEmpty { reportDuplicatePath(nestedPath) }
                    return true
                }
                archive.owners[nested.name] = saved.isEmpty ? nil : saved
            } else if let restorable = attachment.controller as? any RestorableController {
                save(
                    restorable, of: attachment, into: &archive, offered: offered, ownerDepth: ownerDepth,
                    keyHolders: &keyHolders)
            }
            return true
        }
        return archive
    }

    private func save<Controller: RestorableController>(
        _ controller: Controller,
        of attachment: Attachment,
        into archive: inout SavedStateArchive,
        offered: SavedStateShelf?,
        ownerDepth: Int,
        keyHolders: inout [String: String]
    ) {
        let key = controller.savedStateKey
        let controllerName = displayName(of: controller)
        if let holder = keyHolders[key] {
            reportDuplicateKey(
                key, of: controllerName,
                "\(holder) saves under '\(key)' already, so \(controllerName)'s piece is left out")
            return
        }
        keyHolders[key] = controllerName
        // A piece not handed out yet, in the archive already, stands for a controller to get it,
        // unless this one was offered it already under the key it had then: what it holds now is
        // the screen's state, and the piece would outlive it.
        if archive.pieces[key] != nil, savedStateShelf?.handsOver(key, to: attachment) ?? true {
            guard let claimed = offered?.keyClaimed(by: attachment), claimed != key else { return }
            reportKeyChanged(key, of: controllerName, claimedAs: claimed)
        }
        var state: Controller.SavedState?
        speaking(as: attachment) { state = controller.saveState() }
        guard let state else {
            archive.pieces[key] = nil
            return
        }
        do {
            archive.pieces[key] = try SavedStateArchive.encode(state, key: key, ownerDepth: ownerDepth)
        } catch {
            archive.pieces[key] = nil
            report(
                Diagnostic(
                    cause: .savedStateNotSaved,
                    owner: name,
                    sender: controllerName,
                    message: key,
                    hint: "\(error); the other pieces are saved"
                )
            )
        }
    }

    // MARK: - Restoring

    /// Keeps `archive` for the controllers to come, and hands the attached ones their piece now,
    /// in order, by the delivery rule: one a restore detaches gets nothing more, one it attaches
    /// got its piece as it was attached.
    ///
    /// Each controller takes its piece from the owner's shelf as it stands when its turn comes: an
    /// archive restored from inside this hand-out replaces this one for the controllers still to
    /// come, as it would had it come after, and one that archive restored is not restored again.
    /// A reuse from inside it drops the shelf, and the old content's pieces stop there.
    func receive(_ archive: SavedStateArchive) {
        let shelf = SavedStateShelf(archive, after: savedStateShelf)
        savedStateShelf = shelf
        let snapshot = attachments
        var delivery = Delivery(count: snapshot.count)
        var observer = Unobserved()
        delivery.walk(snapshot, departures: .possible, observer: &observer) { position in
            guard let current = savedStateShelf else { return false }
            _ = handOverSavedState(to: snapshot[position], from: current)
            // A restore that tore the owner down stops the hand-out.
            return mayChange
        }
    }

    /// Hands a controller being attached its piece, or a nested owner its archive: the hook of
    /// `insert`, taken only by an owner that has saved state to hand out, and out of line so
    /// the usual attach keeps its registers.
    ///
    /// - Returns: Whether the controller is still attached.
    @inline(never)
    func handOverSavedState(to attachment: Attachment, from shelf: SavedStateShelf) -> Bool {
        let controller = attachment.controller
        if let nested = controller as? Owner {
            let path = self.path + "/" + nested.name
            if let holder = shelf.ownerHolders[nested.name], holder.isAttached, holder.attachment !== attachment {
                // Only a name whose archive went to the first owner loses this one anything.
                if holder.receivedPiece { reportDuplicatePath(path) }
                return true
            }
            // A nested owner restored before takes a later archive as this owner does: its
            // controllers restored before are not restored again.
            let archive = shelf.owners.removeValue(forKey: nested.name)
            shelf.ownerHolders[nested.name] = SavedStateShelf.Holder(
                attachment: attachment, name: nested.name,
                receivedPiece: archive != nil || shelf.ownerHolders[nested.name]?.receivedPiece == true)
            if let archive, nested.mayChange {
                nested.receive(archive)
            }
        } else if let restorable = controller as? any RestorableController {
            restore(restorable, of: attachment, from: shelf)
        }
        return !Delivery.hasLeft(attachment, mayHaveLeft: true)
    }

    private func restore<Controller: RestorableController>(
        _ controller: Controller,
        of attachment: Attachment,
        from shelf: SavedStateShelf
    ) {
        let key = controller.savedStateKey
        let controllerName = displayName(of: controller)
        if let holder = shelf.keyHolders[key], holder.isAttached {
            guard holder.attachment === attachment else {
                reportDuplicateClaim(key, of: controllerName, heldBy: holder)
                return
            }
            if holder.receivedPiece {
                // Offered this archive too, under this key, though it takes nothing from it.
                shelf.keyHolders[key]?.claimedHere = true
                if shelf.pieces.removeValue(forKey: key) != nil { reportRestoredAlready(key, of: controllerName) }
                return
            }
        }
        let saved = shelf.pieces.removeValue(forKey: key)
        shelf.keyHolders[key] = SavedStateShelf.Holder(attachment: attachment, name: controllerName)
        guard let saved else { return }
        // Decoded inside the controller's turn, so the piece never crosses from one isolation
        // region to another on its way to `restoreState(_:)`.
        var failure: SavedStateError?
        speaking(as: attachment) {
            do throws(SavedStateError) {
                let state = try SavedStateArchive.decode(Controller.SavedState.self, from: saved, key: key)
                // Received only once it decodes: a controller whose piece failed was not restored,
                // and takes a later archive's. Marked before its restore runs, which may save or
                // restore another archive.
                shelf.keyHolders[key]?.receivedPiece = true
                trace(.restored, controller, detail: key)
                controller.restoreState(state)
            } catch {
                failure = error
            }
        }
        guard let failure else { return }
        report(
            Diagnostic(
                cause: .savedStateNotRestored,
                owner: name,
                sender: controllerName,
                message: key,
                hint: "\(failure); \(controllerName) starts fresh, the other pieces are restored"
            )
        )
    }

    // MARK: - Diagnostics

    /// The owner's names from the root down, such as `Page/Reviews`: how a nested owner is found
    /// across launches.
    var path: String {
        var names = [name]
        var current = parent
        while let owner = current {
            names.append(owner.name)
            current = owner.parent
        }
        return names.reversed().joined(separator: "/")
    }

    /// Reports `controller`'s use of a key another controller holds, `what` saying what became of
    /// each.
    private func reportDuplicateKey(_ key: String, of controller: String, _ what: String) {
        report(
            Diagnostic(
                cause: .duplicateSavedStateKey,
                owner: name,
                sender: controller,
                message: key,
                hint: "\(what); give each its own savedStateKey"
            )
        )
    }

    /// At restore, unlike at save, the first to claim the key keeps it, as it may have been
    /// restored already: the hint says which controller got the piece.
    private func reportDuplicateClaim(_ key: String, of controller: String, heldBy holder: SavedStateShelf.Holder) {
        let handedOut = holder.receivedPiece ? " and was handed its piece" : ""
        reportDuplicateKey(
            key, of: controller,
            "\(holder.name) claimed '\(key)' first\(handedOut), so \(controller), claiming it after, gets none")
    }

    private func reportKeyChanged(_ key: String, of controller: String, claimedAs claimed: String) {
        report(
            Diagnostic(
                cause: .savedStateKeyChanged,
                owner: name,
                sender: controller,
                message: key,
                hint: "\(controller)'s savedStateKey was '\(claimed)' when it was attached and is '\(key)' now, "
                    + "so the piece saved under '\(key)' was never handed to it, and its own state is saved over "
                    + "that piece; the key is read as a controller attaches: configure what it depends on before "
                    + "attaching, or restore with restoreState(from:) once it is configured"
            )
        )
    }

    private func reportRestoredAlready(_ key: String, of controller: String) {
        report(
            Diagnostic(
                cause: .savedStateRestoredAlready,
                owner: name,
                sender: controller,
                message: key,
                hint: "\(controller) was restored from an earlier archive, and restoring it again would overwrite "
                    + "what changed since, so this archive's piece is not handed over; restore once, "
                    + "with Owner(restoring:) or restoreState(from:)"
            )
        )
    }

    private func reportDuplicatePath(_ path: String) {
        report(
            Diagnostic(
                cause: .duplicateOwnerPath,
                owner: name,
                message: path,
                hint: "another owner nested in '\(name)' has that name, and keeps its saved state; "
                    + "name each nested owner uniquely"
            )
        )
    }
}

extension SavedStateArchive {
    /// How many pieces the archive holds, nested owners' included.
    var pieceCount: Int {
        owners.values.reduce(pieces.count) { $0 + $1.pieceCount }
    }

    /// Each piece's path (`Owner/Nested/key`) and size in bytes, for the size diagnostic.
    func pieceSizes(path: String) -> [(path: String, size: Int)] {
        var sizes: [(path: String, size: Int)] = []
        for key in keys {
            var single = SavedStateArchive()
            single.pieces[key] = pieces[key]
            sizes.append((path + "/" + key, single.byteCount))
        }
        for name in ownerNames {
            sizes += owners[name]!.pieceSizes(path: path + "/" + name)
        }
        return sizes
    }
}
