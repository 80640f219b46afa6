import BCKit
import Testing

@MainActor
@Suite struct OwnerLifecycleTests {
    let journal = Journal()

    func owner(with names: [String]) throws -> Owner {
        let owner = Owner(name: "Screen")
        for name in names { try owner.attach(Probe(name, journal)) }
        journal.clear()
        return owner
    }

    @Test func upEventsReachControllersInOrderAndDownEventsInReverse() throws {
        let owner = try owner(with: ["A", "B", "C"])
        try owner.show()
        try owner.willDisappear()
        try owner.didDisappear()
        let names = { (event: LifecycleEvent) in ["A", "B", "C"].map { Event.lifecycle($0, event) } }
        #expect(
            journal.events
                == names(.didLoad) + names(.willAppear) + names(.didAppear)
                + names(.willDisappear).reversed() + names(.didDisappear).reversed()
        )
        #expect(owner.state == .loaded)
    }

    @Test func higherPriorityComesFirstAndTiesKeepAttachOrder() throws {
        let owner = Owner()
        try owner.attach(Probe("low", journal), priority: -1)
        try owner.attach(Probe("first", journal))
        try owner.attach(Probe("high", journal), priority: 5)
        try owner.attach(Probe("second", journal))
        journal.clear()
        try owner.didLoad()
        #expect(journal.events == ["high", "first", "second", "low"].map { .lifecycle($0, .didLoad) })
        #expect(owner.controllers.map { ($0 as! Probe).name } == ["high", "first", "second", "low"])
    }

    @Test func aCancelledAppearanceIsAccepted() throws {
        let owner = try owner(with: ["A"])
        try owner.didLoad()
        try owner.willAppear()
        try owner.willDisappear()
        try owner.didDisappear()
        #expect(
            journal.events(of: "A").map(\.description) == [
                "A did-load", "A will-appear", "A will-disappear", "A did-disappear",
            ])
        #expect(owner.state == .loaded)
    }

    @Test func aCancelledDisappearanceIsAccepted() throws {
        let owner = try owner(with: ["A"])
        try owner.show()
        try owner.willDisappear()
        try owner.willAppear()
        try owner.didAppear()
        #expect(owner.state == .appeared)
        #expect(
            journal.events(of: "A").suffix(3) == [
                .lifecycle("A", .willDisappear), .lifecycle("A", .willAppear), .lifecycle("A", .didAppear),
            ])
    }

    nonisolated static let impossible: [(setup: [LifecycleEvent], event: LifecycleEvent)] = [
        ([], .willAppear), ([], .didAppear), ([], .willDisappear), ([], .didDisappear),
        ([.didLoad], .didLoad), ([.didLoad], .didAppear), ([.didLoad], .willDisappear),
        ([.didLoad, .willAppear], .willAppear), ([.didLoad, .willAppear], .didDisappear),
        ([.didLoad, .willAppear, .didAppear], .didAppear), ([.didLoad, .willAppear, .didAppear], .willAppear),
        ([.didLoad, .willAppear, .didAppear], .didDisappear),
        ([.didLoad, .willAppear, .willDisappear], .didAppear),
        ([.didLoad, .willAppear, .willDisappear], .willDisappear),
    ]

    @Test(arguments: impossible)
    func anImpossibleTransitionIsRefusedAndChangesNothing(setup: [LifecycleEvent], event: LifecycleEvent) throws {
        let owner = try owner(with: ["A", "B"])
        for step in setup { try owner.handle(step) }
        let before = owner.state
        journal.clear()
        #expect(throws: OwnerError.invalidTransition(event, from: before)) { try owner.handle(event) }
        #expect(owner.state == before)
        #expect(journal.events.isEmpty)
        #expect(owner.controllers.allSatisfy { owner.state(of: $0) == before })
    }

    @Test func theRefusalMessageNamesTheTransition() {
        let message = OwnerError.invalidTransition(.didAppear, from: .loaded).description
        #expect(message.contains("did-appear") && message.contains("loaded"))
    }

    @Test func tearingDownClosesTheAppearanceThenDetachesEveryControllerLastFirst() throws {
        let owner = try owner(with: ["A", "B"])
        try owner.show()
        let controllers = owner.controllers
        journal.clear()
        try owner.tearDown()
        #expect(
            journal.events.map(\.description) == [
                "B will-disappear", "A will-disappear", "B did-disappear", "A did-disappear",
                "B detached", "A detached",
            ])
        #expect(owner.state == .tornDown)
        #expect(owner.controllers.isEmpty)
        #expect(controllers.allSatisfy { $0.owner == nil })
    }

    @Test func tearDownIsTerminal() throws {
        let owner = try owner(with: ["A"])
        try owner.tearDown()
        #expect(throws: OwnerError.tornDown("attach")) { try owner.attach(Probe("B", journal)) }
        #expect(throws: OwnerError.tornDown("did-load")) { try owner.didLoad() }
        try owner.tearDown()
        #expect(owner.state == .tornDown)
        #expect(owner.controllers.isEmpty)
    }

    @Test func drivingTheLifecycleFromALifecycleCallbackIsRefused() throws {
        let owner = Owner()
        let probe = Probe("A", journal)
        var refusal: OwnerError?
        probe.onLifecycle = { [unowned owner] event in
            guard event == .willAppear else { return }
            do throws(OwnerError) { try owner.didAppear() } catch { refusal = error }
        }
        try owner.attach(probe)
        try owner.didLoad()
        try owner.willAppear()
        #expect(refusal == .reentrantLifecycle("did-appear"))
        #expect(owner.state == .appearing)
    }

    @Test func aControllerJoiningWhileTheOwnerDisappearsIsOnlyLoaded() throws {
        let owner = try owner(with: ["A"])
        try owner.show()
        try owner.willDisappear()
        let late = Probe("late", journal)
        try owner.attach(late)
        #expect(owner.state(of: late) == .loaded)
        try owner.didDisappear()
        try owner.willAppear()
        #expect(
            journal.events(of: "late") == [
                .attached("late"), .lifecycle("late", .didLoad), .lifecycle("late", .willAppear),
            ])
    }

    /// A tear-down is already final while its callbacks run: an attach from a closing event or a
    /// goodbye is refused, and so is driving the owner; tearing down again does nothing.
    @Test func aTearDownsCallbacksCannotAttachOrDriveTheOwner() throws {
        let owner = Owner()
        let stayer = Joiner()
        try owner.attach([stayer, Joiner()])
        try owner.show()
        try owner.tearDown()
        #expect(
            stayer.refusals == [
                "will-disappear: \(OwnerError.tornDown("attach"))",
                "will-disappear: \(OwnerError.tornDown("did-appear"))",
                "goodbye: \(OwnerError.tornDown("attach"))",
            ])
        #expect(stayer.newcomers.allSatisfy { $0.owner == nil })
        #expect(owner.state == .tornDown)
        #expect(owner.controllers.isEmpty)
    }

    /// An owner with no controller goes through its whole life: every event is traced as
    /// reaching nobody (not unhandled), and every question gets its empty answer.
    @Test func anEmptyOwnerLivesItsWholeLifecycle() throws {
        let owner = Owner(name: "")
        let diagnostics = owner.collectDiagnostics()
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        try owner.show()
        try owner.prepareForReuse()
        #expect(owner.center.send((any PingConversation).self) { $0.ping(1) } == 0)
        #expect(owner.center.first((any NameQuery).self) { $0.nickname } == nil)
        #expect(owner.center.all((any NameQuery).self) { $0.nickname }.isEmpty)
        try owner.tearDown()
        #expect(owner.state == .tornDown)
        let lifecycle = tracer.dispatches.filter { $0.kind == .lifecycle }
        #expect(
            lifecycle.map(\.conversation) == [
                "did-load", "will-appear", "did-appear", "will-disappear", "did-disappear", "will-reuse",
            ])
        #expect(lifecycle.allSatisfy { $0.receivers.isEmpty && !$0.isUnhandled })
        let messages = tracer.dispatches.filter { $0.kind != .lifecycle }
        #expect(messages.map(\.isUnhandled) == [true, true, true])
        #expect(owner.description == "Owner '' (torn down), 0 controllers:")
        #expect(diagnostics.conversations == ["PingConversation", "NameQuery"])
    }
}

/// Tries to attach a newcomer and to drive its owner from the callbacks a tear-down makes.
@MainActor
final class Joiner: BusinessController {
    weak var owner: Owner?
    private(set) var refusals: [String] = []
    private(set) var newcomers: [Silent] = []

    private func tryToJoin(_ when: String) {
        let newcomer = Silent()
        newcomers.append(newcomer)
        do throws(OwnerError) { try owner?.attach(newcomer) } catch { refusals.append("\(when): \(error)") }
    }

    func ownerWillDisappear() {
        tryToJoin("will-disappear")
        do throws(OwnerError) { try owner?.didAppear() } catch { refusals.append("will-disappear: \(error)") }
    }

    func willDetach(from owner: Owner) {
        tryToJoin("goodbye")
        // Already torn down: nothing to do, nothing to refuse.
        do throws(OwnerError) { try owner.tearDown() } catch { refusals.append("goodbye: \(error)") }
    }
}
