import BCKit
import Testing

/// Logs the dispatches it hears and the ones it is told were retained.
@MainActor
private final class RetainLog: DispatchTracer {
    var entries: [String] = []

    func didDispatch(_ dispatch: DispatchRecord) {
        entries.append("heard \(dispatch.message ?? dispatch.conversation)")
    }

    func didRetainLastDispatch(of conversation: ObjectIdentifier) {
        entries.append("retained")
    }
}

/// The retained-message contract (DESIGN 15): keys, replay during re-entrant changes, collisions.
@MainActor
@Suite struct RetainedMessageTests {
    let journal = Journal()

    // MARK: Replay while the retained messages change

    /// An owner holding two retained pings, "first" (1) then "second" (2), to which a latecomer
    /// "late" is attached that, on hearing ping 1 in its replay, retains `value` under `key`.
    private func attachLatecomer(retainingAgain key: String, value: Int) throws -> Owner {
        let owner = Owner()
        // Replacing a message from a second place is a collision; here it is the point.
        owner.onDiagnostic = { _ in }
        owner.center.sendRetained((any PingConversation).self, message: "first") { $0.ping(1) }
        owner.center.sendRetained((any PingConversation).self, message: "second") { $0.ping(2) }
        let latecomer = Probe("late", journal)
        latecomer.onPing = { [unowned owner] heard in
            guard heard == 1 else { return }
            owner.center.sendRetained((any PingConversation).self, message: key) { $0.ping(value) }
        }
        try owner.attach(latecomer)
        return owner
    }

    /// The newcomer already listens while it is replayed to, so a newer version retained meanwhile
    /// reaches it in flight: the old version of that kind, still waiting in the replay, must not
    /// follow it.
    @Test func aMessageReplacedDuringALatecomersReplayReachesItOnceInItsNewVersion() throws {
        let owner = try attachLatecomer(retainingAgain: "second", value: 3)
        #expect(journal.events(of: "late") == [.attached("late"), .ping("late", 1), .ping("late", 3)])
        // The store holds the newer version for whoever comes next.
        journal.clear()
        try owner.attach(Probe("next", journal))
        #expect(journal.events == [.attached("next"), .ping("next", 1), .ping("next", 3)])
    }

    /// Nested: the replacement comes from a controller the newcomer's replay reaches through
    /// another send, not from the newcomer itself.
    @Test func aMessageReplacedByANestedSendDuringAReplayIsNotReplayedInItsOldVersion() throws {
        let owner = Owner()
        // Replacing a message from a second place is a collision; here it is the point.
        owner.onDiagnostic = { _ in }
        let relay = Probe("relay", journal)
        try owner.attach(relay)
        owner.center.sendRetained((any PingConversation).self, message: "first") { $0.ping(1) }
        owner.center.sendRetained((any PingConversation).self, message: "second") { $0.ping(2) }
        relay.onPing = { [unowned relay] value in
            guard value == 10 else { return }
            relay.center.sendRetained((any PingConversation).self, message: "second") { $0.ping(20) }
        }
        let latecomer = Probe("late", journal)
        latecomer.onPing = { [unowned latecomer] value in
            guard value == 1 else { return }
            latecomer.center.send((any PingConversation).self) { $0.ping(10) }
        }
        journal.clear()
        try owner.attach(latecomer)
        // The relay, attached first, hears 10 first: the newer "second" reaches the newcomer from
        // inside that send, before 10 does.
        #expect(
            journal.events(of: "late") == [.attached("late"), .ping("late", 1), .ping("late", 20), .ping("late", 10)])
    }

    /// Replaced while it is itself being replayed, a message was rightly replayed in its old
    /// version first; the newer one follows in flight, and the replay goes on with the next kind.
    @Test func aMessageReplacedWhileItIsReplayedIsFollowedByItsNewVersion() throws {
        _ = try attachLatecomer(retainingAgain: "first", value: 4)
        #expect(
            journal.events(of: "late") == [.attached("late"), .ping("late", 1), .ping("late", 4), .ping("late", 2)])
    }

    /// A kind first retained during the replay reaches the newcomer in flight, and only so.
    @Test func aKindFirstRetainedDuringAReplayReachesTheNewcomerOnce() throws {
        let owner = Owner()
        owner.center.sendRetained((any PingConversation).self, message: "first") { $0.ping(1) }
        let latecomer = Probe("late", journal)
        latecomer.onPing = { [unowned owner] value in
            guard value == 1 else { return }
            owner.center.sendRetained((any PingConversation).self, message: "third") { $0.ping(3) }
        }
        try owner.attach(latecomer)
        #expect(journal.events(of: "late") == [.attached("late"), .ping("late", 1), .ping("late", 3)])
    }

    /// A message is not replayed once its sender has left, even when it leaves during the replay.
    @Test func aMessageWhoseSenderDetachesDuringAReplayIsNotReplayed() throws {
        let owner = Owner()
        let sender = Silent()
        try owner.attach(sender)
        owner.center.sendRetained((any PingConversation).self, message: "first") { $0.ping(1) }
        sender.center.sendRetained((any PingConversation).self, message: "second") { $0.ping(2) }
        let latecomer = Probe("late", journal)
        latecomer.onPing = { [unowned owner] value in
            guard value == 1 else { return }
            try? owner.detach(sender)
        }
        try owner.attach(latecomer)
        #expect(journal.events(of: "late") == [.attached("late"), .ping("late", 1)])
        journal.clear()
        try owner.attach(Probe("next", journal))
        #expect(journal.events == [.attached("next"), .ping("next", 1)])
    }

    /// Nested: the sender leaves because a second newcomer, attached by the first one's replay,
    /// detaches it during its own catch-up.
    @Test func aMessageWhoseSenderANestedNewcomerDetachesIsNotReplayed() throws {
        let owner = Owner()
        try owner.didLoad()
        let sender = Silent()
        try owner.attach(sender)
        owner.center.sendRetained((any PingConversation).self, message: "first") { $0.ping(1) }
        sender.center.sendRetained((any PingConversation).self, message: "second") { $0.ping(2) }
        let second = Probe("second", journal)
        second.onLifecycle = { [unowned owner] _ in try? owner.detach(sender) }
        let latecomer = Probe("late", journal)
        latecomer.onPing = { [unowned owner] value in
            guard value == 1 else { return }
            try? owner.attach(second)
        }
        try owner.attach(latecomer)
        #expect(
            journal.events(of: "late") == [
                .attached("late"), .lifecycle("late", .didLoad), .ping("late", 1),
            ])
        #expect(
            journal.events(of: "second") == [
                .attached("second"), .lifecycle("second", .didLoad), .ping("second", 1),
            ])
    }

    // MARK: Keys

    /// Two different messages retained from one method both reach a controller attached later:
    /// the key is the message, never the call site.
    /// "Retained" follows the dispatch it is about, for the observers that heard it: one a
    /// receiver adds meanwhile never heard it and is not told, one a receiver removes is told.
    @Test func onlyTheObserversThatHeardARetainedDispatchAreToldItWasRetained() throws {
        let owner = Owner()
        let leaving = RetainLog()
        let joining = RetainLog()
        let leavingObservation = owner.addObserver(leaving)
        let receiver = Probe("receiver", journal)
        receiver.onPing = { [unowned owner] value in
            guard value == 1 else { return }
            owner.removeObserver(leavingObservation)
            owner.addObserver(joining)
        }
        try owner.attach(receiver)

        owner.center.sendRetained((any PingConversation).self, message: "first") { $0.ping(1) }

        #expect(leaving.entries == ["heard first", "retained"])
        #expect(joining.entries.isEmpty)
    }

    @Test func twoMessagesRetainedFromOneMethodBothReachALateJoiner() throws {
        let owner = Owner()
        let loader = AvatarAndNameLoader()
        try owner.attach(loader)
        loader.load()
        let header = AvatarAndNameHeader()
        try owner.attach(header)
        #expect(header.heard == ["avatar ada.png", "name Ada"])
    }

    /// One message retained again and again from one place is one kind, kept in its latest
    /// version, and no collision.
    @Test func oneMessageRetainedRepeatedlyFromOnePlaceKeepsItsLatestWithoutACollision() throws {
        let owner = Owner()
        let log = CollisionLog()
        log.listen(to: owner)
        for value in 1...3 {
            owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(value) }
        }
        try owner.attach(Probe("late", journal))
        #expect(journal.events == [.attached("late"), .ping("late", 3)])
        #expect(log.collisions.isEmpty)
    }

    /// The same key from two places in one owner: the newer still replaces the older, and the
    /// collision is reported once, naming both places.
    @Test func oneKeyRetainedFromTwoPlacesInOneOwnerIsDiagnosed() throws {
        let owner = Owner(name: "Profile")
        let log = CollisionLog()
        log.listen(to: owner)
        let sender = Silent()
        try owner.attach(sender)
        let earlier = #line + 1
        owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
        let later = #line + 1
        sender.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(2) }
        try owner.attach(Probe("late", journal))
        #expect(journal.events == [.attached("late"), .ping("late", 2)])
        #expect(log.collisions.count == 1)
        let collision = try #require(log.collisions.first)
        #expect(collision.cause == .retainedKeyCollision)
        #expect(collision.owner == "Profile")
        #expect(collision.conversation == "PingConversation")
        #expect(collision.message == "ping(_:)")
        #expect(collision.sender == "Silent")
        #expect(collision.hint.contains("retained at BCKitTests/RetainedMessageTests.swift:\(later)"))
        #expect(
            collision.hint.contains("replacing the one retained at BCKitTests/RetainedMessageTests.swift:\(earlier)"))
        #expect(collision.hint.contains("give each its own name"))
    }

    /// A relayed message has no call site the relay can see: a collision between two senders
    /// names them, and no line of the kit's.
    @Test func aRelayedKeyRetainedByTwoSendersIsDiagnosedWithoutALine() throws {
        let owner = Owner(name: "Notes")
        let log = CollisionLog()
        log.listen(to: owner)
        let first = NoteStatusController()
        let second = NoteStatusController()
        try owner.attach(first)
        try owner.attach(second)
        first.center.noteWasOpened(id: 1)
        second.center.noteWasOpened(id: 2)
        #expect(log.collisions.count == 1)
        let collision = try #require(log.collisions.first)
        #expect(collision.message == "noteWasOpened(id:)")
        #expect(
            collision.hint.contains(
                "relayed by NoteStatusController, replacing the one another sender (NoteStatusController) retained"))
        #expect(!collision.hint.contains(".swift:"))
    }

    /// Re-entrant: a receiver of a retained message retains the same key from its own handler,
    /// another place; the collision is diagnosed and the newer message is the one kept.
    @Test func aKeyRetainedAgainFromAReceiversHandlerIsDiagnosed() throws {
        let owner = Owner()
        let log = CollisionLog()
        log.listen(to: owner)
        let echo = Probe("echo", journal)
        echo.onPing = { [unowned echo] value in
            guard value == 1 else { return }
            echo.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(2) }
        }
        try owner.attach(echo)
        owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
        journal.clear()
        try owner.attach(Probe("late", journal))
        #expect(journal.events == [.attached("late"), .ping("late", 2)])
        #expect(log.collisions.map(\.sender) == ["Probe"])
    }

    /// The collision is reported once the newer message is kept: a handler that retains the kind
    /// again from its call sends a newer one still, which replaces it, and a late joiner gets
    /// that one alone.
    @Test func aHandlerThatRetainsDuringACollisionReportLeavesOneMessageOfTheKind() throws {
        let owner = Owner(name: "Screen")
        var fired = false
        owner.onDiagnostic = { [unowned owner] diagnostic in
            guard diagnostic.cause == .retainedKeyCollision, !fired else { return }
            fired = true
            owner.center.sendRetained((any PingConversation).self, message: "k") { $0.ping(3) }
        }
        owner.center.sendRetained((any PingConversation).self, message: "k") { $0.ping(1) }
        owner.center.sendRetained((any PingConversation).self, message: "k") { $0.ping(2) }
        #expect(fired)
        try owner.attach(Probe("late", journal))
        #expect(journal.events(of: "late") == [.attached("late"), .ping("late", 3)])
    }

    /// A message whose sender leaves unheard is gone before it is reported, so a controller the
    /// handler attaches does not get it.
    @Test func aControllerAttachedWhileALeavingSendersUnheardMessageIsReportedDoesNotGetIt() throws {
        let owner = Owner(name: "Screen")
        let late = Probe("late", journal)
        let fired = owner.attachOnFirstDiagnostic(late)
        let sender = Silent()
        try owner.attach(sender)
        sender.center.sendRetained((any PingConversation).self, message: "old") { $0.ping(1) }
        try owner.detach(sender)
        #expect(fired())
        #expect(journal.events(of: "late") == [.attached("late")])
    }

    /// Senders detached together leave together: their unheard messages are all gone before the
    /// first is reported, so a controller the handler attaches gets none of them.
    @Test func aControllerAttachedWhileABatchOfSendersLeavesGetsNoneOfTheirMessages() throws {
        let owner = Owner(name: "Screen")
        let late = Probe("late", journal)
        let fired = owner.attachOnFirstDiagnostic(late)
        let first = Silent()
        let second = Silent()
        try owner.attach([first, second])
        first.center.sendRetained((any PingConversation).self, message: "first") { $0.ping(1) }
        second.center.sendRetained((any PingConversation).self, message: "second") { $0.ping(2) }
        try owner.detach([first, second])
        #expect(fired())
        #expect(journal.events(of: "late") == [.attached("late")])
    }

    /// A controller the collision's handler attaches gets the newer message once, by replay: who
    /// gets it in flight is settled before the report calls the handler.
    @Test func aControllerTheCollisionHandlerAttachesGetsTheRetainedMessageOnce() throws {
        let owner = Owner(name: "Screen")
        let late = Probe("late", journal)
        let fired = owner.attachOnFirstDiagnostic(late, of: .retainedKeyCollision)
        owner.center.sendRetained((any PingConversation).self, message: "k") { $0.ping(1) }
        owner.center.sendRetained((any PingConversation).self, message: "k") { $0.ping(2) }
        #expect(fired())
        #expect(journal.events(of: "late") == [.attached("late"), .ping("late", 2)])
    }

    /// The same for an observer that attaches a controller as it hears the message was retained.
    @Test func aControllerAnObserverAttachesOnHearingItRetainedGetsTheMessageOnce() throws {
        let owner = Owner(name: "Screen")
        let late = Probe("late", journal)
        let tracer = HookTracer()
        tracer.onObserve = { [unowned owner] event in
            guard event.kind == .retained, late.owner == nil else { return }
            try? owner.attach(late)
        }
        owner.addObserver(tracer)
        owner.center.sendRetained((any PingConversation).self, message: "k") { $0.ping(7) }
        #expect(journal.events(of: "late") == [.attached("late"), .ping("late", 7)])
    }

    /// `others` leaves the sender out of a retained send whichever way the kit takes it: taking
    /// who gets it before a collision's report or an observer's call, the kit once let the sender in
    /// (review of this stop's fixes, finding 1).
    @Test(arguments: [false, true])
    func othersSendRetainedLeavesTheSenderOut(observed: Bool) throws {
        let owner = Owner(name: "Screen")
        let a = Probe("a", journal)
        let b = Probe("b", journal)
        try owner.attach([a, b])
        if observed { owner.addObserver(RecordingTracer()) }
        journal.clear()
        let reached = a.center.others.sendRetained((any PingConversation).self, message: "k") { $0.ping(1) }
        #expect(journal.events == [.ping("b", 1)])
        #expect(reached == 1)
    }

    @Test func othersSendRetainedLeavesTheSenderOutOnAKeyCollision() throws {
        let owner = Owner(name: "Screen")
        owner.onDiagnostic = { _ in }
        let a = Probe("a", journal)
        let b = Probe("b", journal)
        try owner.attach([a, b])
        a.center.others.sendRetained((any PingConversation).self, message: "k") { $0.ping(1) }
        journal.clear()
        a.center.others.sendRetained((any PingConversation).self, message: "k") { $0.ping(2) }
        #expect(journal.events == [.ping("b", 2)])
    }

    /// An observer told a replay starts may detach the message's sender, which drops the message:
    /// it is not replayed then (random re-entry test, seed 5120055: the newcomer got it).
    @Test func aMessageDroppedAsItsReplayStartsIsNotReplayed() throws {
        let owner = Owner(name: "Screen")
        let sender = Probe("sender", journal)
        let late = Probe("late", journal)
        try owner.attach(sender)
        sender.center.sendRetained((any PingConversation).self, message: "k") { $0.ping(1) }
        let tracer = HookTracer()
        tracer.onWillDispatch = { [unowned owner] record in
            if record.kind == .replay, sender.owner != nil { try? owner.detach(sender) }
        }
        owner.addObserver(tracer)
        try owner.attach(late)
        #expect(sender.owner == nil)
        #expect(journal.events(of: "late") == [.attached("late")])
    }

    /// The key is per owner: the same message retained in a parent and in a nested owner is two
    /// messages, not a collision.
    @Test func oneKeyRetainedInTwoOwnersIsNoCollision() throws {
        let parent = Owner()
        let nested = Owner()
        try parent.attach(nested)
        let log = CollisionLog()
        log.listen(to: parent)
        log.listen(to: nested)
        parent.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(1) }
        nested.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping(2) }
        try parent.attach(Probe("parent", journal))
        try nested.attach(Probe("nested", journal))
        #expect(journal.events.contains(.ping("parent", 1)))
        #expect(journal.events.contains(.ping("nested", 2)))
        #expect(log.collisions.isEmpty)
    }

    /// Two conversations with a message of the same name are two kinds.
    @Test func theSameMessageNameInTwoConversationsIsTwoKinds() throws {
        let owner = Owner()
        let log = CollisionLog()
        log.listen(to: owner)
        owner.center.sendRetained((any PingConversation).self, message: "didChange") { $0.ping(1) }
        owner.center.sendRetained((any AvatarAndNameConversation).self, message: "didChange") { $0.nameDidLoad("Ada") }
        let header = AvatarAndNameHeader()
        try owner.attach([Probe("late", journal), header])
        #expect(journal.events.contains(.ping("late", 1)))
        #expect(header.heard == ["name Ada"])
        #expect(log.collisions.isEmpty)
    }
}

/// Collects the retained-key collisions owners report to their diagnostics.
@MainActor
final class CollisionLog {
    private(set) var collisions: [Diagnostic] = []

    func listen(to owner: Owner) {
        owner.onDiagnostic = { [unowned self] diagnostic in
            if diagnostic.cause == .retainedKeyCollision { self.collisions.append(diagnostic) }
        }
    }
}

@MainActor
protocol AvatarAndNameConversation: AnyObject {
    func avatarDidLoad(_ file: String)
    func nameDidLoad(_ name: String)
}

extension AvatarAndNameConversation {
    func avatarDidLoad(_ file: String) { notHandled() }
    func nameDidLoad(_ name: String) { notHandled() }
}

/// Retains two different messages from one method, as the messenger trial's profile loader did.
@MainActor
final class AvatarAndNameLoader: BusinessController {
    weak var owner: Owner?

    func load() {
        center.sendRetained((any AvatarAndNameConversation).self, message: "avatarDidLoad(_:)") {
            $0.avatarDidLoad("ada.png")
        }
        center.sendRetained((any AvatarAndNameConversation).self, message: "nameDidLoad(_:)") { $0.nameDidLoad("Ada") }
    }
}

@MainActor
final class AvatarAndNameHeader: BusinessController, AvatarAndNameConversation {
    weak var owner: Owner?
    private(set) var heard: [String] = []

    func avatarDidLoad(_ file: String) { heard.append("avatar \(file)") }
    func nameDidLoad(_ name: String) { heard.append("name \(name)") }
}
