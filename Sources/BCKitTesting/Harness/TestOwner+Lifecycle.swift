public import BCKit
public import Testing

extension TestOwner {
    /// Drives the owner to a lifecycle state in one call, along the path a screen normally takes.
    ///
    /// From the current state, the owner goes load, will appear, did appear, will disappear, did
    /// disappear, around again, until it reaches `state`; `LifecycleState.tornDown` tears
    /// it down. For the unusual sequences (a cancelled appearance), use
    /// ``handle(_:sourceLocation:)``.
    ///
    /// ```swift
    /// test.drive(to: .appeared)     // did-load, will-appear, did-appear
    /// test.drive(to: .loaded)       // will-disappear, did-disappear
    /// ```
    ///
    /// - Parameters:
    ///   - state: The state to reach.
    ///   - sourceLocation: Where an unreachable state is reported: `LifecycleState.initial`
    ///     once the owner was loaded, or anything after tear-down.
    public func drive(to state: LifecycleState, sourceLocation: SourceLocation = #_sourceLocation) {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("drive to \(state)", sourceLocation) else { return }
        if state == .tornDown {
            // Checked now: the tear-down completes a gather still waiting, without the reply.
            if exhaustivity.requiresAssertingEveryMessage { checkNoReplyIsOwed() }
            do {
                try owner.tearDown()
            } catch {
                TestFailure.record(Comment(rawValue: "Cannot tear down: \(error)"), sourceLocation: sourceLocation)
            }
            observeLifecycle()
            return
        }
        guard owner.state != .tornDown, state != .initial || owner.state == .initial else {
            TestFailure.record(
                Comment(rawValue: "Cannot drive the owner from \(owner.state) to \(state); no lifecycle goes there."),
                sourceLocation: sourceLocation
            )
            return
        }
        while owner.state != state, let event = Self.nextEvent(from: owner.state) {
            handle(event, sourceLocation: sourceLocation)
        }
    }

    /// Delivers one lifecycle event, as a host would.
    ///
    /// ```swift
    /// test.drive(to: .appearing)
    /// test.handle(.willDisappear)   // the appearance is cancelled
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to deliver.
    ///   - sourceLocation: Where a refused event is reported.
    public func handle(_ event: LifecycleEvent, sourceLocation: SourceLocation = #_sourceLocation) {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("handle \(event)", sourceLocation) else { return }
        do {
            try owner.handle(event)
        } catch {
            TestFailure.record(Comment(rawValue: "Cannot handle \(event): \(error)"), sourceLocation: sourceLocation)
        }
        observeLifecycle()
    }

    /// Resets the owner for new content, as a reused cell does with its owner.
    ///
    /// Calls the owner's `prepareForReuse()`: an open appearance is closed first (will-disappear,
    /// did-disappear), then every controller gets `ownerWillReuse()`, last first, and the owner is
    /// loaded again. Will-reuse is not a `LifecycleEvent`, so ``lifecycle(of:)`` lists the
    /// closing events only; check the reset itself on the controller.
    ///
    /// ```swift
    /// test.drive(to: .appeared)
    /// test.prepareForReuse()
    /// test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])
    /// ```
    ///
    /// - Parameter sourceLocation: Where a refused reuse is reported: after tear-down, or from
    ///   inside a lifecycle callback.
    public func prepareForReuse(sourceLocation: SourceLocation = #_sourceLocation) {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("prepare for reuse", sourceLocation) else { return }
        do {
            try owner.prepareForReuse()
        } catch {
            TestFailure.record(Comment(rawValue: "Cannot prepare for reuse: \(error)"), sourceLocation: sourceLocation)
        }
        observeLifecycle()
    }

    /// The lifecycle events a controller under test has seen since it was mounted, in order.
    ///
    /// The events are read when asked for, so they include what the owner delivered without the
    /// test owner, such as the closing events of a reuse called on ``owner`` itself.
    ///
    /// - Parameter controller: A controller under test; ``controller`` when `nil`.
    /// - Returns: Its events, or an empty array for a controller never mounted here.
    public func lifecycle(of controller: (any BusinessController)? = nil) -> [LifecycleEvent] {
        observeLifecycle()
        let id = ObjectIdentifier(controller ?? self.controller)
        // The latest mount's: a controller unmounted and mounted again has an entry per mount.
        return tracked.last { $0.id == id }?.events ?? []
    }

    /// Checks the whole sequence of lifecycle events a controller under test has seen.
    ///
    /// ```swift
    /// test.drive(to: .appeared)
    /// test.expectLifecycle([.didLoad, .willAppear, .didAppear])
    /// ```
    ///
    /// - Parameters:
    ///   - events: Every event expected since the controller was mounted, in order.
    ///   - controller: A controller under test; ``controller`` when `nil`.
    ///   - sourceLocation: Where a mismatch is reported.
    public func expectLifecycle(
        _ events: [LifecycleEvent],
        of controller: (any BusinessController)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let seen = lifecycle(of: controller)
        let name = Self.name(of: controller ?? self.controller)
        #expect(seen == events, "lifecycle events \(name) saw", sourceLocation: sourceLocation)
    }

    /// Updates each controller's event log from what the tracer saw delivered since the last
    /// observation, catch-ups and closings included, then notes which controllers left.
    ///
    /// Traces name controllers by type; two mounted controllers of one type cannot be told apart
    /// there, so their logs are derived from their states instead: between two observations a
    /// controller moves along the shortest valid path.
    func observeLifecycle() {
        let delivered = recorder.lifecycleLog[lifecycleCursor...]
        lifecycleCursor = recorder.lifecycleLog.count
        let mountedNames = tracked.filter(\.isMounted).map(\.name)
        for position in tracked.indices where tracked[position].isMounted {
            let name = tracked[position].name
            let old = tracked[position].state
            let new: LifecycleState
            if let controller = tracked[position].controller, let state = owner.state(of: controller) {
                new = state
            } else {
                // Detached: whatever appearance it saw was closed first.
                new = old == .initial ? .initial : .loaded
                tracked[position].isMounted = false
            }
            if mountedNames.filter({ $0 == name }).count == 1 {
                tracked[position].events += delivered.filter { $0.receiver == name }.map(\.event)
            } else {
                tracked[position].events += Self.path(from: old, to: new)
            }
            tracked[position].state = new
        }
    }

    /// The next event along a screen's usual round: load, appear, disappear, and around again.
    static func nextEvent(from state: LifecycleState) -> LifecycleEvent? {
        switch state {
        case .initial: .didLoad
        case .loaded: .willAppear
        case .appearing: .didAppear
        case .appeared: .willDisappear
        case .disappearing: .didDisappear
        case .tornDown: nil
        }
    }

    /// The shortest sequence of events that takes a controller from one state to another: BCKit's
    /// own, from its one transition table.
    static func path(from start: LifecycleState, to goal: LifecycleState) -> [LifecycleEvent] {
        start.path(to: goal)
    }
}
