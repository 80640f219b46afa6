import Testing

@testable import BCKit

/// The callbacks a host can report, by name, so tables read like UIKit logs.
enum Callback: String, CaseIterable, CustomTestStringConvertible {
    case viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
    case onAppear, onDisappear, tearDown

    var testDescription: String { rawValue }

    @MainActor
    func report(to relay: HostRelay) {
        switch self {
        case .viewDidLoad: relay.viewDidLoad()
        case .viewWillAppear: relay.viewWillAppear()
        case .viewDidAppear: relay.viewDidAppear()
        case .viewWillDisappear: relay.viewWillDisappear()
        case .viewDidDisappear: relay.viewDidDisappear()
        case .onAppear: relay.appeared()
        case .onDisappear: relay.disappeared()
        case .tearDown: relay.tearDown()
        }
    }
}

@MainActor
@Suite struct HostRelayTests {
    let journal = Journal()

    /// A relay over an owner holding probes A and B, whose diagnostics land in `sink`.
    func relay(_ sink: DiagnosticSink = DiagnosticSink()) throws -> HostRelay {
        let owner = Owner(name: "Screen")
        try owner.attach([Probe("A", journal), Probe("B", journal)])
        journal.clear()
        sink.listen(to: owner)
        return HostRelay(owner: owner)
    }

    /// What probe A saw, as `did-load`, `will-appear`, …
    var seenByA: [String] { lifecycle(of: "A") }

    /// What the probe named `name` saw, as `did-load`, `will-appear`, …
    func lifecycle(of name: String) -> [String] {
        journal.events(of: name).compactMap { if case .lifecycle(_, let event) = $0 { event.description } else { nil } }
    }

    func report(_ callbacks: [Callback], to relay: HostRelay) {
        for callback in callbacks { callback.report(to: relay) }
    }

    // MARK: - Sequences UIKit produces

    @Test func aPushThenAPopDrivesTheWholeLifecycleInOrder() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear], to: relay)
        #expect(
            journal.events.map(\.description) == [
                "A did-load", "B did-load", "A will-appear", "B will-appear", "A did-appear", "B did-appear",
                "B will-disappear", "A will-disappear", "B did-disappear", "A did-disappear",
            ])
        #expect(relay.owner.state == .loaded)
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func viewDidLoadReachesTheOwnerOnce() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewDidLoad, .viewWillAppear, .viewDidLoad], to: relay)
        #expect(seenByA == ["did-load", "will-appear"])
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aCancelledInteractivePopLeavesTheOwnerAppeared() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear], to: relay)
        // The user starts swiping back, then lets go: UIKit reports will-disappear, then will-appear
        // and did-appear again, and never did-disappear.
        report([.viewWillDisappear, .viewWillAppear, .viewDidAppear], to: relay)
        #expect(
            seenByA == ["did-load", "will-appear", "did-appear", "will-disappear", "will-appear", "did-appear"])
        #expect(relay.owner.state == .appeared)
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aCancelledAppearanceLeavesTheOwnerLoaded() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        // A push interrupted before it completes: will-appear, then will-disappear and did-disappear.
        report([.viewDidLoad, .viewWillAppear, .viewWillDisappear, .viewDidDisappear], to: relay)
        #expect(seenByA == ["did-load", "will-appear", "will-disappear", "did-disappear"])
        #expect(relay.owner.state == .loaded)
        #expect(sink.diagnostics.isEmpty)
    }

    nonisolated static let repeats: [(name: String, setup: [Callback], repeated: [Callback], state: LifecycleState)] = [
        ("did-appear twice", [.viewWillAppear, .viewDidAppear], [.viewDidAppear], .appeared),
        (
            "will-appear while appeared", [.viewWillAppear, .viewDidAppear], [.viewWillAppear, .viewDidAppear],
            .appeared
        ),
        ("will-appear twice", [.viewWillAppear], [.viewWillAppear], .appearing),
        (
            "will-disappear twice", [.viewWillAppear, .viewDidAppear, .viewWillDisappear], [.viewWillDisappear],
            .disappearing
        ),
        (
            "did-disappear twice", [.viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear],
            [.viewDidDisappear], .loaded
        ),
        ("disappearing before ever appearing", [.viewDidLoad], [.viewWillDisappear, .viewDidDisappear], .loaded),
        ("onAppear twice", [.onAppear], [.onAppear], .appeared),
        ("onDisappear twice", [.onAppear, .onDisappear], [.onDisappear], .loaded),
    ]

    @Test(arguments: repeats)
    func aRepeatedCallbackChangesNothing(
        name: String, setup: [Callback], repeated: [Callback], state: LifecycleState
    ) throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report(setup, to: relay)
        let before = journal.events
        report(repeated, to: relay)
        #expect(journal.events == before, "\(name)")
        #expect(relay.owner.state == state)
        #expect(sink.diagnostics.isEmpty)
    }

    nonisolated static let early: [(first: Callback, seen: [String])] = [
        (.viewWillAppear, ["did-load", "will-appear"]),
        (.viewDidAppear, ["did-load", "will-appear", "did-appear"]),
        (.onAppear, ["did-load", "will-appear", "did-appear"]),
    ]

    @Test(arguments: early)
    func anAppearanceReportedBeforeViewDidLoadLoadsTheOwnerFirst(first: Callback, seen: [String]) throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        first.report(to: relay)
        #expect(seenByA == seen)
        relay.viewDidLoad()
        #expect(seenByA == seen)
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aDidAppearWhoseWillAppearWasNotForwardedGetsItFirst() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewDidAppear, .viewDidDisappear], to: relay)
        #expect(seenByA == ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"])
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func swiftUIOnAppearAndOnDisappearBecomeWillAndDidPairs() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.onAppear, .onDisappear, .onAppear], to: relay)
        #expect(
            seenByA == [
                "did-load", "will-appear", "did-appear", "will-disappear", "did-disappear", "will-appear", "did-appear",
            ])
        #expect(relay.owner.state == .appeared)
        #expect(sink.diagnostics.isEmpty)
    }

    // MARK: - Tear-down and deallocation

    @Test(arguments: Callback.allCases)
    func aCallbackAfterTearDownIsIgnoredQuietly(callback: Callback) throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear, .tearDown], to: relay)
        #expect(
            journal.events.suffix(6).map(\.description) == [
                "B will-disappear", "A will-disappear", "B did-disappear", "A did-disappear", "B detached",
                "A detached",
            ])
        let before = journal.events
        callback.report(to: relay)
        #expect(journal.events == before)
        #expect(relay.owner.state == .tornDown)
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aHostThatDeallocatesWhileVisibleTearsItsOwnerDown() async throws {
        var relay: HostRelay? = try self.relay()
        let owner = try #require(relay?.owner)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear], to: try #require(relay))
        // UIKit's last callbacks while the host deallocates: the relay still ignores nothing it can use.
        relay?.viewWillDisappear()
        relay = nil
        // The tear-down is queued on the main actor; let it run.
        for _ in 0..<100 where owner.state != .tornDown { await Task.yield() }
        #expect(owner.state == .tornDown)
        #expect(
            journal.events.suffix(4).map(\.description) == [
                "B did-disappear", "A did-disappear", "B detached", "A detached",
            ])
    }

    @Test func aReleasedRelayDoesNotKeepItsOwnerAlive() async throws {
        weak var weakOwner: Owner?
        do {
            let relay = try relay()
            weakOwner = relay.owner
            relay.viewDidLoad()
        }
        for _ in 0..<100 where weakOwner != nil { await Task.yield() }
        #expect(weakOwner == nil)
    }

    // MARK: - Re-entrant callbacks

    @Test func aDisappearanceReportedFromInsideDidAppearWaitsUntilEveryControllerAppeared() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let presenter = try #require(relay.owner.controllers.first as? Probe)
        // A presents a modal screen from its did-appear; UIKit tells this screen at once that it goes.
        presenter.onLifecycle = { [unowned relay] event in
            guard event == .didAppear else { return }
            relay.viewWillDisappear()
            relay.viewDidDisappear()
        }
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear], to: relay)
        #expect(
            journal.events.suffix(6).map(\.description) == [
                "A did-appear", "B did-appear", "B will-disappear", "A will-disappear", "B did-disappear",
                "A did-disappear",
            ])
        #expect(relay.owner.state == .loaded)
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aTearDownReportedFromInsideACallbackRunsAfterIt() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let first = try #require(relay.owner.controllers.first as? Probe)
        first.onLifecycle = { [unowned relay] event in if event == .didLoad { relay.tearDown() } }
        relay.viewDidAppear()
        #expect(
            journal.events.map(\.description) == [
                "A did-load", "B did-load", "A will-appear", "B will-appear", "A did-appear", "B did-appear",
                "B will-disappear", "A will-disappear", "B did-disappear", "A did-disappear", "B detached",
                "A detached",
            ])
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aScreenPresentedFromAMessageTakesTheOwnerOffScreenAndTheMessageGoesOn() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear], to: relay)
        let tapped = try #require(relay.owner.controllers.first as? Probe)
        // A tap handler presents a full-screen modal; UIKit reports this screen's disappearance
        // while the message is still being delivered.
        tapped.onPing = { [unowned relay] _ in
            relay.viewWillDisappear()
            relay.viewDidDisappear()
        }
        relay.owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            journal.events.suffix(6).map(\.description) == [
                "A ping 1", "B will-disappear", "A will-disappear", "B did-disappear", "A did-disappear", "B ping 1",
            ])
        #expect(relay.owner.state == .loaded)
        #expect(sink.diagnostics.isEmpty)
    }

    // MARK: - Diagnostics

    @Test func aNestedOwnerRefusesItsRelayThroughTheDiagnosticHook() throws {
        let sink = DiagnosticSink()
        let parent = Owner(name: "Page")
        let nested = Owner(name: "Section")
        try parent.attach(nested)
        sink.listen(to: nested)
        let relay = HostRelay(owner: nested)
        relay.viewWillAppear()
        #expect(
            sink.diagnostics == [
                HostDiagnostic(
                    report: "viewWillAppear", owner: "Section", state: .initial, error: .drivenByParent("Section"))
            ])
        #expect(nested.state == .initial)
        relay.tearDown()
        #expect(sink.diagnostics.last?.error == .drivenByParent("Section"))
    }

    /// The refusal a relay reports for `callback` reaching an owner torn down elsewhere.
    func tornDownElsewhere(_ callback: String) -> HostDiagnostic {
        HostDiagnostic(report: callback, owner: "Screen", state: .tornDown, error: .tornDown("relay \(callback)"))
    }

    /// Every callback but the relay's own tear-down, which agrees with an owner already torn down.
    nonisolated static let drivingCallbacks = Callback.allCases.filter { $0 != .tearDown }

    /// An owner torn down by `Owner.tearDown()` before a relay was made for it (a SwiftUI view that
    /// keeps its owner elsewhere, rebuilt after its first relay went): the screen's controllers
    /// hear nothing, so the first callback says so, and the rest, which say the same, stay quiet.
    @Test(arguments: drivingCallbacks)
    func aRelayOverAnOwnerTornDownAlreadyReportsItsFirstCallbackOnce(first: Callback) throws {
        let sink = DiagnosticSink()
        let owner = Owner(name: "Screen")
        try owner.attach(Probe("A", journal))
        sink.listen(to: owner)
        try owner.tearDown()
        journal.clear()
        let relay = HostRelay(owner: owner)

        first.report(to: relay)
        report(Callback.allCases, to: relay)
        relay.didReceiveMemoryWarning()

        #expect(sink.diagnostics == [tornDownElsewhere(first.rawValue)])
        #expect(journal.events.isEmpty)
    }

    @Test func anOwnerTornDownBehindItsRelaysBackIsReportedAtTheNextCallback() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear], to: relay)
        try relay.owner.tearDown()

        report([.viewWillAppear, .viewDidAppear], to: relay)

        #expect(sink.diagnostics == [tornDownElsewhere("viewWillAppear")])
    }

    @Test func aHostEventReachingAnOwnerTornDownElsewhereIsReportedAsARefusedCallback() throws {
        let owner = Owner(name: "Screen")
        let log = owner.collectDiagnostics()
        try owner.tearDown()
        let relay = HostRelay(owner: owner)

        relay.didEnterBackground()

        #expect(log.reported.map(\.cause) == [.hostCallbackRefused])
        #expect(log.reported.map(\.refusal) == [tornDownElsewhere("didEnterBackground")])
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("new Owner"))
        #expect(hint.contains("HostRelay.tearDown()"))
    }

    /// The host ending a screen whose owner is torn down already agrees with it: nothing to say,
    /// then or after.
    @Test func theRelaysOwnTearDownOfAnOwnerTornDownElsewhereIsQuietAndSoIsWhatFollows() throws {
        let sink = DiagnosticSink()
        let owner = Owner(name: "Screen")
        sink.listen(to: owner)
        try owner.tearDown()
        let relay = HostRelay(owner: owner)

        relay.tearDown()
        report(Callback.allCases, to: relay)
        relay.didReceiveMemoryWarning()

        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aHostEventAfterTheRelaysOwnTearDownIsQuiet() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        relay.tearDown()

        relay.didReceiveMemoryWarning()
        relay.sizeWillChange(to: HostSize(width: 320, height: 480))

        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aSecondRelayCallingInDuringADeliveryWaitsForIt() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let intruder = HostRelay(owner: relay.owner)
        let first = try #require(relay.owner.controllers.first as? Probe)
        first.onLifecycle = { [unowned intruder] event in if event == .didLoad { intruder.viewWillAppear() } }
        relay.viewDidLoad()
        #expect(sink.diagnostics.isEmpty)
        #expect(seenByA == ["did-load", "will-appear"])
        #expect(relay.owner.state == .appearing)
    }

    /// A controller attached to the visible screen presents one from its catch-up's
    /// `ownerDidAppear()`, and UIKit reports the disappearance at once: it runs once the catch-up
    /// is over, and reaches every controller.
    @Test func aDisappearanceReportedDuringANewcomersCatchUpWaitsForIt() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear], to: relay)
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned relay] event in if event == .didAppear { relay.viewWillDisappear() } }
        journal.clear()

        try relay.owner.attach(late)

        #expect(sink.diagnostics.isEmpty)
        #expect(relay.owner.state == .disappearing)
        #expect(journal.events(of: "late").contains(.lifecycle("late", .willDisappear)))
        #expect(seenByA == ["will-disappear"])
    }

    /// The same disappearance, reported from the catch-up's last event, runs once the newcomer
    /// listens: it hears what the others send while they disappear, as they do.
    @Test func aDisappearanceReportedDuringTheLastCatchUpEventRunsOnceTheNewcomerListens() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        relay.appeared()
        let first = try #require(relay.owner.controllers.first as? Probe)
        first.onLifecycle = { [unowned first] event in
            if event == .willDisappear { first.center.send((any PingConversation).self) { $0.ping(7) } }
        }
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned relay] event in if event == .didAppear { relay.viewWillDisappear() } }
        journal.clear()

        try relay.owner.attach(late)

        #expect(sink.diagnostics.isEmpty)
        #expect(relay.owner.state == .disappearing)
        #expect(journal.events(of: "late").contains(.lifecycle("late", .willDisappear)))
        #expect(journal.events(of: "late").contains(.ping("late", 7)))
    }

    /// Another relay's callback reported from the catch-up of a lazy controller that an
    /// appearance creates waits for that appearance's fan-out: taken before it, the owner would
    /// appear and then go back to appearing.
    @Test func aCallbackReportedDuringALazyControllersCatchUpWaitsForTheAppearanceThatCreatedIt() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let other = HostRelay(owner: relay.owner)
        relay.viewDidLoad()
        try relay.owner.attach(
            lazily: { [journal] () -> Probe in
                let lazy = Probe("lazy", journal)
                lazy.onLifecycle = { [unowned other] event in if event == .didLoad { other.viewDidAppear() } }
                return lazy
            }, speaking: [(any PingConversation).self])

        relay.viewWillAppear()

        #expect(sink.diagnostics.isEmpty)
        #expect(seenByA == ["did-load", "will-appear", "did-appear"])
        #expect(relay.owner.state == .appeared)
        #expect(relay.owner.controllers.allSatisfy { relay.owner.state(of: $0) == .appeared })
    }

    /// The same callback reported from the lazy controller's factory, which runs while no
    /// delivery is open yet, waits as well.
    @Test func aCallbackReportedFromALazyFactoryWaitsForTheAppearanceThatCreatedIt() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let other = HostRelay(owner: relay.owner)
        relay.viewDidLoad()
        try relay.owner.attach(
            lazily: { [unowned other, journal] () -> Probe in
                other.viewDidAppear()
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self])

        relay.viewWillAppear()

        #expect(sink.diagnostics.isEmpty)
        #expect(seenByA == ["did-load", "will-appear", "did-appear"])
        #expect(relay.owner.state == .appeared)
    }

    /// A callback held back while an appearance creates its lazy controllers runs even when a
    /// factory tears the owner down and the appearance is refused: the second relay reports the
    /// tear-down it finds, and later callbacks are heard (it was held for good, and its relay
    /// dropped every later callback without a word).
    @Test func aCallbackHeldByALazyAppearanceRunsWhenAFactoryTearsTheOwnerDown() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let other = HostRelay(owner: relay.owner)
        relay.viewDidLoad()
        try relay.owner.attach(
            lazily: { [unowned other, unowned owner = relay.owner, journal] () -> Probe in
                other.viewDidAppear()
                try? owner.tearDown()
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self])

        relay.viewWillAppear()
        let reportedByThen = sink.diagnostics.count
        other.viewWillDisappear()

        #expect(relay.owner.state == .tornDown)
        #expect(reportedByThen == 2)
        #expect(sink.diagnostics.count == reportedByThen)
    }

    /// A factory that drives its owner itself, while the appearance that created it is under way:
    /// the appearance is refused rather than moving the owner back.
    @Test func anAppearanceALazyFactoryOvertookIsRefusedAndLeavesTheOwnerWhereTheFactoryPutIt() throws {
        let owner = Owner(name: "Screen")
        try owner.attach(Probe("A", journal))
        try owner.didLoad()
        try owner.attach(
            lazily: { [unowned owner, journal] () -> Probe in
                try? owner.willAppear()
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self])

        #expect(throws: OwnerError.self) { try owner.willAppear() }
        #expect(owner.state == .appearing)
        #expect(owner.controllers.allSatisfy { owner.state(of: $0) == .appearing })
    }

    /// A disappearance reported from an early event of a newcomer's catch-up waits for the whole
    /// catch-up too: the newcomer appears with the owner as it stood, then listens, and so hears
    /// what the others send as they disappear (the seeded random sequences found it deaf to them
    /// when the callback ran between two catch-up events).
    @Test(arguments: [LifecycleEvent.didLoad, .willAppear])
    func aDisappearanceReportedDuringAnEarlyCatchUpEventRunsOnceTheNewcomerListens(_ event: LifecycleEvent) throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        relay.appeared()
        let first = try #require(relay.owner.controllers.first as? Probe)
        first.onLifecycle = { [unowned first] event in
            if event == .willDisappear { first.center.send((any PingConversation).self) { $0.ping(7) } }
        }
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned relay] heard in
            if heard == event {
                relay.viewWillDisappear()
                relay.viewDidDisappear()
            }
        }
        journal.clear()

        try relay.owner.attach(late)

        #expect(sink.diagnostics.isEmpty)
        #expect(relay.owner.state == .loaded)
        #expect(relay.owner.state(of: late) == .loaded)
        #expect(
            lifecycle(of: "late") == ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"])
        #expect(journal.events(of: "late").contains(.ping("late", 7)))
    }

    /// Another relay's callback, run between two events of one report, moves the owner; the
    /// report's next events are planned from there.
    @Test func aCallbackBetweenTheEventsOfOneReportLeavesTheOwnerWhereTheReportSays() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let intruder = HostRelay(owner: relay.owner)
        let first = try #require(relay.owner.controllers.first as? Probe)
        first.onLifecycle = { [unowned intruder] event in if event == .didLoad { intruder.viewWillAppear() } }

        relay.appeared()

        #expect(sink.diagnostics.isEmpty)
        #expect(relay.owner.state == .appeared)
        #expect(seenByA == ["did-load", "will-appear", "did-appear"])
    }

    /// A callback that waits for the root's catch-up, itself made from inside a nested owner's,
    /// waits for the nested owner's too.
    @Test func aCallbackWaitingOnTheRootWaitsForANestedOwnerStillDelivering() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let section = Owner(name: "Section")
        try relay.owner.attach(section)
        relay.appeared()
        let banner = Probe("banner", journal)
        banner.onLifecycle = { [unowned relay] event in if event == .didAppear { relay.viewWillDisappear() } }
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned relay] event in if event == .didAppear { try? relay.owner.attach(banner) } }

        try section.attach(late)

        #expect(sink.diagnostics.isEmpty)
        #expect(relay.owner.state == .disappearing)
        #expect(section.state == .disappearing)
    }

    /// The relay's tear-down, reported from a newcomer's catch-up, tears the owner down once the
    /// catch-up is over.
    @Test func aTearDownReportedDuringANewcomersCatchUpWaitsForIt() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        relay.viewDidAppear()
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned relay] event in if event == .didAppear { relay.tearDown() } }

        try relay.owner.attach(late)

        #expect(sink.diagnostics.isEmpty)
        #expect(relay.owner.state == .tornDown)
        #expect(late.owner == nil)
    }

    /// A callback reported while an owner nested in the relay's catches a newcomer up waits for
    /// that catch-up too: taken then, the root refuses it.
    @Test func aCallbackReportedDuringANestedOwnersCatchUpWaitsForIt() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let section = Owner(name: "Section")
        try relay.owner.attach(section)
        report([.viewDidLoad, .viewWillAppear, .viewDidAppear], to: relay)
        let late = Probe("late", journal)
        late.onLifecycle = { [unowned relay] event in if event == .didAppear { relay.viewWillDisappear() } }

        try section.attach(late)

        #expect(sink.diagnostics.isEmpty)
        #expect(relay.owner.state == .disappearing)
        #expect(section.state == .disappearing)
    }

    /// A lazy controller's factory that tears the owner down during an appearance: reported once,
    /// as a tear-down by another path, and the later callbacks are quiet.
    @Test func anOwnerTornDownByALazyFactoryIsReportedOncePerRelay() throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        let owner = relay.owner
        try owner.attach(
            lazily: { [unowned owner, journal] in
                try? owner.tearDown()
                return Probe("lazy", journal)
            }, speaking: [(any PingConversation).self])

        report([.viewWillAppear, .viewDidAppear, .viewWillDisappear], to: relay)

        #expect(owner.state == .tornDown)
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.map(\.error) == [.tornDown("relay viewWillAppear")])
    }

    @Test func aRepeatedRefusalOfOneCallbackIsReportedOnce() throws {
        let sink = DiagnosticSink()
        let parent = Owner(name: "Page")
        let nested = Owner(name: "Section")
        try parent.attach(nested)
        sink.listen(to: nested)
        let relay = HostRelay(owner: nested)
        relay.viewWillAppear()
        relay.viewWillAppear()
        relay.viewDidAppear()
        #expect(sink.diagnostics.map(\.report) == ["viewWillAppear", "viewDidAppear"])
    }

    // MARK: - The table

    nonisolated static let paths: [[Callback]] = [
        [], [.viewDidLoad], [.viewWillAppear], [.viewDidAppear],
        [.viewDidAppear, .viewWillDisappear], [.viewDidAppear, .viewWillDisappear, .viewDidDisappear],
    ]

    @Test(arguments: paths, Callback.allCases)
    func everyCallbackInEveryStateLeavesEachControllerOnAValidPath(setup: [Callback], callback: Callback) throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report(setup + [callback], to: relay)
        var state = LifecycleState.initial
        for event in journal.events(of: "A") {
            guard case .lifecycle(_, let event) = event else { continue }
            state = try #require(state.applying(event), "A got \(event) while \(state)")
        }
        #expect(sink.diagnostics.isEmpty)
    }

    /// Where a host is after reporting `callback` from `state`, written from UIKit's and SwiftUI's
    /// documentation rather than from the relay's table: a did-callback means the transition is
    /// over, a will-callback that it started, unless it restates where the owner already is.
    static func whereTheHostIs(after callback: Callback, from state: LifecycleState) -> LifecycleState {
        switch (callback, state) {
        case (_, .tornDown), (.tearDown, _): .tornDown
        case (.viewDidLoad, .initial): .loaded
        case (.viewWillAppear, .initial), (.viewWillAppear, .loaded), (.viewWillAppear, .disappearing): .appearing
        case (.viewDidAppear, _), (.onAppear, _): .appeared
        case (.viewWillDisappear, .appearing), (.viewWillDisappear, .appeared): .disappearing
        case (.viewDidDisappear, .initial), (.onDisappear, .initial): .initial
        case (.viewDidDisappear, _), (.onDisappear, _): .loaded
        default: state
        }
    }

    @Test(arguments: paths + [[.tearDown]], Callback.allCases)
    func everyCallbackInEveryStateTakesTheOwnerWhereTheHostIs(setup: [Callback], callback: Callback) throws {
        let sink = DiagnosticSink()
        let relay = try relay(sink)
        report(setup, to: relay)
        let before = relay.owner.state
        let heard = journal.events.count
        callback.report(to: relay)
        let expected = Self.whereTheHostIs(after: callback, from: before)
        #expect(relay.owner.state == expected, "\(callback) from \(before)")
        // Nothing is delivered when the host restates where the owner already is.
        if expected == before { #expect(journal.events.count == heard, "\(callback) from \(before)") }
        #expect(sink.diagnostics.isEmpty)
    }
}

/// Collects a relay's diagnostics.
@MainActor
final class DiagnosticSink {
    var diagnostics: [HostDiagnostic] = []

    /// Collects the host refusals `owner` reports.
    func listen(to owner: Owner) {
        owner.onDiagnostic = { [unowned self] diagnostic in
            if let refusal = diagnostic.refusal { self.diagnostics.append(refusal) }
        }
    }
}
