import BCKit
import Testing

/// A small, seedable generator (SplitMix64), so a failing sequence can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The reference model: what an owner should look like, written without any of the kit's code.
struct Model {
    struct Member {
        let name: String
        let priority: Int
        let sequence: Int
        let speaksPing: Bool
    }

    /// Valid owner transitions, as UIKit produces them.
    static let transitions: [String: [LifecycleEvent: String]] = [
        "initial": [.didLoad: "loaded"],
        "loaded": [.willAppear: "appearing"],
        "appearing": [.didAppear: "appeared", .willDisappear: "disappearing"],
        "appeared": [.willDisappear: "disappearing"],
        "disappearing": [.didDisappear: "loaded", .willAppear: "appearing"],
    ]

    /// Where a controller that joined an owner in each state stands once caught up.
    static let joinedState = [
        "initial": "initial", "loaded": "loaded", "appearing": "appearing", "appeared": "appeared",
        "disappearing": "loaded",
    ]

    var state = "initial"
    var members: [Member] = []
    var nextSequence = 0

    /// Members in the owner's order: higher priority first, then attach order.
    var ordered: [Member] {
        members.sorted { $0.priority != $1.priority ? $0.priority > $1.priority : $0.sequence < $1.sequence }
    }

    mutating func attach(_ name: String, priority: Int, speaksPing: Bool) {
        members.append(Member(name: name, priority: priority, sequence: nextSequence, speaksPing: speaksPing))
        nextSequence += 1
    }

    mutating func detach(_ name: String) {
        members.removeAll { $0.name == name }
    }
}

/// One send: who could hear it when it started, and who was detached while it ran.
struct SendRecord {
    let value: Int
    let eligible: [String]
    var detachedDuring: Set<String> = []
    var reported = 0
}

@MainActor
final class RandomSession {
    var random: SeededGenerator
    let journal = Journal()
    let owner = Owner(name: "Random")
    var model = Model()
    var controllers: [String: any BusinessController] = [:]
    var everCreated: [String] = []
    var sends: [SendRecord] = []
    var openSends: [Int] = []
    var created = 0
    var failures: [String] = []
    var tornDown = false

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
        // Random sends often reach nobody, on purpose: not worth a debug diagnostic here.
        owner.onDiagnostic = { _ in }
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }

    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    func randomMember() -> String? { model.members.randomElement(using: &random)?.name }

    // MARK: Operations, each usable from the top level or from inside a callback.

    func attachNew() {
        let name = "c\(created)"
        created += 1
        let speaks = chance(70)
        let priority = Int.random(in: -2...2, using: &random)
        let controller: any BusinessController = speaks ? Probe(name, journal) : Mute(name, journal)
        everCreated.append(name)
        do {
            try owner.attach(controller, priority: priority)
            check(!tornDown, "attach after tear-down succeeded")
            model.attach(name, priority: priority, speaksPing: speaks)
            controllers[name] = controller
        } catch {
            check(tornDown && error == .tornDown("attach"), "attach of \(name) refused: \(error)")
        }
    }

    func detachSome() {
        guard let name = randomMember(), let controller = controllers[name] else { return }
        do {
            try owner.detach(controller)
            model.detach(name)
            for index in openSends.indices { sends[openSends[index]].detachedDuring.insert(name) }
        } catch {
            check(false, "detach of \(name) refused: \(error)")
        }
    }

    func drive(_ event: LifecycleEvent, insideLifecycle: Bool) {
        let before = owner.state
        let journalBefore = journal.events.count
        let next = Model.transitions[model.state]?[event]
        do {
            try owner.handle(event)
            check(next != nil && !insideLifecycle && !tornDown, "\(event) accepted in \(model.state)")
            model.state = next ?? model.state
        } catch {
            check(next == nil || insideLifecycle || tornDown, "\(event) refused in \(model.state): \(error)")
            check(owner.state == before, "a refused \(event) changed the state")
            check(journal.events.count == journalBefore, "a refused \(event) delivered something")
        }
    }

    func send(depth: Int) {
        let value = sends.count
        let eligible = model.ordered.filter(\.speaksPing).map(\.name)
        sends.append(SendRecord(value: value, eligible: eligible))
        openSends.append(value)
        // Arm up to two receivers with something to do when they hear this send.
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            guard let name = eligible.randomElement(using: &random), let probe = controllers[name] as? Probe else {
                continue
            }
            let action = Int.random(in: 0..<4, using: &random)
            probe.onPing = { [unowned self, unowned probe] heard in
                guard heard == value else { return }
                probe.onPing = nil
                switch action {
                case 0: detachSome()
                case 1: attachNew()
                case 2: if depth < 3 { send(depth: depth + 1) }
                default: drive(LifecycleEvent.allCases.randomElement(using: &random)!, insideLifecycle: false)
                }
            }
        }
        let reached = owner.center.send((any PingConversation).self) { $0.ping(value) }
        openSends.removeLast()
        sends[value].reported = reached
        for probe in controllers.values.compactMap({ $0 as? Probe }) where probe.onPing != nil {
            probe.onPing = nil
        }
    }

    func lifecycleWithMutation() {
        let event = LifecycleEvent.allCases.randomElement(using: &random)!
        let armed = chance(50)
        if let name = randomMember(), armed {
            let mutation = chance(50)
            let hook: (LifecycleEvent) -> Void = { [unowned self] _ in
                self.clearLifecycleHooks()
                if mutation { detachSome() } else { attachNew() }
                drive(.didLoad, insideLifecycle: true)
            }
            if let probe = controllers[name] as? Probe { probe.onLifecycle = hook }
            if let mute = controllers[name] as? Mute { mute.onLifecycle = hook }
        }
        let order = model.ordered.map(\.name)
        let start = journal.events.count
        drive(event, insideLifecycle: false)
        clearLifecycleHooks()
        let reached = journal.events[start...].compactMap { entry -> String? in
            if case .lifecycle(let name, event) = entry { name } else { nil }
        }
        let expected = order.filter(reached.contains)
        // With a callback attaching or detaching, catch-up and close-out events interleave.
        if !armed {
            check(reached == (event.isUp ? expected : expected.reversed()), "\(event) reached \(reached) out of order")
        }
    }

    func clearLifecycleHooks() {
        for controller in controllers.values {
            (controller as? Probe)?.onLifecycle = nil
            (controller as? Mute)?.onLifecycle = nil
        }
    }

    // MARK: Checks

    func checkQuiescent() {
        check(owner.controllers.map { name(of: $0) } == model.ordered.map(\.name), "order differs from the model")
        check("\(owner.state)" == model.state, "owner is \(owner.state), model \(model.state)")
        // Everyone is in the owner's state, except that a controller that joined while the owner
        // was disappearing is only loaded.
        let allowed: Set = [model.state, Model.joinedState[model.state] ?? "initial"]
        for member in model.members {
            let state = owner.state(of: controllers[member.name]!).map { "\($0)" } ?? "detached"
            check(allowed.contains(state), "\(member.name) is \(state), expected one of \(allowed.sorted())")
        }
    }

    func name(of controller: any BusinessController) -> String {
        (controller as? Probe)?.name ?? (controller as? Mute)?.name ?? "?"
    }

    func checkLogs() {
        for name in everCreated {
            var state = "initial"
            var phase = 0  // 0 before attach, 1 attached, 2 detached
            for event in journal.events(of: name) {
                switch event {
                case .attached:
                    check(phase == 0, "\(name) attached twice")
                    phase = 1
                case .lifecycle(_, let lifecycle):
                    check(phase == 1, "\(name) got \(lifecycle) while not attached")
                    let next = Model.transitions[state]?[lifecycle]
                    check(next != nil, "\(name) got \(lifecycle) while \(state)")
                    state = next ?? state
                case .ping:
                    check(phase == 1, "\(name) got a message while not attached")
                case .detached:
                    check(phase == 1, "\(name) detached while not attached")
                    check(["initial", "loaded"].contains(state), "\(name) left while \(state)")
                    phase = 2
                }
            }
        }
    }

    func checkSends() {
        var heard: [Int: [String]] = [:]
        var detachedAt: [String: Int] = [:]
        var heardAt: [String: Int] = [:]
        for (position, event) in journal.events.enumerated() {
            switch event {
            case .ping(let name, let value):
                heard[value, default: []].append(name)
                heardAt["\(name)#\(value)"] = position
            case .detached(let name): detachedAt[name] = position
            default: break
            }
        }
        for record in sends {
            let receivers = heard[record.value] ?? []
            check(receivers.count == record.reported, "send \(record.value) reported \(record.reported)")
            check(Set(receivers).count == receivers.count, "send \(record.value) reached someone twice")
            let expected = record.eligible.filter { name in
                !record.detachedDuring.contains(name) || heardAt["\(name)#\(record.value)"] != nil
            }
            check(receivers == expected, "send \(record.value) reached \(receivers), expected \(expected)")
            for name in receivers where record.detachedDuring.contains(name) {
                check(
                    heardAt["\(name)#\(record.value)"]! < detachedAt[name]!,
                    "\(name) heard \(record.value) after detach")
            }
        }
    }

    func run(steps: Int) {
        for _ in 0..<steps {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25: attachNew()
            case 25..<37: detachSome()
            case 37..<60: lifecycleWithMutation()
            case 60..<97: send(depth: 0)
            default:
                do {
                    try owner.tearDown()
                    tornDown = true
                    model.state = "tornDown"
                    model.members.removeAll()
                } catch {
                    check(false, "tear-down refused: \(error)")
                }
            }
            if !tornDown { checkQuiescent() }
        }
        checkLogs()
        checkSends()
    }
}

@MainActor
@Suite struct RandomSequenceTests {
    @Test func randomSequencesMatchTheReferenceModel() {
        let base: UInt64 = 0xB0C_2026
        var failing: [String] = []
        for offset in 0..<2_000 {
            let seed = base &+ UInt64(offset)
            let session = RandomSession(seed: seed)
            session.run(steps: 40)
            if let first = session.failures.first {
                failing.append("seed \(seed): \(first) (+\(session.failures.count - 1) more)")
            }
        }
        #expect(failing.isEmpty, "\(failing.count) failing sequences; first: \(failing.prefix(3))")
    }
}
