import BCKit

extension LeakWatch {
    /// Drops each controller under test with a screen, as an app does, and records the ones that
    /// keep that screen's owner alive.
    ///
    /// The test owner's tear-down detaches every controller, which clears its `owner` and lets the
    /// owner go, so a cycle through the owner never shows in the test itself. An app that drops a
    /// screen without tearing it down only releases the owner. The probe does that: it attaches
    /// the controller to a fresh owner, brings it to the furthest state the test took it to
    /// (loaded or appeared), releases the owner and checks, through a weak reference, that it
    /// is gone. What answered the controller in the test is there too, attached first: the test's
    /// stubs, the other controllers under test and the nested owners not torn down. Running the
    /// callbacks again is the price: what they send there is not recorded, but a fake they call,
    /// or a stub's `calls`, sees it.
    ///
    /// A screen that survives is blamed on whoever holds it. The companions' `owner` is cleared
    /// first: if that frees it, one of them held it strongly (a stub is then named; a controller
    /// under test is named by its own probe). Then the controller's: if that frees it, its `owner`
    /// is strong. Otherwise something stored while attached points back to the owner, and the
    /// finding names the controller with its companions, since any of them may have stored it.
    ///
    /// A fresh screen that refuses the controller or a companion (a stub that is an owner already
    /// driven, say) leaves nothing checked: that is a finding too, with the refusal, so a test
    /// never passes having checked nothing.
    func probeDrop(of controllers: [TestOwner<some BusinessController>.Tracked], stubs: [any BusinessController]) {
        // The latest mount of each, held here for the probes: the watch held some until now, and
        // a controller the test kept no reference to is tried too.
        var probed: [(controller: any BusinessController, name: String, events: [LifecycleEvent])] = []
        for tracked in controllers.reversed() {
            guard !probed.contains(where: { ObjectIdentifier($0.controller) == tracked.id }) else { continue }
            guard let controller = tracked.controller ?? release(tracked.id) else { continue }
            _ = release(tracked.id)
            probed.insert((controller, tracked.name, tracked.events), at: 0)
        }
        let everyone = stubs + probed.map(\.controller)
        let stubIDs = Set(stubs.map(ObjectIdentifier.init))
        for (controller, name, events) in probed where controller.owner == nil && !(controller is Owner) {
            let companions = everyone.filter { other in
                other !== controller && other.owner == nil && (other as? Owner)?.state != .tornDown
            }
            switch Self.probeDrop(of: controller, with: companions, events: events) {
            case nil:
                continue
            case .refused(let refusal):
                let others = companions.map(displayName(of:)).joined(separator: ", ")
                let with = companions.isEmpty ? "" : " with \(others)"
                findings.append(
                    """
                    Could not check whether \(name) leaks when a screen is dropped without a tear-down: the fresh \
                    screen the check builds (\(name)\(with)) refused: \(refusal) The leak check did not run for \
                    \(name); fix what was refused.
                    """)
            case .companion(let holder):
                let holderName = displayName(of: holder)
                let finding = """
                    Leaked when a screen is dropped without a tear-down, as apps do: the stub \(holderName) keeps \
                    its owner alive, because its `owner` property is strong; declare it `weak var owner: Owner?`.
                    """
                if stubIDs.contains(ObjectIdentifier(holder)), !findings.contains(finding) { findings.append(finding) }
            case .strongOwner:
                findings.append(
                    """
                    Leaked when a screen is dropped without a tear-down, as apps do: \(name) keeps its owner \
                    alive (and the owner keeps it), because its `owner` property is strong; declare it \
                    `weak var owner: Owner?`.
                    """)
            case .stored:
                let others = companions.map(displayName(of:)).joined(separator: ", ")
                let with = companions.isEmpty ? "" : " (or one of \(others))"
                findings.append(
                    """
                    Leaked when a screen is dropped without a tear-down, as apps do: \(name)\(with) keeps its owner \
                    alive (and the owner keeps it), because something it stored while attached points back to \
                    the owner (a property holding the owner, or a closure capturing it); hold the owner weakly \
                    there too.
                    """)
            }
        }
    }

    /// What kept a dropped screen alive, or why there was no screen to drop.
    private enum Holder {
        /// The fresh screen refused an attach or a lifecycle step, so nothing was checked.
        case refused(OwnerError)
        /// A companion's strong `owner`.
        case companion(any BusinessController)
        /// The controller's strong `owner`.
        case strongOwner
        /// Something stored while attached, by the controller or a companion.
        case stored
    }

    /// Attaches `companions` then `controller` to a fresh screen, brings it to the state `events`
    /// reached, and releases it.
    ///
    /// - Returns: What kept the screen alive, `nil` when nothing did, or the screen's refusal.
    private static func probeDrop(
        of controller: any BusinessController,
        with companions: [any BusinessController],
        events: [LifecycleEvent]
    ) -> Holder? {
        weak var dropped: Owner?
        do {
            let screen = Owner(name: "DroppedScreen")
            // What the test's stubs do not answer goes unanswered: normal for a probe that only
            // watches memory.
            screen.onDiagnostic = { _ in }
            dropped = screen
            do throws(OwnerError) {
                try screen.attach(companions + [controller])
                if events.contains(.didLoad) { try screen.didLoad() }
                if events.contains(.didAppear) {
                    try screen.willAppear()
                    try screen.didAppear()
                }
            } catch {
                // What was attached before the refusal must not stay attached to a screen that a
                // cycle may keep alive.
                try? screen.tearDown()
                return .refused(error)
            }
        }
        guard dropped != nil else { return nil }
        // Let the controllers go from a survivor, so later tests do not see them attached.
        defer { try? dropped?.tearDown() }
        for companion in companions where !(companion is Owner) {
            companion.owner = nil
            if dropped == nil { return .companion(companion) }
        }
        controller.owner = nil
        return dropped == nil ? .strongOwner : .stored
    }
}
