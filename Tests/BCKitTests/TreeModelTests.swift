import BCKit
import Testing

/// Counts dispatches and holds nothing else, so that installing it changes no lifetime.
@MainActor
final class CountingTracer: DispatchTracer {
    var count = 0

    func didDispatch(_ dispatch: DispatchRecord) { count += 1 }
}

/// A reference that does not keep its object alive.
struct WeakReference {
    weak var object: AnyObject?
}

/// The same script run by the kit: a real tree of owners whose controllers run the armed actions.
///
/// It holds the root owner and nothing else strongly: every nested owner and controller is held
/// only by the tree (and weakly here), so a leak shows as a live weak reference.
@MainActor
final class TreeSession: TreeWorld {
    var counters = TreeCounters()
    var arms: [(name: String, trigger: TreeTrigger, action: TreeAction)] = []
    var lifecycleCallbacks = 0
    let journal = Journal()
    let root = Owner(name: "R")
    let tracer: CountingTracer?
    private(set) var nested: [TreePlace: WeakReference] = [:]
    private(set) var controllers: [String: WeakReference] = [:]

    init(traced: Bool) {
        tracer = traced ? CountingTracer() : nil
        if let tracer { root.addObserver(tracer) }
        // The model sends where nobody may speak the conversation on purpose: those sends are
        // normal here, so the tree's debug diagnostics go nowhere rather than to the console.
        root.onDiagnostic = { _ in }
    }

    /// The same tree as ``TreeModel/build()``.
    func build() throws {
        let a = Owner(name: "A")
        let b = Owner(name: "B")
        let c = Owner(name: "C")
        for (place, owner) in [(TreePlace.a, a), (.b, b), (.c, c)] {
            if let tracer { owner.addObserver(tracer) }
            // Once detached a nested owner is a root of its own; the script still sends to it.
            owner.onDiagnostic = { _ in }
            nested[place] = WeakReference(object: owner)
        }
        try root.attach(make("r0", speaks: true))
        try root.attach(make("m0", speaks: false))
        try root.attach(a)
        try root.attach(make("r1", speaks: true))
        try root.attach(c)
        try a.attach(make("a0", speaks: true))
        try a.attach(b)
        try a.attach(make("a1", speaks: true))
        try b.attach(make("b0", speaks: true))
        try b.attach(make("b1", speaks: true))
        try c.attach(make("c0", speaks: true))
    }

    func owner(_ place: TreePlace) -> Owner? {
        place == .r ? root : nested[place]?.object as? Owner
    }

    private func make(_ name: String, speaks: Bool) -> any BusinessController {
        let hook: (LifecycleEvent) -> Void = { [unowned self] event in fire(name, .lifecycle(event)) }
        let controller: any BusinessController
        if speaks {
            let probe = Probe(name, journal)
            probe.onLifecycle = hook
            probe.onPing = { [unowned self] _ in fire(name, .ping) }
            controller = probe
        } else {
            let quiet = Mute(name, journal)
            quiet.onLifecycle = hook
            controller = quiet
        }
        controllers[name] = WeakReference(object: controller)
        return controller
    }

    static func name(of controller: any BusinessController) -> String {
        (controller as? any Recording)?.name ?? (controller as? Owner)?.name ?? "?"
    }

    private func controller(_ name: String, in place: TreePlace) -> (any BusinessController)? {
        owner(place)?.controllers.first { Self.name(of: $0) == name }
    }

    // MARK: TreeWorld

    func controllerNames(in place: TreePlace) -> [String] {
        owner(place)?.controllers.compactMap { ($0 as? any Recording)?.name } ?? []
    }

    var rootState: LifecycleState { root.state }

    func attach(_ name: String, speaks: Bool, to place: TreePlace) {
        let controller = make(name, speaks: speaks)
        try? owner(place)?.attach(controller)
    }

    func detach(_ name: String, from place: TreePlace) {
        guard let controller = controller(name, in: place) else { return }
        try? owner(place)?.detach(controller)
    }

    func move(_ name: String, from place: TreePlace, to target: TreePlace) {
        guard let controller = controller(name, in: place) else { return }
        try? owner(place)?.detach(controller)
        try? owner(target)?.attach(controller)
    }

    func send(_ value: Int, from place: TreePlace, reach: TreeReach) -> Int {
        guard let owner = owner(place) else { return 0 }
        let scope: Scope =
            switch reach {
            case .local: .local
            case .down: .broadcastDown
            case .up: .reportUp
            }
        return owner.center.send((any PingConversation).self, scope: scope) { $0.ping(value) }
    }

    func drive(_ event: LifecycleEvent) {
        try? root.handle(event)
    }

    func detachOwner(_ place: TreePlace) {
        guard let child = owner(place), let parent = child.parent else { return }
        try? parent.detach(child)
    }

    func tearDown() {
        try? root.tearDown()
    }
}

/// Runs one script in the model and in the kit side by side and compares them after every
/// top-level action.
@MainActor
final class TreeComparison {
    let model = TreeModel()
    let session: TreeSession
    /// How much of the journals already matched.
    private var matched = 0

    init(traced: Bool) throws {
        session = TreeSession(traced: traced)
        model.build()
        try session.build()
    }

    /// The first disagreement, naming the action after which it showed; `nil` when none.
    ///
    /// - Parameter eachStep: Compare after every action, or only once the script ran: enough when
    ///   every prefix of the script is also run as a script of its own, as the exhaustive run does.
    func run(_ script: [TreeAction], eachStep: Bool = true) -> String? {
        if eachStep, let problem = compare() { return "after building the tree: \(problem)" }
        for (index, action) in script.enumerated() {
            model.perform(action)
            session.perform(action)
            model.arms.removeAll()
            session.arms.removeAll()
            if eachStep || index == script.count - 1, let problem = compare() {
                return "after action \(index) (\(action)): \(problem)"
            }
        }
        return validPaths()
    }

    private func compare() -> String? {
        let expected = model.journal
        let seen = session.journal.events
        let common = min(seen.count, expected.count)
        if let first = (matched..<common).first(where: { seen[$0] != expected[$0] })
            ?? (seen.count == expected.count ? nil : common)
        {
            let context = max(0, first - 3)
            return """
                journal differs at \(first): kit \(seen[context..<min(seen.count, first + 4)].map(\.description)), \
                model \(expected[context..<min(expected.count, first + 4)].map(\.description))
                """
        }
        matched = common
        if session.counters != model.counters {
            return "sends reached \(session.counters.sends), model \(model.counters.sends)"
        }
        let liveOwners = model.liveOwners
        if let problem = model.inconsistencies(of: liveOwners).first { return problem }
        for node in liveOwners {
            guard let owner = session.owner(node.place) else { return "owner \(node.place) was freed" }
            if owner.state != node.state { return "\(node.place) is \(owner.state), model \(node.state)" }
            let names = owner.controllers.map(TreeSession.name(of:))
            if names != node.members.map(\.name) {
                return "\(node.place) holds \(names), model \(node.members.map(\.name))"
            }
            for (controller, member) in zip(owner.controllers, node.members)
            where owner.state(of: controller) != member.state {
                return "\(member.name) is \(owner.state(of: controller).map { "\($0)" } ?? "-"), model \(member.state)"
            }
        }
        return releases(liveOwners)
    }

    /// Every controller and nested owner the model says left the tree is freed; the others live.
    private func releases(_ liveOwners: [TreeModel.OwnerModel]) -> String? {
        let live = Set(liveOwners.flatMap { $0.members.filter { $0.nested == nil }.map(\.name) })
        for name in model.created + ["r0", "m0", "r1", "a0", "a1", "b0", "b1", "c0"] {
            let alive = session.controllers[name]?.object != nil
            if alive != live.contains(name) { return "\(name) is \(alive ? "alive" : "freed"), model disagrees" }
        }
        let livePlaces = Set(liveOwners.map(\.place))
        for place in TreePlace.nested {
            let alive = session.owner(place) != nil
            if alive != livePlaces.contains(place) {
                return "owner \(place) is \(alive ? "alive" : "freed"), model disagrees"
            }
        }
        return nil
    }

    /// Checked on the kit's journal alone: each controller attaches once, walks valid transitions
    /// and leaves only from initial or loaded; it hears messages only while attached.
    private func validPaths() -> String? {
        var states: [String: LifecycleState] = [:]
        var attached: Set<String> = []
        for event in session.journal.events {
            switch event {
            case .attached(let name):
                if attached.contains(name) { return "\(name) attached twice at once" }
                attached.insert(name)
                states[name] = .initial
            case .lifecycle(let name, let lifecycle):
                guard attached.contains(name), let state = states[name],
                    let next = TreeModel.after(state, lifecycle)
                else { return "\(name) got \(lifecycle) while \(states[name].map { "\($0)" } ?? "detached")" }
                states[name] = next
            case .ping(let name, let value):
                if !attached.contains(name) { return "\(name) heard ping \(value) while detached" }
            case .detached(let name):
                guard attached.contains(name), let state = states[name], state == .initial || state == .loaded else {
                    return "\(name) left while \(states[name].map { "\($0)" } ?? "detached")"
                }
                attached.remove(name)
                states[name] = nil
            }
        }
        return nil
    }
}

/// Random scripts of the tree model.
struct TreeScriptGenerator {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
    }

    mutating func script(length: Int) -> [TreeAction] {
        (0..<length).map { _ in topLevel() }
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func place() -> TreePlace { TreePlace.allCases.randomElement(using: &random)! }
    private mutating func pick() -> Int { Int.random(in: -2...2, using: &random) }

    mutating func topLevel() -> TreeAction {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18: .attach(place(), speaks: chance(75))
        case 18..<26: .detach(place(), pick: pick())
        case 26..<36: .move(place(), pick: pick(), to: place())
        case 36..<66: .armed(arms(.ping, depth: 0), .send(place(), TreeReach.allCases.randomElement(using: &random)!))
        case 66..<90: .armed(arms(.lifecycle(nil), depth: 0), drive())
        case 90..<97:
            .armed(arms(.lifecycle(nil), depth: 0), .detachOwner(TreePlace.nested.randomElement(using: &random)!))
        default: .tearDown
        }
    }

    private mutating func drive() -> TreeAction {
        chance(80) ? .advance : .drive(LifecycleEvent.allCases.randomElement(using: &random)!)
    }

    private mutating func arms(_ trigger: TreeTrigger, depth: Int) -> [TreeArm] {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in
            let armed: TreeTrigger =
                if case .lifecycle = trigger, chance(50) {
                    .lifecycle(LifecycleEvent.allCases.randomElement(using: &random)!)
                } else {
                    trigger
                }
            return TreeArm(place: place(), pick: pick(), trigger: armed, action: inner(depth: depth + 1))
        }
    }

    /// An action run from inside a callback.
    private mutating func inner(depth: Int) -> TreeAction {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18: .attach(place(), speaks: chance(75))
        case 18..<33: .detach(place(), pick: pick())
        case 33..<53: .move(place(), pick: pick(), to: place())
        case 53..<78:
            .armed(
                depth < 3 ? arms(.ping, depth: depth) : [],
                .send(place(), TreeReach.allCases.randomElement(using: &random)!))
        case 78..<88: depth < 3 ? .armed(arms(.lifecycle(nil), depth: depth), drive()) : drive()
        case 88..<96: .detachOwner(TreePlace.nested.randomElement(using: &random)!)
        default: .tearDown
        }
    }
}

@MainActor
@Suite struct TreeModelTests {
    /// Small, deterministic operations over the tree, each with its in-callback actions.
    ///
    /// Built per test rather than kept in a `static let`: AddressSanitizer's leak check reports the
    /// indirect enum boxes that a global array holds as leaked.
    static var alphabet: [TreeAction] {
        [
            .attach(.b, speaks: true),
            .attach(.r, speaks: true),
            .detach(.a, pick: -1),
            .move(.r, pick: 0, to: .b),
            // Broadcast down from R while its first receiver moves the last R controller into B.
            .armed(
                [TreeArm(place: .r, pick: 0, trigger: .ping, action: .move(.r, pick: -1, to: .b))], .send(.r, .down)),
            // Report up from B while its first receiver moves the last B controller into R.
            .armed([TreeArm(place: .b, pick: 0, trigger: .ping, action: .move(.b, pick: -1, to: .r))], .send(.b, .up)),
            // The first R controller sends from its own lifecycle callback: the receivers after it,
            // past a mute controller and the nested owner A, must have the event first (DESIGN 13).
            .armed([TreeArm(place: .r, pick: 0, trigger: .lifecycle(nil), action: .send(.r, .local))], .advance),
            // A controller of A detaches A from inside A's own fan-out.
            .armed([TreeArm(place: .a, pick: 0, trigger: .lifecycle(nil), action: .detachOwner(.a))], .advance),
            // A newcomer attached during a send does not hear it.
            .armed([TreeArm(place: .a, pick: 0, trigger: .ping, action: .attach(.a, speaks: true))], .send(.a, .local)),
            .detachOwner(.b),
            // The root torn down from inside a broadcast.
            .armed([TreeArm(place: .b, pick: 0, trigger: .ping, action: .tearDown)], .send(.r, .down)),
            // The last B controller broadcasts from A during the tree's fan-out.
            .armed([TreeArm(place: .b, pick: -1, trigger: .lifecycle(nil), action: .send(.a, .down))], .advance),
        ]
    }

    @Test(arguments: [false, true])
    func randomScriptsMatchTheReferenceModel(traced: Bool) throws {
        let base: UInt64 = 0x7EE_2026
        let count = 1_000
        print("TreeModelTests: random seeds \(base)..<\(base + UInt64(count)), traced: \(traced)")
        var failing: [String] = []
        for offset in 0..<count {
            let seed = base &+ UInt64(offset)
            var generator = TreeScriptGenerator(seed: seed)
            let script = generator.script(length: 30)
            if let problem = try TreeComparison(traced: traced).run(script) {
                failing.append("seed \(seed): \(problem)")
            }
        }
        #expect(failing.isEmpty, "\(failing.count) failing seeds; first: \(failing.prefix(2))")
    }

    /// Every script of one to four actions untraced, of one to three with a tracer (a slower path).
    /// Each is compared with the model once it ran: its prefixes are scripts of their own, so
    /// this checks the state after every action of every script. A sanitized build, ten times
    /// slower, checks one action fewer each: the plain build checked them all.
    @Test(arguments: Self.shortScriptLengths)
    func everyShortScriptMatchesTheReferenceModel(traced: Bool, length: Int) throws {
        let alphabet = Self.alphabet
        var checked = 0
        var failing: [String] = []
        for count in 1...length {
            var indices = [Int](repeating: 0, count: count)
            repeat {
                let script = indices.map { alphabet[$0] }
                if let problem = try TreeComparison(traced: traced).run(script, eachStep: false) {
                    failing.append("\(indices): \(problem)")
                }
                checked += 1
            } while Self.increment(&indices, base: alphabet.count)
        }
        print(
            """
            TreeModelTests: checked \(checked) scripts of 1 to \(length) actions from an alphabet of \
            \(alphabet.count), traced: \(traced)
            """)
        let expected = (1...length).map { count in (0..<count).reduce(1) { product, _ in product * alphabet.count } }
        #expect(checked == expected.reduce(0, +))
        #expect(failing.isEmpty, "\(failing.count) failing scripts; first: \(failing.prefix(2))")
    }

    #if BCKIT_SANITIZED
        nonisolated static let shortScriptLengths = [(false, 3), (true, 2)]
    #else
        nonisolated static let shortScriptLengths = [(false, 4), (true, 3)]
    #endif

    /// Counts in base `base`; `false` once every digit wrapped around.
    static func increment(_ digits: inout [Int], base: Int) -> Bool {
        for position in digits.indices.reversed() {
            digits[position] += 1
            if digits[position] < base { return true }
            digits[position] = 0
        }
        return false
    }
}
