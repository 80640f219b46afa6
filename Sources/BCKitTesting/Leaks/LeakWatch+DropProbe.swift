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
    /// is gone. The test's stubs are attached there first, so what the controller asks as it loads
    /// is answered as in the test. Running the controllers' callbacks once more is the price:
    /// what they send there is not recorded, but a fake they call, or a stub's `calls`, sees it.
    func probeDrop(of controllers: [TestOwner<some BusinessController>.Tracked], beside: [any BusinessController]) {
        for tracked in controllers {
            // Held by the watch until now, a controller the test kept no reference to is tried too.
            let held = release(tracked.id)
            guard let controller = tracked.controller ?? held, controller.owner == nil, !(controller is Owner) else {
                continue
            }
            let stubs = beside.filter { $0.owner == nil && !($0 is Owner) }
            if let finding = Self.probeDrop(of: controller, name: tracked.name, events: tracked.events, beside: stubs) {
                findings.append(finding)
            }
        }
    }

    private static func probeDrop(
        of controller: any BusinessController,
        name: String,
        events: [LifecycleEvent],
        beside stubs: [any BusinessController]
    ) -> String? {
        weak var dropped: Owner?
        do {
            let screen = Owner(name: "DroppedScreen")
            // Alone on this screen, the controller's questions go unanswered: normal for a probe
            // that only watches memory.
            screen.onDiagnostic = { _ in }
            dropped = screen
            do {
                try screen.attach(stubs + [controller])
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
        // The stubs go back as they were, whatever kept the screen.
        for stub in stubs { try? dropped?.detach(stub) }
        // The owner survived its screen. Tell a strong `owner` from a cycle through something else.
        controller.owner = nil
        let strongOwner = dropped == nil
        // Let the controller go from the survivor, so later tests do not see it attached.
        try? dropped?.tearDown()
        let because =
            strongOwner
            ? "its `owner` property is strong; declare it `weak var owner: Owner?`."
            : """
            something it stored while attached points back to the owner (a property holding the \
            owner, or a closure capturing it); hold the owner weakly there too.
            """
        return """
            Leaked when a screen is dropped without a tear-down, as apps do: \(name) keeps its owner \
            alive (and the owner keeps it), because \(because)
            """
    }
}
