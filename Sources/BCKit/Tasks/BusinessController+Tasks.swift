extension BusinessController {
    /// Starts async work bound to this controller's attachment, like Android's `lifecycleScope`.
    ///
    /// The task is cancelled when the controller is detached, when its owner is torn down, and
    /// when its owner is released without a tear-down (an app dropping a screen). Whatever it
    /// sends is traced as sent by this controller, and the testing harness's `settle()` waits
    /// for it.
    ///
    /// ```swift
    /// func ownerDidLoad() {
    ///     // Copied into locals, so the operation does not capture `self`.
    ///     let (goodsID, warehouse) = (goodsID, warehouse)
    ///     task { context in
    ///         let units = await warehouse.units(of: goodsID)
    ///         // Fetched again after the `await`: nil once the controller left the screen.
    ///         context.controller?.center.send((any ShelfConversation).self) { $0.stockDidChange(units) }
    ///     }
    /// }
    /// ```
    ///
    /// > Important: The operation reaches the controller only through its
    /// > ``ControllerTaskContext``, which holds it weakly and lets go of it when the task is
    /// > cancelled. Do not capture `self` in the operation (copy the values it needs into
    /// > locals, as above), and do not keep ``ControllerTaskContext/controller`` across an
    /// > `await`: fetch it again after each suspension. Then a detached or dropped controller is
    /// > freed at once, even while its task is still suspended; cancellation is cooperative, so
    /// > the task itself ends at its next suspension that checks for it.
    ///
    /// Called while the controller is not attached, or from its ``willDetach(from:)`` (it is
    /// leaving), the operation never runs and the task returned finishes at once; that is reported
    /// as ``Diagnostic/Cause/taskNeverRuns``.
    ///
    /// - Parameters:
    ///   - priority: The task's priority; inherited when `nil`.
    ///   - operation: The work. It runs on the main actor.
    /// - Returns: The task, to cancel it earlier or await it.
    @discardableResult
    public func task(
        priority: TaskPriority? = nil,
        _ operation: @escaping @MainActor (ControllerTaskContext<Self>) async -> Void
    ) -> Task<Void, Never> {
        guard let owner = attachedOwner else {
            reportNeverRun("task(priority:_:)")
            return Task {}
        }
        return owner.controllerTasks.start(for: self, priority: priority, operation).task ?? Task {}
    }

    /// Runs async work each time the owner is appeared, like Android's `repeatOnLifecycle`: the
    /// work starts on every did-appear and is cancelled on every will-disappear.
    ///
    /// ```swift
    /// func didAttach(to owner: Owner) {
    ///     repeatWhileAppeared { context in
    ///         while !Task.isCancelled {
    ///             context.controller?.refreshClock()
    ///             try? await Task.sleep(for: .seconds(1))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Register it once, usually in ``didAttach(to:)``; it runs at once if the owner is already
    /// appeared. It ends for good, like ``task(priority:_:)``, when the controller is detached or
    /// its owner torn down or released. Each run follows the rules of ``task(priority:_:)`` about
    /// `self` and ``ControllerTaskContext/controller``. Registered while the controller is not
    /// attached, or from its ``willDetach(from:)``, it never runs, and that is reported as
    /// ``Diagnostic/Cause/taskNeverRuns``. Registered from ``ownerWillAppear()`` or
    /// ``ownerDidAppear()``, it is registered again on every appearance and its work runs once more
    /// each time: debug builds report that as ``Diagnostic/Cause/repetitionRegisteredOnAppearance``.
    ///
    /// - Parameters:
    ///   - priority: The priority of each run; inherited when `nil`.
    ///   - operation: The work of one appearance. It runs on the main actor.
    public func repeatWhileAppeared(
        priority: TaskPriority? = nil,
        _ operation: @escaping @MainActor (ControllerTaskContext<Self>) async -> Void
    ) {
        guard let owner = attachedOwner else {
            reportNeverRun("repeatWhileAppeared(priority:_:)")
            return
        }
        #if DEBUG
            // Asked here, as a repetition is registered, rather than noted by every appearance
            // callback, which would cost each fan-out step.
            if let callback = owner.appearanceCallback(deliveredTo: self) {
                reportRegisteredOnAppearance(from: callback, in: owner)
            }
        #endif
        owner.controllerTasks.repeatWhileAppeared(
            for: self,
            isAppeared: owner.state == .appeared,
            priority: priority,
            operation
        )
    }

    /// The owner this controller is attached to, where its tasks may run; `nil` while it says
    /// goodbye (it names its owner still, but has left it, and the detach cancels what it starts)
    /// or after its owner was torn down.
    private var attachedOwner: Owner? {
        guard let owner, owner.state != .tornDown, owner.attachment(ofAttached: self) != nil else { return nil }
        return owner
    }

    /// Reports work started where it can never run: through the owner the controller still names
    /// during its goodbye, else app-wide, as a send from a controller that is not attached is.
    private func reportNeverRun(_ method: String) {
        let diagnostic = Diagnostic(
            cause: .taskNeverRuns,
            owner: owner?.name,
            sender: displayName(of: self),
            message: method,
            hint: "started while not attached, while detaching, or after its owner was torn down, it never runs; "
                + "start it from didAttach(to:) or later, before willDetach(from:)"
        )
        if let owner {
            owner.report(diagnostic)
        } else {
            Diagnostic.reportAppWide(diagnostic, from: self)
        }
    }

    /// Reports a repetition registered from an appearance callback, which runs again on every
    /// appearance and registers one more each time: once per controller type, by the owner tree's
    /// record of what it reported.
    private func reportRegisteredOnAppearance(from callback: String, in owner: Owner) {
        owner.report(
            Diagnostic(
                cause: .repetitionRegisteredOnAppearance,
                owner: owner.name,
                sender: displayName(of: self),
                message: "repeatWhileAppeared(priority:_:)",
                hint: "registered from \(callback), it is registered again on every appearance, and its work runs "
                    + "once more each time; register it once, in didAttach(to:)"
            )
        )
    }
}
