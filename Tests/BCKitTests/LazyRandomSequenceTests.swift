import BCKit
import Testing

// Random sequences over a small tree of owners driven by two host relays, with lazy controllers
// and retained messages, and actions taken again from inside the callbacks they cause. The other
// random tests (RandomSequenceTests, TreeModelTests) have no lazy controller and no relay: the
// two bugs that such sequences found, an idle action run before a newcomer listened and a
// retained message's dispatch creating a lazy controller its retain had not, are within reach here.
//
// Every rule checked is one the kit promises outright; the reference model tracks only what it
// can state exactly, and leaves a case out rather than guess (see `LazySession`).

/// What the participants of a lazy random sequence say: a plain message, and one retained for
/// controllers attached later.
protocol TalkConversation: Conversation {
    func say(_ value: Int)
    /// - Retained
    func announce(_ value: Int)
}

/// A second conversation, so that lazy controllers wait for different first messages.
protocol ChatConversation: Conversation {
    func chat(_ value: Int)
    /// - Retained
    func bulletin(_ value: Int)
}

/// A conversation, as the session tracks who speaks it.
private enum Topic: CaseIterable {
    case talk
    case chat

    var conversation: Any.Type {
        switch self {
        case .talk: (any TalkConversation).self
        case .chat: (any ChatConversation).self
        }
    }
}

/// The kinds of retained message a session sends; an owner keeps the latest of each.
private enum RetainedKind: CaseIterable {
    /// `sendRetained` of ``TalkConversation`` under the name `flash`.
    case flash
    /// ``TalkConversation/announce(_:)``, the one-call retained relay.
    case announce
    /// ``ChatConversation/bulletin(_:)``, the one-call retained relay.
    case bulletin

    var topic: Topic { self == .bulletin ? .chat : .talk }
}

/// How a send goes out.
private enum SendForm: CaseIterable {
    case explicit
    case relayed
    case broadcastDown
    case reportUp
    case others
    case retained
    /// Retained, through `center.down`: kept in the sending owner, sent to the nested ones too.
    case retainedDown
}

/// A controller that tells its session everything that happens to it; the subclasses add the
/// conversations.
@MainActor
private class Participant: BusinessController {
    enum Phase {
        case fresh
        case attached
        case left
    }

    weak var owner: Owner?
    weak var session: LazySession?
    let name: String
    let topics: Set<Topic>
    /// The session's clock when its attach started, or when its lazy registration's factory ran.
    var bornAt = 0
    /// The operation a lazy registration's factory ran in; `nil` for an eager attach.
    var createdIn: Int?
    /// What its lazy registration listed, and when it was made.
    var registration: (topics: Set<Topic>, at: Int)?
    var phase = Phase.fresh
    /// The state its own callbacks walked it to.
    var seen = LifecycleState.initial
    /// The owner it was attached to: controllers are never attached twice here.
    var home: Owner?
    /// Whether it is known to hear conversations: its attach returned, or it heard a fan-out's
    /// down event or a message, or a top-level action began while it was attached.
    var isListening = false
    /// Whether its attach (or, for a lazy one, its creation) may still be under way: what made it
    /// listening then was a down event of a fan-out that reached it during its catch-up.
    var mayBeCatchingUp = false
    /// Whether the session started to detach it.
    var isLeaving = false
    /// How often it heard each message, by value.
    var heard: [Int: Int] = [:]

    init(_ name: String, topics: Set<Topic>, session: LazySession?) {
        self.name = name
        self.topics = topics
        self.session = session
    }

    func didAttach(to owner: Owner) { session?.participant(self, didAttachTo: owner) }
    func ownerDidLoad() { session?.participant(self, saw: .didLoad) }
    func ownerWillAppear() { session?.participant(self, saw: .willAppear) }
    func ownerDidAppear() { session?.participant(self, saw: .didAppear) }
    func ownerWillDisappear() { session?.participant(self, saw: .willDisappear) }
    func ownerDidDisappear() { session?.participant(self, saw: .didDisappear) }
    func willDetach(from owner: Owner) { session?.participantWillDetach(self) }
}

@MainActor
private final class Talker: Participant, TalkConversation {
    func say(_ value: Int) { session?.participant(self, heard: value) }
    func announce(_ value: Int) { session?.participant(self, heard: value) }
}

@MainActor
private final class Chatter: Participant, ChatConversation {
    func chat(_ value: Int) { session?.participant(self, heard: value) }
    func bulletin(_ value: Int) { session?.participant(self, heard: value) }
}

@MainActor
private final class Polyglot: Participant, TalkConversation, ChatConversation {
    func say(_ value: Int) { session?.participant(self, heard: value) }
    func announce(_ value: Int) { session?.participant(self, heard: value) }
    func chat(_ value: Int) { session?.participant(self, heard: value) }
    func bulletin(_ value: Int) { session?.participant(self, heard: value) }
}

@MainActor
private final class Bystander: Participant {}

/// One message sent, as the session saw it go out.
@MainActor
private struct SentMessage {
    let value: Int
    /// The operation that sent it.
    let operation: Int
    let origin: Owner
    let topic: Topic
    /// The owners it may reach: those in scope when it started, leaving ones included.
    let reach: Set<ObjectIdentifier>
    /// The sender, when it sends through `others`.
    let excluded: Participant?
    let sender: Participant?
    let retained: RetainedKind?
    /// The clock when its operation ended.
    var end: Int?
    /// The clock when it first reached a receiver: its dispatch had started by then.
    var firstHeardAt: Int?
    /// Whether a retained message may be kept: its owner stood and its sender was attached.
    var mayBeKept = false
    /// The clock by which a retained message is surely dropped.
    var droppedAt: Int?
}

/// What an owner may keep of one retained kind: the values that may be the latest. One value and
/// no doubt is what the exactly-once check needs; retains nested in each other leave two.
private struct RetainedGroup {
    var live: [Int] = []
    var isUncertain = false
}

/// One random sequence: a root owner with two relays, up to four nested owners, and the reference
/// model of what each action must do.
@MainActor
private final class LazySession {
    var random: SeededGenerator
    let root = Owner(name: "Root")
    let relays: [HostRelay]
    var nested: [Owner] = []
    /// Nested owners the session started to detach, so no longer surely in a scope.
    var leavingOwners: Set<ObjectIdentifier> = []
    var participants: [Participant] = []
    var sends: [SentMessage] = []
    var groups: [ObjectIdentifier: [RetainedKind: RetainedGroup]] = [:]
    /// Advanced at the start and the end of every operation.
    var clock = 0
    /// The operations under way, innermost last, each named by the clock at its start.
    var operations: [Int] = []
    var failures: [String] = []
    /// How many more actions callbacks may take during this top-level action: a fan-out calls many,
    /// and each may start another.
    var reactionsLeft = 0
    /// Whether the root may be torn down: only late in a sequence, which then ends.
    var mayTearDown = false

    /// Callbacks take actions of their own this often (percent), up to this many operations deep,
    /// and at most this many during one top-level action.
    static let reactionPercent = 8
    static let maximumDepth = 4
    static let reactionsPerAction = 6

    init(seed: UInt64, traced: Bool = false) {
        random = SeededGenerator(state: seed)
        relays = [HostRelay(owner: root), HostRelay(owner: root)]
        // An observer takes the careful paths, and nested owners inherit it.
        if traced { root.addObserver(CountingTracer()) }
        // Random sends often reach nobody, and relays are refused on purpose: no console output.
        root.onDiagnostic = { _ in }
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append("[clock \(clock)] \(message())") }
    }

    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    var liveOwners: [Owner] {
        guard root.state != .tornDown else { return [] }
        return [root] + nested.filter { $0.state != .tornDown && $0.parent != nil }
    }

    func randomOwner() -> Owner? { liveOwners.randomElement(using: &random) }

    // MARK: Operations

    /// Runs one action, at the top level or from inside a callback, as an operation of its own.
    func operation(_ body: () -> Void) {
        clock += 1
        operations.append(clock)
        body()
        operations.removeLast()
        clock += 1
        dropRetainedMessagesWhoseSenderLeft()
    }

    func act() {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22: relayCallback()
        case 22..<28: drive()
        case 28..<44: attachEagerly()
        case 44..<54: registerLazily()
        case 54..<62: detachParticipant()
        case 62..<93: send()
        case 93..<96: nestOwner()
        case 96..<99: detachNestedOwner()
        default: if mayTearDown && chance(25) { tearDownRoot() } else { send() }
        }
    }

    /// What a callback does: now and then an action of its own.
    func react() {
        guard reactionsLeft > 0, operations.count < Self.maximumDepth, chance(Self.reactionPercent) else { return }
        reactionsLeft -= 1
        act()
    }

    func relayCallback() {
        let relay = relays[Int.random(in: 0..<relays.count, using: &random)]
        let callback = Int.random(in: 0..<7, using: &random)
        operation {
            switch callback {
            case 0: relay.viewDidLoad()
            case 1: relay.viewWillAppear()
            case 2: relay.viewDidAppear()
            case 3: relay.viewWillDisappear()
            case 4: relay.viewDidDisappear()
            case 5: relay.appeared()
            default: relay.disappeared()
            }
        }
    }

    func drive() {
        guard let owner = chance(75) ? root : randomOwner() else { return }
        let event = LifecycleEvent.allCases.randomElement(using: &random)!
        operation {
            try? owner.handle(event)
        }
    }

    /// A new participant of one of the four kinds: talker, chatter, both, neither.
    func makeParticipant(_ kind: Int) -> Participant {
        let name = "p\(participants.count)"
        let participant: Participant =
            switch kind {
            case 0: Talker(name, topics: [.talk], session: self)
            case 1: Chatter(name, topics: [.chat], session: self)
            case 2: Polyglot(name, topics: [.talk, .chat], session: self)
            default: Bystander(name, topics: [], session: self)
            }
        participants.append(participant)
        return participant
    }

    func attachEagerly() {
        guard let owner = randomOwner() else { return }
        let priority = Int.random(in: -1...1, using: &random)
        let kind = Int.random(in: 0..<4, using: &random)
        operation {
            let participant = makeParticipant(kind)
            participant.bornAt = clock
            participant.mayBeCatchingUp = true
            try? owner.attach(participant, priority: priority)
            participant.mayBeCatchingUp = false
            if participant.owner === owner, !participant.isLeaving { participant.isListening = true }
        }
    }

    func registerLazily() {
        guard let owner = randomOwner() else { return }
        let priority = Int.random(in: -1...1, using: &random)
        let creation: LazyCreation = chance(40) ? .onFirstMessage : .onFirstMessageOrAppearance
        // What the factory makes, and which of its conversations the registration lists.
        let kind = Int.random(in: 0..<4, using: &random)
        let spoken: [Topic] = [[.talk], [.chat], [.talk, .chat], []][kind]
        let listed = Set(spoken.filter { _ in chance(70) })
        operation {
            let registeredAt = clock
            try? owner.attach(
                lazily: { [weak self] () -> Participant in
                    guard let self else { return Bystander("orphan", topics: [], session: nil) }
                    return create(kind, listing: listed, registeredAt: registeredAt)
                },
                speaking: Topic.allCases.filter(listed.contains).map(\.conversation),
                creation: creation,
                priority: priority
            )
        }
    }

    /// A lazy registration's factory: a new participant, and now and then an action first.
    func create(_ kind: Int, listing listed: Set<Topic>, registeredAt: Int) -> Participant {
        let participant = makeParticipant(kind)
        participant.bornAt = clock
        participant.createdIn = operations.last
        participant.mayBeCatchingUp = true
        participant.registration = (listed, registeredAt)
        react()
        return participant
    }

    func detachParticipant() {
        let candidates = participants.filter { $0.phase == .attached && $0.owner != nil && !$0.isLeaving }
        guard let participant = candidates.randomElement(using: &random), let owner = participant.owner else {
            return
        }
        operation {
            guard participant.owner === owner, !participant.isLeaving else { return }
            participant.isLeaving = true
            do {
                try owner.detach(participant)
            } catch {
                // One that says goodbye to an owner being torn down cannot be detached again.
                check(
                    ancestors(of: owner).contains {
                        $0.state == .tornDown || leavingOwners.contains(ObjectIdentifier($0))
                    },
                    "detaching \(participant.name) was refused: \(error)")
            }
        }
    }

    func nestOwner() {
        guard nested.filter({ $0.state != .tornDown && $0.parent != nil }).count < 4,
            let parent = liveOwners.filter({ depth(of: $0) < 2 }).randomElement(using: &random)
        else { return }
        let child = Owner(name: "N\(nested.count)")
        child.onDiagnostic = { _ in }
        nested.append(child)
        let priority = Int.random(in: -1...1, using: &random)
        operation {
            try? parent.attach(child, priority: priority)
        }
    }

    func detachNestedOwner() {
        guard let child = liveOwners.dropFirst().randomElement(using: &random), let parent = child.parent else {
            return
        }
        operation {
            guard child.parent === parent, !leavingOwners.contains(ObjectIdentifier(child)) else { return }
            leavingOwners.insert(ObjectIdentifier(child))
            try? parent.detach(child)
        }
    }

    func tearDownRoot() {
        let byRelay = chance(50)
        operation {
            if byRelay { relays[0].tearDown() } else { try? root.tearDown() }
        }
    }

    func depth(of owner: Owner) -> Int {
        var depth = 0
        var current = owner.parent
        while let parent = current {
            depth += 1
            current = parent.parent
        }
        return depth
    }

    // MARK: Sending

    func send() {
        guard let origin = randomOwner() else { return }
        let speakers = participants.filter { $0.owner === origin && $0.phase == .attached }
        let sender = chance(40) ? nil : speakers.randomElement(using: &random)
        let form = SendForm.allCases.randomElement(using: &random)!
        let retained =
            form == .retained || form == .retainedDown ? RetainedKind.allCases.randomElement(using: &random)! : nil
        let topic = retained?.topic ?? Topic.allCases.randomElement(using: &random)!
        var sent = 0
        operation {
            let value = sends.count
            sent = value
            let reach: Set<ObjectIdentifier>
            switch form {
            case .broadcastDown, .retainedDown:
                reach = Set(descendants(of: origin, includingLeaving: true).map(ObjectIdentifier.init))
            case .reportUp: reach = Set(ancestors(of: origin).map(ObjectIdentifier.init))
            default: reach = [ObjectIdentifier(origin)]
            }
            sends.append(
                SentMessage(
                    value: value, operation: clock, origin: origin, topic: topic, reach: reach,
                    excluded: form == .others ? sender : nil, sender: sender, retained: retained))
            // Who must hear it: those listening now, in an owner surely in scope.
            let sure = surelyReached(by: form, from: origin)
            let mustHear = participants.compactMap { participant -> (Participant, Owner, Bool)? in
                guard participant.isListening, !participant.isLeaving, participant.phase == .attached,
                    participant.topics.contains(topic), participant !== sends[value].excluded,
                    let owner = participant.owner, sure.contains(ObjectIdentifier(owner))
                else { return nil }
                return (participant, owner, participant.mayBeCatchingUp)
            }
            if let retained, origin.state != .tornDown, sender.map({ $0.owner === origin }) ?? true {
                groups[ObjectIdentifier(origin), default: [:]][retained, default: RetainedGroup()].live.append(value)
                sends[value].mayBeKept = true
            }
            let center = sender?.center ?? origin.center
            dispatch(value, topic: topic, form: form, retained: retained, through: center)
            let stillSure = surelyReached(by: form, from: origin)
            let senderLeft = sender.map { $0.owner !== origin } ?? false
            let context = senderLeft ? " (its sender left during the send)" : ""
            for (participant, owner, wasCatchingUp) in mustHear
            where participant.owner === owner && stillSure.contains(ObjectIdentifier(owner)) {
                check(
                    participant.heard[value] == 1,
                    "\(participant.name), listening when send \(value) (\(form), \(topic)) started"
                        + (wasCatchingUp ? " (a down event reached it during its catch-up)" : "") + context
                        + ", heard it \(participant.heard[value] ?? 0) times")
            }
            // A lazy controller that this message created hears it, once.
            for participant in participants where participant.createdIn == sends[value].operation {
                guard let registration = participant.registration, registration.at < sends[value].operation,
                    registration.topics.contains(topic), participant.topics.contains(topic),
                    participant !== sends[value].excluded, let home = participant.home, participant.owner === home,
                    stillSure.contains(ObjectIdentifier(home))
                else { continue }
                check(
                    participant.heard[value] == 1,
                    "\(participant.name), created lazily by send \(value) (\(form), \(topic))\(context), heard it "
                        + "\(participant.heard[value] ?? 0) times")
            }
        }
        sends[sent].end = clock
        if let retained { settleRetained(sent, kind: retained) }
    }

    func dispatch(
        _ value: Int, topic: Topic, form: SendForm, retained: RetainedKind?, through center: CommunicationCenter
    ) {
        switch (form, topic) {
        case (.explicit, .talk): center.send((any TalkConversation).self) { $0.say(value) }
        case (.explicit, .chat): center.send((any ChatConversation).self) { $0.chat(value) }
        case (.relayed, .talk): center.say(value)
        case (.relayed, .chat): center.chat(value)
        case (.broadcastDown, .talk): center.send((any TalkConversation).self, scope: .broadcastDown) { $0.say(value) }
        case (.broadcastDown, .chat): center.send((any ChatConversation).self, scope: .broadcastDown) { $0.chat(value) }
        case (.reportUp, .talk): center.send((any TalkConversation).self, scope: .reportUp) { $0.say(value) }
        case (.reportUp, .chat): center.send((any ChatConversation).self, scope: .reportUp) { $0.chat(value) }
        case (.others, .talk): center.others.say(value)
        case (.others, .chat): center.others.chat(value)
        case (.retained, _):
            switch retained {
            case .flash: center.sendRetained((any TalkConversation).self, message: "flash") { $0.say(value) }
            case .announce: center.announce(value)
            case .bulletin, nil: center.bulletin(value)
            }
        case (.retainedDown, _):
            switch retained {
            case .flash: center.down.sendRetained((any TalkConversation).self, message: "flash") { $0.say(value) }
            case .announce: center.down.announce(value)
            case .bulletin, nil: center.down.bulletin(value)
            }
        }
    }

    /// The owners a send in `form` reaches, whether or not they are leaving.
    func descendants(of owner: Owner, includingLeaving: Bool) -> [Owner] {
        if !includingLeaving && leavingOwners.contains(ObjectIdentifier(owner)) { return [] }
        let children = nested.filter { $0.parent === owner && $0.state != .tornDown }
        return [owner] + children.flatMap { descendants(of: $0, includingLeaving: includingLeaving) }
    }

    func ancestors(of owner: Owner) -> [Owner] {
        var chain = [owner]
        while let parent = chain.last?.parent { chain.append(parent) }
        return chain
    }

    /// The owners a send surely reaches: none leaving, and none torn down.
    func surelyReached(by form: SendForm, from origin: Owner) -> Set<ObjectIdentifier> {
        let owners: [Owner]
        switch form {
        case .broadcastDown, .retainedDown: owners = descendants(of: origin, includingLeaving: false)
        case .reportUp:
            // An ancestor chain is surely reached while no owner on it is leaving.
            let chain = ancestors(of: origin)
            owners = chain.contains { leavingOwners.contains(ObjectIdentifier($0)) } ? [origin] : chain
        default: owners = [origin]
        }
        // A nested owner detached from inside its own delivery stops it there, and with it the
        // messages that would move a lagging receiver forward first.
        return Set(
            owners.filter { $0.state != .tornDown && !leavingOwners.contains(ObjectIdentifier($0)) }
                .map(ObjectIdentifier.init))
    }

    // MARK: Retained messages

    /// After a retained send: the values of its kind that it surely replaced are dropped.
    func settleRetained(_ value: Int, kind: RetainedKind) {
        let message = sends[value]
        let owner = ObjectIdentifier(message.origin)
        guard message.mayBeKept, message.origin.state != .tornDown, var group = groups[owner]?[kind] else { return }
        if message.sender.map({ $0.owner !== message.origin }) ?? false {
            // Its sender left during the send, and took it along: whether it replaced the others
            // first is not the model's to say.
            group.isUncertain = true
        } else {
            for other in group.live where other != value && (sends[other].end ?? .max) < message.operation {
                sends[other].droppedAt = clock
                group.live.removeAll { $0 == other }
            }
            // A retain of its kind nested in this one (sent since: this one just ended) may have
            // replaced it, or have been replaced by it; either may be gone already.
            let nested = sends[(value + 1)...].contains {
                $0.mayBeKept && $0.retained == kind && $0.origin === message.origin
            }
            group.isUncertain = nested || group.live != [value]
        }
        groups[owner]?[kind] = group
    }

    /// A retained message is dropped when its sender leaves and when its owner goes.
    func dropRetainedMessagesWhoseSenderLeft() {
        for (owner, kinds) in groups {
            for (kind, group) in kinds {
                let dropped = group.live.filter { value in
                    let message = sends[value]
                    return message.origin.state == .tornDown
                        || (message.sender.map { $0.owner !== message.origin } ?? false)
                }
                guard !dropped.isEmpty else { continue }
                for value in dropped where sends[value].droppedAt == nil { sends[value].droppedAt = clock }
                groups[owner]?[kind]?.live.removeAll(where: dropped.contains)
            }
        }
    }

    // MARK: Callbacks

    func participant(_ participant: Participant, didAttachTo owner: Owner) {
        check(participant.phase == .fresh, "\(participant.name) attached twice")
        participant.phase = .attached
        participant.home = owner
        react()
    }

    func participant(_ participant: Participant, saw event: LifecycleEvent) {
        check(participant.phase == .attached, "\(participant.name) got \(event) while not attached")
        guard let next = participant.seen.applying(event) else {
            check(false, "\(participant.name) got \(event) while \(participant.seen)")
            return
        }
        participant.seen = next
        // A down event is never part of a catch-up: the newcomer it reaches listens.
        if !event.isUp, !participant.isLeaving { participant.isListening = true }
        react()
    }

    func participantWillDetach(_ participant: Participant) {
        check(participant.phase == .attached, "\(participant.name) detached while not attached")
        check(
            participant.seen == .initial || participant.seen == .loaded,
            "\(participant.name) left while \(participant.seen)")
        participant.phase = .left
        participant.isListening = false
        react()
    }

    func participant(_ participant: Participant, heard value: Int) {
        let message = sends[value]
        let name = participant.name
        check(participant.phase == .attached, "\(name) heard \(value) while not attached")
        check(!participant.isLeaving, "\(name) heard \(value) after its detach began")
        participant.heard[value, default: 0] += 1
        check(participant.heard[value] == 1, "\(name) heard \(value) \(participant.heard[value] ?? 0) times")
        check(participant !== message.excluded, "\(name) heard \(value), which it sent to the others")
        if let owner = participant.owner {
            check(
                !Self.lags(participant.seen, behind: owner.state),
                "\(name) heard \(value) while \(participant.seen), its owner \(owner.name) \(owner.state)")
            // A retained message reaches the sending owner's newcomers by replay; the nested
            // owners' only in flight.
            if message.retained == nil || owner !== message.origin {
                // The owners in scope when it started; for a retained message, also those nested
                // before its dispatch started: its sending owner's lazy controllers come first,
                // and their factories may nest another owner.
                let inReach =
                    message.reach.contains(ObjectIdentifier(owner))
                    || (message.retained != nil && ancestors(of: owner).contains { $0 === message.origin })
                check(inReach, "\(name) in \(owner.name) heard \(value), sent in \(message.origin.name)")
                // Lazy controllers are created before the dispatch starts, and so is what their
                // factories and catch-ups attach; a controller attached after it started is a newcomer.
                check(
                    participant.bornAt < message.operation || participant.createdIn == message.operation
                        || participant.bornAt < (message.firstHeardAt ?? .max),
                    "\(name), attached during send \(value), heard it")
            } else {
                if message.end != nil, let dropped = message.droppedAt {
                    check(participant.bornAt <= dropped, "\(name), attached after \(value) was dropped, heard it")
                }
            }
        }
        // A replay to the sending owner's newcomer may come first: only a receiver elsewhere shows
        // that a retained message's dispatch has started.
        if message.firstHeardAt == nil, message.retained == nil || participant.owner !== message.origin {
            sends[value].firstHeardAt = clock
        }
        if !participant.isLeaving { participant.isListening = true }
        participant.mayBeCatchingUp = false
        react()
    }

    /// Whether a controller in `state` has not yet had an up event its owner, in `owner`, has.
    static func lags(_ state: LifecycleState, behind owner: LifecycleState) -> Bool {
        switch owner {
        case .loaded, .disappearing: state == .initial
        case .appearing: state == .initial || state == .loaded || state == .disappearing
        case .appeared: state != .appeared && state != .tornDown
        case .initial, .tornDown: false
        }
    }

    // MARK: Checks between top-level actions

    func checkQuiescent() {
        for owner in liveOwners {
            for controller in owner.controllers {
                let name = (controller as? Participant)?.name ?? (controller as? Owner)?.name ?? "?"
                guard let state = owner.state(of: controller) else {
                    check(false, "\(name) is listed by \(owner.name) but has no state")
                    continue
                }
                check(
                    state == owner.state || (owner.state == .disappearing && state == .loaded),
                    "\(name) is \(state) in \(owner.name), which is \(owner.state)")
                if let participant = controller as? Participant {
                    check(participant.seen == state, "\(name) saw \(participant.seen), its owner says \(state)")
                    check(participant.owner === owner, "\(name) is listed by \(owner.name) but not attached to it")
                }
                if let child = controller as? Owner {
                    check(child.state == state, "\(name) is \(child.state), its parent says \(state)")
                }
            }
        }
        for participant in participants where participant.phase == .attached {
            let listed = participant.owner?.controllers.contains { $0 === participant } ?? false
            check(listed, "\(participant.name) is attached but not listed by its owner")
        }
        checkRetainedMessages()
    }

    /// Each retained message an owner surely keeps has reached each of its controllers that
    /// speak it, once.
    func checkRetainedMessages() {
        for (_, kinds) in groups {
            for (kind, group) in kinds where !group.isUncertain && group.live.count == 1 {
                let message = sends[group.live[0]]
                guard message.origin.state != .tornDown else { continue }
                for participant in participants
                where participant.owner === message.origin && participant.topics.contains(kind.topic) {
                    check(
                        participant.heard[message.value] == 1,
                        "\(participant.name) heard retained \(message.value) (\(kind)) "
                            + "\(participant.heard[message.value] ?? 0) times")
                }
            }
        }
    }

    // MARK: Running

    func run(steps: Int) {
        for step in 0..<steps {
            mayTearDown = step >= steps * 3 / 4
            reactionsLeft = Self.reactionsPerAction
            for participant in participants
            where participant.phase == .attached && participant.owner != nil && !participant.isLeaving {
                participant.isListening = true
                participant.mayBeCatchingUp = false
            }
            act()
            checkQuiescent()
            if root.state == .tornDown || !failures.isEmpty { break }
        }
        reactionsLeft = 0
        for relay in relays { relay.tearDown() }
    }
}

@MainActor
@Suite struct LazyRandomSequenceTests {
    /// Sequences of 150 top-level actions; odd seeds run with an observer on the root. Before the
    /// fixes of 2216791 and ad1342a, seeds 27402286 and 27402303 (a newcomer that a host callback's
    /// fan-out reached between two of its catch-up events did not hear what its siblings sent from
    /// theirs) and 27402321 (a retained message whose sender a lazy controller's factory detached
    /// reached nobody) failed.
    nonisolated static let seeds: [UInt64] = Array(0x1A2_2026..<0x1A2_2026 + 63)

    @Test(arguments: seeds)
    func randomSequencesWithLazyControllersAndRelaysKeepTheDeliveryRules(seed: UInt64) {
        let failure = Self.firstFailure(seed: seed, steps: 150)
        #expect(failure == nil, "seed \(seed): \(failure ?? "")")
    }

    /// The first rule a sequence broke, if any; the sequence stops at the action that broke it.
    static func firstFailure(seed: UInt64, steps: Int) -> String? {
        let session = LazySession(seed: seed, traced: seed % 2 == 1)
        _ = appWideDiagnostics { session.run(steps: steps) }
        return session.failures.first
    }
}
