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
    /// stubs and the other controllers under test. When the screen survives, the same screen
    /// without the controller is tried: if that one survives too, something else keeps it, and the
    /// controller is not blamed. Running the callbacks again is the price: what they send there is
    /// not recorded, but a fake they call, or a stub's `calls`, sees it.
    func probeDrop(of controllers: [TestOwner<some BusinessController>.Tracked], stubs: [any BusinessController]) {
        // The latest mount of each, held here for the probes: the watch held some until now, and
        // a controller the test kept no reference to is tried too.
        var probed: [(controller: any BusinessController, name: String, events: [LifecycleEvent])] = []
        for tracked in controllers.reversed() {
            guard !probed.contains(where: { ObjectIdentifier($0.controller) == tracked.id }) else { continue }
            let held = release(tracked.id)
            guard let controller = tracked.controller ?? held, !(controller is Owner) else { continue }
            probed.insert((controller, tracked.name, tracked.events), at: 0)
        }
        let everyone = stubs + probed.map(\.controller)
        for (controller, name, events) in probed where controller.owner == nil {
            let companions = everyone.filter { $0 !== controller && $0.owner == nil && !($0 is Owner) }
            guard let cause = Self.probeDrop(of: companions + [controller], events: events, blaming: controller) else {
                continue
            }
            // Kept alive by the others alone, the screen says nothing about this controller.
            if !companions.isEmpty, Self.probeDrop(of: companions, events: events, blaming: nil) != nil { continue }
            findings.append(
                """
                Leaked when a screen is dropped without a tear-down, as apps do: \(name) keeps its owner \
                alive (and the owner keeps it), because \(cause)
                """)
        }
    }

    /// Attaches `controllers` to a fresh screen, brings it to the state `events` reached, and
    /// releases it.
    ///
    /// - Returns: Why the screen survived, `nil` when it did not: `blamed`'s strong `owner`, or
    ///   something stored while attached.
    private static func probeDrop(
        of controllers: [any BusinessController],
        events: [LifecycleEvent],
        blaming blamed: (any BusinessController)?
    ) -> String? {
        weak var dropped: Owner?
        do {
            let screen = Owner(name: "DroppedScreen")
            // What the test's stubs do not answer goes unanswered: normal for a probe that only
            // watches memory.
            screen.onDiagnostic = { _ in }
            dropped = screen
            do {
                try screen.attach(controllers)
                if events.contains(.didLoad) { try screen.didLoad() }
                if events.contains(.didAppear) {
                    try screen.willAppear()
                    try screen.didAppear()
                }
            } catch {
                return nil
            }
        }
        guard dropped != nil else { return nil }
        // The owner survived its screen. Tell a strong `owner` from a cycle through something else.
        blamed?.owner = nil
        let strongOwner = blamed != nil && dropped == nil
        // Let the controllers go from the survivor, so later tests do not see them attached.
        try? dropped?.tearDown()
        return strongOwner
            ? "its `owner` property is strong; declare it `weak var owner: Owner?`."
            : """
            something it stored while attached points back to the owner (a property holding the \
            owner, or a closure capturing it); hold the owner weakly there too.
            """
    }
}
