import BCKit
import Testing

// Random sequences in which the user code the kit calls while it changes an owner (an observer's
// willDispatch, didDispatch and didObserve, a diagnostic handler, a gather's completion, a
// controller's callbacks and messages) acts on the kit again: it attaches or detaches a
// controller, sends, retains, gathers, answers a question put earlier, tears the root down, adds
// or removes an observer, resets an owner for reuse, or drives the root. The host drives the same
// actions from the top. Each seed chooses which of those callbacks act, and how often.
//
// There is no reference model of who hears what: the re-entries make one guess too much. Each
// controller keeps a journal of what it heard instead, checked as it grows against what the design
// promises outright: lifecycle callbacks follow LifecycleState's graph within one attachment and
// none comes outside one (DESIGN 2, 7); a message never reaches a controller that lags its owner's
// lifecycle (DESIGN 13), or one that is leaving or joined once the message was under way, or one
// twice (DESIGN 6); a retained message reaches one attachment once at most, and a newcomer by
// replay only while it is kept: not once its sender left, a newer one of its kind replaced it or a
// reuse dropped it (DESIGN 15); a gather asks each receiver once and completes once (DESIGN 4);
// nothing attaches to a torn-down owner (DESIGN 7); and once the session is dropped every
// controller, owner and observer is freed (DESIGN 9).

/// What the guests of a re-entry sequence say: a note, sent plain or retained.
@MainActor
private protocol EchoConversation: AnyObject {
    func note(_ value: Int)
}

/// A question the guests answer through a reply, at once or later.
@MainActor
private protocol TallyQuery: AnyObject {
    func tally(reply: Reply<Int>)
}

/// Where user code runs that may act on the kit again.
private enum Site: CaseIterable {
    case willDispatch
    case didDispatch
    case didObserve
    case diagnostic
    case completion
    case controllerCallback
    case message
}

/// A controller that tells its session everything that happens to it and keeps its journal; the
/// subclasses add the conversations. It implements every callback itself, so a subclass's
/// conformance never hides one (the pitfall of DESIGN 3).
@MainActor
private class Guest: BusinessController {
    weak var owner: Owner?
    weak var session: ReentrySession?
    let name: String
    /// Whether it is between a didAttach and its willDetach.
    var isAttached = false
    /// The owner of its current or last attachment.
    weak var home: Owner?
    /// How many attachments it had, this one included.
    var stays = 0
    /// The session's clock when its current attachment began.
    var stayStart = 0
    /// The state its own callbacks walked it to in this attachment.
    var seen = LifecycleState.initial
    /// Whether the session started to detach it: it hears nothing more in this attachment.
    var isLeaving = false
    /// Whether an observer heard it attached and its didAttach has not come yet: detached then, it
    /// says goodbye without a greeting (OwnerAttachmentTests pins that).
    var awaitsGreeting = false
    /// Whether its willDetach is running: what it retains now is kept until that returns.
    var isSayingGoodbye = false
    /// How often it heard each note, by value, in this attachment and over all of them.
    var heardThisStay: [Int: Int] = [:]
    var heardEver: [Int: Int] = [:]
    /// How often it was asked each gather, by number.
    var asked: [Int: Int] = [:]
    /// Its last callbacks, for a failure's report.
    var journal: [String] = []

    init(_ name: String, session: ReentrySession) {
        self.name = name
        self.session = session
    }

    var tail: String { journal.suffix(8).joined(separator: ", ") }

    /// The attachment it may send from now, if any: the one it is in, is leaving, or whose
    /// greeting is yet to come.
    var currentStay: Int? {
        if isAttached || isSayingGoodbye { return stays }
        return awaitsGreeting ? stays + 1 : nil
    }

    func didAttach(to owner: Owner) { session?.guest(self, didAttachTo: owner) }
    func ownerDidLoad() { session?.guest(self, saw: .didLoad) }
    func ownerWillAppear() { session?.guest(self, saw: .willAppear) }
    func ownerDidAppear() { session?.guest(self, saw: .didAppear) }
    func ownerWillDisappear() { session?.guest(self, saw: .willDisappear) }
    func ownerDidDisappear() { session?.guest(self, saw: .didDisappear) }
    func ownerWillReuse() { session?.guestWillReuse(self) }
    func willDetach(from owner: Owner) { session?.guest(self, willDetachFrom: owner) }
}

@MainActor
private final class Talker: Guest, EchoConversation {
    func note(_ value: Int) { session?.guest(self, heard: value) }
}

@MainActor
private final class Teller: Guest, EchoConversation, TallyQuery {
    func note(_ value: Int) { session?.guest(self, heard: value) }
    func tally(reply: Reply<Int>) { session?.guest(self, wasAsked: reply) }
}

@MainActor
private final class Bystander: Guest {}

/// An observer that hands every moment the kit calls it to its session, which may act then.
@MainActor
private final class ReentryTracer: DispatchTracer {
    weak var session: ReentrySession?

    init(_ session: ReentrySession) {
        self.session = session
    }

    func willDispatch(_ dispatch: DispatchRecord) {
        session?.react(at: .willDispatch)
    }
    func didDispatch(_ dispatch: DispatchRecord) { session?.react(at: .didDispatch) }
    func didObserve(_ event: TraceEvent) {
        if event.kind == .attached, let guest = event.controller as? Guest, !guest.isAttached {
            guest.awaitsGreeting = true
        }
        session?.react(at: .didObserve)
    }
}

/// One note sent, plain or retained, as the session saw it go out.
@MainActor
private struct Note {
    /// The session's clock when the send was called.
    let start: Int
    /// The owner it was sent in, and for a retained note the kind it is kept under there.
    let origin: Owner?
    let kind: Int?
    /// The guest that sent it, and which of its attachments it sent it from.
    let sender: Guest?
    let senderStay: Int
    /// Whether its owner keeps it: a retained note sent in a standing owner by a sender attached
    /// there, not greeted yet, or saying goodbye to it (what it retains then leaves with it once its
    /// goodbye ends).
    let isKept: Bool
}

/// One gather, and how often its completion ran.
private struct Gather {
    let start: Int
    var completions = 0
}

@MainActor
private final class ReentrySession {
    var random: SeededGenerator
    var root: Owner?
    var nested: Owner?
    var guests: [Guest] = []
    var observations: [(owner: Owner, observation: Owner.Observation)] = []
    var notes: [Note] = []
    var gathers: [Gather] = []
    /// The gathers asking now, innermost last.
    var asking: [Int] = []
    /// Replies guests keep to answer later, each answered once.
    var pendingReplies: [Reply<Int>] = []
    /// The reuses of each owner, by the clock when each was called and when it returned: what the
    /// owner retained before one began is gone once it returned.
    var reuses: [ObjectIdentifier: [(start: Int, end: Int)]] = [:]
    /// Advanced at every attach, send and gather, so that their order can be told.
    var clock = 0
    /// How many operations that close an appearance are under way: while one is, a receiver may
    /// not yet have had the down event its owner is delivering (down events move nobody forward).
    var closing = 0
    /// Whether the root's tear-down is under way.
    var rootTearingDown = false
    var failures: [String] = []
    /// The objects that must be freed once the session is gone.
    var weakOnes: [(name: String, object: () -> AnyObject?)] = []

    /// Which callbacks act on the kit again in this sequence, how often (percent), how deep and
    /// how many times per top-level action.
    let sites: Set<Site>
    let reactionPercent: Int
    var reactionsLeft = 0
    var depth = 0
    static let maximumDepth = 4
    static let reactionsPerAction = 8

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
        var sites = Set(Site.allCases)
        for site in Site.allCases where Int.random(in: 0..<100, using: &random) < 35 { sites.remove(site) }
        self.sites = sites
        reactionPercent = [10, 25, 50].randomElement(using: &random)!
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append("[clock \(clock)] \(message())") }
    }

    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    func tick() -> Int {
        clock += 1
        return clock
    }

    /// The owners that still stand: the root, and the nested owner while it is nested.
    var liveOwners: [Owner] {
        guard let root, root.state != .tornDown else { return [] }
        guard let nested, nested.parent === root, nested.state != .tornDown else { return [root] }
        return [root, nested]
    }

    func randomOwner() -> Owner? { liveOwners.randomElement(using: &random) }

    func keep(_ name: String, _ object: AnyObject) {
        weakOnes.append((name, { [weak object] in object }))
    }

    // MARK: Actions

    /// A callback's turn: now and then an action of its own, within the bounds.
    func react(at site: Site) {
        guard reactionsLeft > 0, depth < Self.maximumDepth, sites.contains(site), chance(reactionPercent) else {
            return
        }
        reactionsLeft -= 1
        act(fromCallback: true)
    }

    func act(fromCallback: Bool) {
        depth += 1
        defer { depth -= 1 }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<14: attach()
        case 14..<18: attachBatch()
        case 18..<28: detach()
        case 28..<31: detachBatch()
        case 31..<46: send()
        case 46..<58: sendRetained()
        case 58..<65: gather()
        case 65..<71: answerLater()
        case 71..<76: reuse()
        case 76..<81: changeObservers()
        case 81..<97: drive()
        default: if fromCallback || chance(30) { tearDownRoot() } else { send() }
        }
    }

    func makeGuest() -> Guest {
        let name = "g\(guests.count)"
        let guest: Guest =
            switch Int.random(in: 0..<3, using: &random) {
            case 0: Talker(name, session: self)
            case 1: Teller(name, session: self)
            default: Bystander(name, session: self)
            }
        guests.append(guest)
        keep(name, guest)
        return guest
    }

    /// A guest free to attach: one that left (attached again, it starts a new attachment), or a new one.
    func freeGuest() -> Guest {
        let free = guests.filter { $0.owner == nil && !$0.isAttached }
        if chance(40), let guest = free.randomElement(using: &random) { return guest }
        return makeGuest()
    }

    func attach() {
        guard let owner = chance(90) ? randomOwner() : root else { return }
        let guest = freeGuest()
        let priority = Int.random(in: -1...1, using: &random)
        let wasTornDown = owner.state == .tornDown
        do {
            try owner.attach(guest, priority: priority)
            check(!wasTornDown, "\(guest.name) was attached to \(owner.name), torn down")
        } catch {
            check(wasTornDown || rootTearingDown || owner !== root, "attaching \(guest.name) was refused: \(error)")
        }
        guest.awaitsGreeting = false
    }

    func attachBatch() {
        guard let owner = randomOwner() else { return }
        let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in makeGuest() }
        try? owner.attach(batch)
        for guest in batch { guest.awaitsGreeting = false }
    }

    /// The guests listed by an owner now: those that hear its conversations.
    func listed() -> [Guest] {
        liveOwners.flatMap { owner in owner.controllers.compactMap { $0 as? Guest } }
    }

    func detach() {
        if chance(15), let nested, let root, nested.parent === root {
            closing += 1
            try? root.detach(nested)
            closing -= 1
            return
        }
        if chance(10), let guest = guests.randomElement(using: &random), guest.owner == nil {
            // Not attached: refused, and nothing happens.
            try? root?.detach(guest)
            return
        }
        guard let guest = listed().randomElement(using: &random), let owner = guest.owner else { return }
        guest.isLeaving = true
        do {
            try owner.detach(guest)
        } catch {
            check(false, "detaching \(guest.name), listed by \(owner.name), was refused: \(error)")
        }
    }

    func detachBatch() {
        guard let owner = randomOwner() else { return }
        let batch = owner.controllers.compactMap { $0 as? Guest }.filter { _ in chance(50) }
        for guest in batch { guest.isLeaving = true }
        do {
            try owner.detach(batch)
        } catch {
            check(false, "detaching \(batch.map(\.name)) from \(owner.name) was refused: \(error)")
        }
    }

    /// Where a send starts: an owner's center, or a guest's, attached or not.
    func randomSender() -> (center: CommunicationCenter, origin: Owner?, guest: Guest?) {
        if chance(40), let guest = guests.randomElement(using: &random) {
            return (guest.center, guest.owner, guest)
        }
        // The root, torn down, once no owner stands.
        guard let owner = randomOwner() ?? root else { preconditionFailure("a session runs with its root") }
        return (owner.center, owner, nil)
    }

    func recordNote(origin: Owner?, kind: Int?, sender: Guest?) -> Int {
        let isKept =
            kind != nil && origin.map { $0.state != .tornDown } == true
            && (sender.map { $0.owner === origin && $0.currentStay != nil } ?? true)
        notes.append(
            Note(
                start: tick(), origin: origin, kind: kind, sender: sender, senderStay: sender?.currentStay ?? 0,
                isKept: isKept))
        return notes.count - 1
    }

    func send() {
        let (center, origin, sender) = randomSender()
        let value = recordNote(origin: origin, kind: nil, sender: sender)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: center.send((any EchoConversation).self) { $0.note(value) }
        case 1: center.send((any EchoConversation).self, scope: .broadcastDown) { $0.note(value) }
        case 2: center.send((any EchoConversation).self, scope: .reportUp) { $0.note(value) }
        default: center.others.send((any EchoConversation).self) { $0.note(value) }
        }
    }

    func sendRetained() {
        let (center, origin, sender) = randomSender()
        let kind = Int.random(in: 0..<3, using: &random)
        let value = recordNote(origin: origin, kind: kind, sender: sender)
        // Two call sites for one key: now and then a collision, which is diagnosed.
        if chance(80) {
            center.sendRetained((any EchoConversation).self, message: "kind\(kind)") { $0.note(value) }
        } else {
            center.sendRetained((any EchoConversation).self, message: "kind\(kind)") { $0.note(value) }
        }
    }

    func gather() {
        let (center, _, _) = randomSender()
        let number = gathers.count
        gathers.append(Gather(start: tick()))
        let scope: Scope = chance(70) ? .local : .broadcastDown
        // Asking is synchronous: the innermost gather under way is the one asking.
        asking.append(number)
        defer { asking.removeLast() }
        center.gather((any TallyQuery).self, scope: scope) {
            $0.tally(reply: $1)
        } completion: { [weak self] _ in
            guard let self else { return }
            gathers[number].completions += 1
            check(gathers[number].completions == 1, "gather \(number) completed \(gathers[number].completions) times")
            react(at: .completion)
        }
    }

    func answerLater() {
        guard !pendingReplies.isEmpty else { return }
        let reply = pendingReplies.remove(at: Int.random(in: 0..<pendingReplies.count, using: &random))
        reply(1)
    }

    func reuse() {
        guard let owner = randomOwner() else { return }
        closing += 1
        let start = tick()
        do {
            try owner.prepareForReuse()
            reuses[ObjectIdentifier(owner), default: []].append((start, tick()))
        } catch {}
        closing -= 1
    }

    func changeObservers() {
        if chance(50), !observations.isEmpty {
            let index = Int.random(in: 0..<observations.count, using: &random)
            let (owner, observation) = observations.remove(at: index)
            check(owner.removeObserver(observation), "observer \(index) of \(owner.name) was not removed")
            return
        }
        guard let owner = randomOwner() else { return }
        addObserver(to: owner)
    }

    func addObserver(to owner: Owner) {
        let tracer = ReentryTracer(self)
        keep("tracer\(observations.count)", tracer)
        observations.append((owner, owner.addObserver(tracer)))
    }

    func drive() {
        guard let root else { return }
        let event = LifecycleEvent.allCases.randomElement(using: &random)!
        if !event.isUp { closing += 1 }
        // Refused from inside a lifecycle callback, or when the event is impossible: nothing changes.
        try? root.handle(event)
        if !event.isUp { closing -= 1 }
    }

    func tearDownRoot() {
        guard let root else { return }
        let wasTearingDown = rootTearingDown
        rootTearingDown = true
        closing += 1
        try? root.tearDown()
        closing -= 1
        rootTearingDown = wasTearingDown
    }

    // MARK: The guests' callbacks

    func guest(_ guest: Guest, didAttachTo owner: Owner) {
        guest.journal.append("attached to \(owner.name)")
        check(!guest.isAttached, "\(guest.name) was attached again before it left: \(guest.tail)")
        check(owner.state != .tornDown, "\(guest.name) was attached to \(owner.name), torn down")
        check(owner !== root || !rootTearingDown, "\(guest.name) was attached to the root during its tear-down")
        guest.isAttached = true
        guest.awaitsGreeting = false
        guest.home = owner
        guest.stays += 1
        guest.stayStart = tick()
        guest.seen = .initial
        guest.isLeaving = false
        guest.heardThisStay = [:]
        react(at: .controllerCallback)
    }

    func guest(_ guest: Guest, saw event: LifecycleEvent) {
        guest.journal.append("\(event)")
        check(guest.isAttached, "\(guest.name) got \(event) while not attached: \(guest.tail)")
        if let next = guest.seen.applying(event) {
            guest.seen = next
        } else {
            check(false, "\(guest.name) got \(event) while \(guest.seen): \(guest.tail)")
        }
        react(at: .controllerCallback)
    }

    func guestWillReuse(_ guest: Guest) {
        guest.journal.append("will reuse")
        check(guest.isAttached, "\(guest.name) was reset while not attached: \(guest.tail)")
        // A root closes its appearance before the reset; a nested owner's appearance is its parent's.
        if let home = guest.home, home.parent == nil {
            check(
                guest.seen == .initial || guest.seen == .loaded,
                "\(guest.name) was reset while \(guest.seen): \(guest.tail)")
        }
        react(at: .controllerCallback)
    }

    func guest(_ guest: Guest, willDetachFrom owner: Owner) {
        guest.journal.append("will detach from \(owner.name)")
        if guest.awaitsGreeting, !guest.isAttached {
            guest.awaitsGreeting = false
            react(at: .controllerCallback)
            return
        }
        check(guest.isAttached, "\(guest.name) was detached while not attached: \(guest.tail)")
        check(owner === guest.home, "\(guest.name) was detached from \(owner.name), not its owner")
        check(
            guest.seen == .initial || guest.seen == .loaded, "\(guest.name) left while \(guest.seen): \(guest.tail)")
        guest.isAttached = false
        guest.isLeaving = false
        guest.isSayingGoodbye = true
        react(at: .controllerCallback)
        guest.isSayingGoodbye = false
    }

    /// What every message a guest hears must satisfy: it is attached, listed, not leaving, and in
    /// step with its owner.
    func checkListening(_ guest: Guest, _ what: String) {
        check(guest.isAttached, "\(guest.name) heard \(what) while not attached: \(guest.tail)")
        check(!guest.isLeaving, "\(guest.name) heard \(what) while leaving: \(guest.tail)")
        guard let owner = guest.owner else {
            check(false, "\(guest.name) heard \(what) with no owner: \(guest.tail)")
            return
        }
        check(owner === guest.home, "\(guest.name) heard \(what) in \(owner.name), not where it attached")
        check(
            owner.controllers.contains { $0 === guest },
            "\(guest.name) heard \(what) while \(owner.name) does not list it: \(guest.tail)")
        check(
            Self.isInStep(guest.seen, with: owner.state, closing: closing > 0),
            "\(guest.name) heard \(what) while \(guest.seen), its owner \(owner.name) \(owner.state): \(guest.tail)")
    }

    func guest(_ guest: Guest, heard value: Int) {
        guest.journal.append("note \(value)")
        checkListening(guest, "note \(value)")
        let note = notes[value]
        guest.heardThisStay[value, default: 0] += 1
        guest.heardEver[value, default: 0] += 1
        let what = note.kind == nil ? "note \(value)" : "note \(value), retained as kind\(note.kind!),"
        check(guest.heardThisStay[value] == 1, "\(guest.name) heard \(what) twice in one attachment: \(guest.tail)")
        if note.kind == nil {
            check(guest.heardEver[value] == 1, "\(guest.name) heard \(what) twice: \(guest.tail)")
            check(guest.stayStart < note.start, "\(guest.name), attached during \(what), heard it: \(guest.tail)")
        } else if guest.stayStart > note.start {
            checkReplay(of: value, to: guest, what)
        }
        react(at: .message)
    }

    /// A retained note heard by a guest attached after it was sent is a replay: only of what its
    /// owner still keeps.
    func checkReplay(of value: Int, to guest: Guest, _ what: String) {
        let note = notes[value]
        check(note.isKept, "\(guest.name) had \(what) replayed, which was not kept: \(guest.tail)")
        check(guest.owner === note.origin, "\(guest.name) had \(what) replayed from another owner: \(guest.tail)")
        if let sender = note.sender {
            check(
                sender.currentStay == note.senderStay,
                "\(guest.name) had \(what) replayed after its sender \(sender.name) left: \(guest.tail)")
        }
        let replaced = notes[(value + 1)...].contains {
            $0.isKept && $0.kind == note.kind && $0.origin === note.origin && $0.start < guest.stayStart
        }
        check(!replaced, "\(guest.name) had \(what) replayed after a newer one replaced it: \(guest.tail)")
        // What a reuse's callbacks retain may be kept for the new content: only what was retained
        // before it began is surely dropped.
        if let origin = note.origin {
            let dropped = reuses[ObjectIdentifier(origin), default: []].contains {
                note.start < $0.start && $0.end < guest.stayStart
            }
            check(!dropped, "\(guest.name) had \(what) replayed after a reuse dropped it: \(guest.tail)")
        }
    }

    func guest(_ guest: Guest, wasAsked reply: Reply<Int>) {
        guard let number = asking.last else {
            check(false, "\(guest.name) was asked while no gather was asking: \(guest.tail)")
            return
        }
        guest.journal.append("asked \(number)")
        checkListening(guest, "gather \(number)")
        guest.asked[number, default: 0] += 1
        check(guest.asked[number] == 1, "\(guest.name) was asked gather \(number) twice: \(guest.tail)")
        check(
            guest.stayStart < gathers[number].start,
            "\(guest.name), attached during gather \(number), was asked it: \(guest.tail)")
        if chance(60) { reply(1) } else { pendingReplies.append(reply) }
        react(at: .message)
    }

    /// Whether a controller in `seen` may hear a message while its owner is in `owner`: never
    /// behind an up event; ahead of a down event only while one is delivered, or when it joined
    /// a disappearing owner, which catches it up to loaded.
    static func isInStep(_ seen: LifecycleState, with owner: LifecycleState, closing: Bool) -> Bool {
        if seen == owner || owner == .tornDown { return true }
        if seen == .loaded && owner == .disappearing { return true }
        guard closing else { return false }
        switch (seen, owner) {
        case (.appeared, .disappearing), (.appearing, .disappearing), (.disappearing, .loaded): return true
        default: return false
        }
    }

    // MARK: Checks between top-level actions

    func checkQuiescent() {
        for guest in guests {
            guard guest.isAttached else {
                check(guest.owner == nil, "\(guest.name) left but still has an owner: \(guest.tail)")
                continue
            }
            guard let owner = guest.owner, owner === guest.home else {
                check(false, "\(guest.name) is attached but its owner is not where it attached: \(guest.tail)")
                continue
            }
            check(owner.state != .tornDown, "\(guest.name) is still attached to \(owner.name), torn down")
            check(
                owner.state(of: guest) == guest.seen,
                "\(guest.name) saw \(guest.seen), \(owner.name) says \(owner.state(of: guest).map { "\($0)" } ?? "-")")
            check(
                guest.seen == owner.state || (guest.seen == .loaded && owner.state == .disappearing),
                "\(guest.name) is \(guest.seen) in \(owner.name), which is \(owner.state): \(guest.tail)")
        }
        for owner in [root, nested].compactMap(\.self) where owner.state == .tornDown {
            check(owner.controllers.isEmpty, "\(owner.name) is torn down but lists \(owner.controllers.count)")
        }
    }

    // MARK: Running

    func run(steps: Int) {
        let root = Owner(name: "Root")
        self.root = root
        keep("Root", root)
        if chance(50) {
            let nested = Owner(name: "Nested")
            self.nested = nested
            keep("Nested", nested)
            try? root.attach(nested, priority: Int.random(in: -1...1, using: &random))
        }
        for _ in 0..<Int.random(in: 3...7, using: &random) { attach() }
        if chance(85) { addObserver(to: chance(80) ? root : nested ?? root) }
        for step in 0..<steps {
            // A handler set again hears again what its owner already reported.
            root.onDiagnostic = { [weak self] _ in self?.react(at: .diagnostic) }
            reactionsLeft = Self.reactionsPerAction
            if step < 2 {
                drive()
            } else {
                act(fromCallback: false)
            }
            reactionsLeft = 0
            checkQuiescent()
        }
        while let reply = pendingReplies.popLast() { reply(1) }
        for (number, gather) in gathers.enumerated() {
            check(gather.completions == 1, "gather \(number) completed \(gather.completions) times")
        }
        if chance(50) { try? root.tearDown() }
        checkQuiescent()
    }
}

@MainActor
@Suite struct ReentryRandomSequenceTests {
    @Test func callbacksThatActOnTheKitAgainLeaveEveryControllerAJournalTheDesignAllows() {
        var failing: [String] = []
        for offset in 0..<1000 {
            let seed = 0x4E_2026 &+ UInt64(offset)
            if let failure = Self.firstFailure(seed: seed, steps: 30) {
                failing.append("seed \(seed): \(failure)")
            }
        }
        let count = failing.count
        let firsts = Array(failing.prefix(3))
        #expect(count == 0, "\(count) failing; first: \(firsts)")
    }

    /// The first rule a sequence broke, if any, or what it left alive once dropped.
    static func firstFailure(seed: UInt64, steps: Int) -> String? {
        var failures: [String] = []
        var weakOnes: [(name: String, object: () -> AnyObject?)] = []
        do {
            let session = ReentrySession(seed: seed)
            _ = appWideDiagnostics { session.run(steps: steps) }
            failures = session.failures
            weakOnes = session.weakOnes
        }
        let alive = weakOnes.filter { $0.object() != nil }.map(\.name)
        if !alive.isEmpty { failures.append("alive once the session was dropped: \(alive)") }
        guard let first = failures.first else { return nil }
        return "\(first) (+\(failures.count - 1) more)"
    }
}
