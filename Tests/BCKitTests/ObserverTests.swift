import BCKit
import Testing

/// An observer that writes down everything it hears, one line each, for whole-sequence checks.
@MainActor
private final class Listener: DispatchTracer {
    var lines: [String] = []
    var ends: [DispatchRecord] = []
    var events: [TraceEvent.Kind] = []

    func willDispatch(_ dispatch: DispatchRecord) {
        lines.append("start \(dispatch.owner) \(dispatch.conversation)")
    }

    func didDispatch(_ dispatch: DispatchRecord) {
        ends.append(dispatch)
        lines.append("end \(dispatch.owner) \(dispatch.conversation)")
    }

    func didObserve(_ event: TraceEvent) {
        events.append(event.kind)
        lines.append("\(event.kind) \(event.owner.name) \(event.subject ?? event.detail ?? "-")")
    }
}

/// DESIGN 12: an owner takes any number of observers, each added and removed on its own, and
/// adding one never silences another.
@MainActor
@Suite struct ObserverTests {
    let journal = Journal()

    @Test func everyObserverHearsEveryDispatchAndEventOnceInTheOrderItHappened() throws {
        let owner = Owner(name: "Screen")
        let first = Listener()
        let second = Listener()
        owner.addObserver(first)
        owner.addObserver(second)
        try owner.attach(Probe("A", journal))
        try owner.didLoad()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.mark("tapped")

        let expected = [
            "attached Screen Probe", "start Screen did-load", "end Screen did-load",
            "start Screen PingConversation", "end Screen PingConversation", "marker Screen tapped",
        ]
        #expect(first.lines == expected)
        #expect(second.lines == expected)
    }

    /// Deprecated, as it sets the deprecated ``Owner/tracer`` slot on purpose: observers added
    /// before and the slot's own observer all hear the dispatch.
    @available(*, deprecated)
    @Test func addingAnObserverLeavesTheOthersInPlace() throws {
        let owner = Owner()
        try owner.attach(Probe("A", journal))
        let analytics = Listener()
        owner.addObserver(analytics)
        let recorder = Listener()
        owner.addObserver(recorder)
        owner.tracer = Listener()

        owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(analytics.ends.count == 1)
        #expect(recorder.ends.count == 1)
        #expect(owner.observers.count == 3)
    }

    @Test func removingAnObserverSilencesItAloneAndOnlyOnce() throws {
        let owner = Owner()
        try owner.attach(Probe("A", journal))
        let kept = Listener()
        let removed = Listener()
        owner.addObserver(kept)
        let observation = owner.addObserver(removed)

        #expect(owner.removeObserver(observation))
        #expect(!owner.removeObserver(observation))
        owner.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(kept.ends.count == 1)
        #expect(removed.ends.isEmpty)
        #expect(owner.observers.map(ObjectIdentifier.init) == [ObjectIdentifier(kept)])
    }

    @Test func aRegistrationOfAnotherOwnerRemovesNothing() {
        let owner = Owner()
        let other = Owner()
        let listener = Listener()
        owner.addObserver(listener)
        let foreign = other.addObserver(Listener())

        #expect(!owner.removeObserver(foreign))
        #expect(owner.observers.count == 1)
        #expect(other.observers.count == 1)
    }

    /// Deprecated, as it checks the deprecated ``Owner/tracer`` slot that older code still sets.
    @available(*, deprecated)
    @Test func theTracerSlotReplacesOnlyWhatWasSetThroughIt() throws {
        let owner = Owner()
        let analytics = Listener()
        owner.addObserver(analytics)
        let old = Listener()
        let new = Listener()

        owner.tracer = old
        owner.tracer = new
        #expect(owner.tracer === new)
        #expect(owner.observers.map(ObjectIdentifier.init) == [ObjectIdentifier(analytics), ObjectIdentifier(new)])

        owner.tracer = nil
        #expect(owner.tracer == nil)
        #expect(owner.observers.map(ObjectIdentifier.init) == [ObjectIdentifier(analytics)])
    }

    @Test func anObserverOfAParentHearsANestedOwnersDispatchesOnce() throws {
        let page = Owner(name: "Page")
        let reviews = Owner(name: "Reviews")
        let listener = Listener()
        page.addObserver(listener)
        // Added to both: a dispatch crossing both owners still reaches it once.
        reviews.addObserver(listener)
        try page.attach(reviews)
        try reviews.attach(Probe("R", journal))
        try page.attach(Probe("P", journal))

        reviews.center.send((any PingConversation).self) { $0.ping(1) }
        page.center.send((any PingConversation).self, scope: .broadcastDown) { $0.ping(2) }

        let pings = listener.ends.filter { $0.conversation == "PingConversation" }
        #expect(pings.map(\.owner) == ["Reviews", "Page"])
        #expect(pings.map(\.receivers) == [["Probe"], ["Probe", "Probe"]])
        #expect(reviews.observers.count == 1)
    }

    @Test func aNestedOwnerAttachedLaterAndOneObservedLaterAreBothHeard() throws {
        let page = Owner(name: "Page")
        let early = Listener()
        page.addObserver(early)
        let reviews = Owner(name: "Reviews")
        try page.attach(reviews)
        try reviews.attach(Probe("R", journal))
        let late = Listener()
        page.addObserver(late)

        reviews.center.send((any PingConversation).self) { $0.ping(1) }

        #expect(early.ends.last?.owner == "Reviews")
        #expect(late.ends.last?.owner == "Reviews")
        #expect(reviews.observers.map(ObjectIdentifier.init) == [ObjectIdentifier(early), ObjectIdentifier(late)])
    }

    @Test func anOwnerNestedThreeDeepHearsTheRootsObserverAndLosesItWhenDetached() throws {
        let root = Owner(name: "Root")
        let middle = Owner(name: "Middle")
        let leaf = Owner(name: "Leaf")
        try root.attach(middle)
        try middle.attach(leaf)
        let listener = Listener()
        root.addObserver(listener)
        #expect(leaf.observers.count == 1)

        try root.detach(middle)

        #expect(middle.observers.isEmpty)
        #expect(leaf.observers.isEmpty)
    }

    @Test func anObserverRemovedDuringADispatchStillHearsItsEnd() throws {
        let owner = Owner()
        let probe = Probe("A", journal)
        try owner.attach(probe)
        let listener = Listener()
        let observation = owner.addObserver(listener)
        probe.onPing = { [unowned owner] _ in owner.removeObserver(observation) }

        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }

        #expect(listener.lines == ["start Owner PingConversation", "end Owner PingConversation"])
    }

    @Test func anObserverAddedDuringADispatchHearsTheNextOne() throws {
        let owner = Owner()
        let probe = Probe("A", journal)
        try owner.attach(probe)
        let listener = Listener()
        probe.onPing = { [unowned owner] value in if value == 1 { owner.addObserver(listener) } }

        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any PingConversation).self) { $0.ping(2) }

        #expect(listener.ends.count == 1)
    }

    @Test func removingAnObserverLetsItGo() throws {
        let owner = Owner()
        weak var released: Listener?
        let observation: Owner.Observation
        do {
            let listener = Listener()
            released = listener
            observation = owner.addObserver(listener)
        }
        #expect(released != nil)
        owner.removeObserver(observation)
        #expect(released == nil)
    }

    @Test func aRecordNamesItsOwnerSenderAndReceiversByIdentity() throws {
        let owner = Owner(name: "Screen")
        let listener = Listener()
        owner.addObserver(listener)
        let sender = Probe("S", journal)
        let first = Probe("A", journal)
        let second = Probe("B", journal)
        try owner.attach([sender, first, second])
        sender.onPing = { [unowned sender] value in
            if value == 1 { sender.center.send((any PingConversation).self) { $0.ping(2) } }
        }

        owner.center.send((any PingConversation).self) { $0.ping(1) }

        let nested = try #require(listener.ends.first)
        #expect(nested.ownerID == ObjectIdentifier(owner))
        #expect(nested.senderID == ObjectIdentifier(sender))
        #expect(nested.receivers == ["Probe", "Probe", "Probe"])
        #expect(nested.receiverIDs == [sender, first, second].map(ObjectIdentifier.init))
        #expect(listener.ends.last?.senderID == nil)
    }

    @Test func aMarkerWithoutObserversIsHarmlessAndOneWithThemNamesItsOwner() {
        let owner = Owner(name: "Player")
        owner.mark("before anyone listens")
        let listener = Listener()
        owner.addObserver(listener)
        owner.mark("user tapped play")
        #expect(listener.lines == ["marker Player user tapped play"])
    }
}
