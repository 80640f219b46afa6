import BCKit

/// The reference model of a tree of nested owners, written from DESIGN.md and the kit's documented
/// contract without any of the kit's code: not even `LifecycleState`'s transition table, catch-up
/// and closing lists, which it writes out again, so that a mutation there cannot fool it.
///
/// It predicts everything the controllers of the tree see (its `journal`), what each send returns,
/// and each owner's members and states.
@MainActor
final class TreeModel: TreeWorld {
    /// One controller's place in an owner: a plain controller, or a nested owner (`nested`).
    final class Member {
        let name: String
        let nested: OwnerModel?
        let speaks: Bool
        weak var owner: OwnerModel?
        var state = LifecycleState.initial
        var phase = Phase.joining

        init(name: String, nested: OwnerModel?, speaks: Bool, owner: OwnerModel) {
            self.name = name
            self.nested = nested
            self.speaks = speaks
            self.owner = owner
        }
    }

    enum Phase {
        /// Being caught up: hears no message yet.
        case joining
        case listening
        case gone
    }

    final class OwnerModel {
        let place: TreePlace
        weak var parent: OwnerModel?
        var state = LifecycleState.initial
        var members: [Member] = []
        /// Lifecycle deliveries running in this owner (fan-outs, catch-ups, closings).
        var deliveries = 0
        var run: Run?
        var isTearingDown = false
        var tearsDownAfterRun = false

        init(place: TreePlace) {
            self.place = place
        }
    }

    /// One fan-out: the members present when it started, walked once each, skipping those gone.
    final class Run {
        let event: LifecycleEvent
        let snapshot: [Member]
        var order: [Int]
        var isCancelled = false

        init(_ event: LifecycleEvent, over members: [Member]) {
            self.event = event
            snapshot = members
            order = TreeModel.isUp(event) ? Array(members.indices) : members.indices.reversed()
        }

        func next() -> Member? {
            while !isCancelled, !order.isEmpty {
                let member = snapshot[order.removeFirst()]
                if member.phase != .gone { return member }
            }
            return nil
        }
    }

    var counters = TreeCounters()
    var arms: [(name: String, trigger: TreeTrigger, action: TreeAction)] = []
    var lifecycleCallbacks = 0
    private(set) var journal: [Event] = []
    private(set) var owners: [TreePlace: OwnerModel] = [:]
    /// Every plain controller ever created, in creation order.
    private(set) var created: [String] = []

    init() {
        for place in TreePlace.allCases { owners[place] = OwnerModel(place: place) }
    }

    func owner(_ place: TreePlace) -> OwnerModel { owners[place]! }

    // MARK: The written-out lifecycle rules

    nonisolated static func isUp(_ event: LifecycleEvent) -> Bool {
        event == .didLoad || event == .willAppear || event == .didAppear
    }

    nonisolated static func after(_ state: LifecycleState, _ event: LifecycleEvent) -> LifecycleState? {
        switch (state, event) {
        case (.initial, .didLoad): .loaded
        case (.loaded, .willAppear), (.disappearing, .willAppear): .appearing
        case (.appearing, .didAppear): .appeared
        case (.appearing, .willDisappear), (.appeared, .willDisappear): .disappearing
        case (.disappearing, .didDisappear): .loaded
        default: nil
        }
    }

    /// What a newcomer is caught up with; joining a disappearing owner only loads it.
    nonisolated static func catchUp(to state: LifecycleState) -> [LifecycleEvent] {
        switch state {
        case .initial, .tornDown: []
        case .loaded, .disappearing: [.didLoad]
        case .appearing: [.didLoad, .willAppear]
        case .appeared: [.didLoad, .willAppear, .didAppear]
        }
    }

    /// What closes the appearance open in `state`.
    nonisolated static func closing(_ state: LifecycleState) -> [LifecycleEvent] {
        switch state {
        case .appearing, .appeared: [.willDisappear, .didDisappear]
        case .disappearing: [.didDisappear]
        case .initial, .loaded, .tornDown: []
        }
    }

    // MARK: Building the tree

    /// R: r0, m0 (mute), A, r1, C. A: a0, B, a1. B: b0, b1. C: c0.
    func build() {
        add("r0", to: .r)
        add("m0", speaks: false, to: .r)
        nest(.a, in: .r)
        add("r1", to: .r)
        nest(.c, in: .r)
        add("a0", to: .a)
        nest(.b, in: .a)
        add("a1", to: .a)
        add("b0", to: .b)
        add("b1", to: .b)
        add("c0", to: .c)
    }

    private func add(_ name: String, speaks: Bool = true, to place: TreePlace) {
        attach(name, speaks: speaks, to: place)
    }

    private func nest(_ place: TreePlace, in parent: TreePlace) {
        let child = owner(place)
        let member = Member(name: place.rawValue, nested: child, speaks: false, owner: owner(parent))
        child.parent = owner(parent)
        join(member, owner(parent))
    }

    // MARK: TreeWorld

    func controllerNames(in place: TreePlace) -> [String] {
        owner(place).members.filter { $0.nested == nil }.map(\.name)
    }

    var rootState: LifecycleState { owner(.r).state }

    func attach(_ name: String, speaks: Bool, to place: TreePlace) {
        created.append(name)
        let target = owner(place)
        guard target.state != .tornDown, !target.isTearingDown, !target.tearsDownAfterRun else { return }
        join(Member(name: name, nested: nil, speaks: speaks, owner: target), target)
    }

    func detach(_ name: String, from place: TreePlace) {
        let source = owner(place)
        guard let member = source.members.first(where: { $0.name == name }) else { return }
        remove(member, from: source)
    }

    func move(_ name: String, from place: TreePlace, to target: TreePlace) {
        let source = owner(place)
        guard let member = source.members.first(where: { $0.name == name }) else { return }
        remove(member, from: source)
        let destination = owner(target)
        guard destination.state != .tornDown, !destination.isTearingDown, !destination.tearsDownAfterRun else {
            return
        }
        join(Member(name: name, nested: nil, speaks: member.speaks, owner: destination), destination)
    }

    func send(_ value: Int, from place: TreePlace, reach: TreeReach) -> Int {
        // The receivers of the whole scope, fixed when the send starts.
        var scope: [OwnerModel] = []
        switch reach {
        case .local:
            scope = [owner(place)]
        case .up:
            var current: OwnerModel? = owner(place)
            while let next = current {
                scope.append(next)
                current = next.parent
            }
        case .down:
            func visit(_ node: OwnerModel) {
                scope.append(node)
                for member in node.members where member.phase == .listening {
                    if let nested = member.nested { visit(nested) }
                }
            }
            visit(owner(place))
        }
        let receivers = scope.flatMap { node in
            node.members.filter { $0.phase == .listening && $0.speaks && $0.nested == nil }
        }
        var reached = 0
        for receiver in receivers where receiver.phase != .gone {
            // DESIGN 13: a receiver lagging its owner's running up event, or, for a broadcast,
            // whose owner lags an up event running in an owner between it and the origin, is
            // moved forward first.
            if let home = receiver.owner {
                bringInStep(home, to: receiver, below: reach == .down ? owner(place) : nil)
                guard receiver.phase != .gone else { continue }
            }
            reached += 1
            journal.append(.ping(receiver.name, value))
            fire(receiver.name, .ping)
        }
        return reached
    }

    func drive(_ event: LifecycleEvent) {
        guard !isDeliveringBelow(owner(.r)) else { return }
        apply(event, to: owner(.r))
    }

    /// Whether an owner nested (at any depth) in `node` is delivering a lifecycle event: the root
    /// refuses to be driven, torn down or reused then.
    private func isDeliveringBelow(_ node: OwnerModel) -> Bool {
        node.members.contains { member in
            guard let nested = member.nested else { return false }
            return nested.deliveries > 0 || isDeliveringBelow(nested)
        }
    }

    func detachOwner(_ place: TreePlace) {
        let child = owner(place)
        guard let parent = child.parent, let member = parent.members.first(where: { $0.nested === child }) else {
            return
        }
        remove(member, from: parent)
    }

    func tearDown() {
        guard !isDeliveringBelow(owner(.r)) else { return }
        finish(owner(.r))
    }

    // MARK: The rules

    private func join(_ member: Member, _ target: OwnerModel) {
        target.members.append(member)
        if member.nested == nil { journal.append(.attached(member.name)) }
        for event in Self.catchUp(to: target.state) {
            guard member.phase != .gone else { break }
            deliver(event, toOnly: member, in: target)
        }
        if member.phase != .gone { member.phase = .listening }
    }

    private func remove(_ member: Member, from source: OwnerModel) {
        member.phase = .gone
        source.members.removeAll { $0 === member }
        for event in Self.closing(member.state) {
            deliver(event, toOnly: member, in: source)
        }
        member.state = .tornDown
        if let nested = member.nested {
            if nested.deliveries > 0 {
                // Detached from inside its own delivery: stop it, tear down once it unwinds.
                nested.run?.isCancelled = true
                nested.tearsDownAfterRun = true
            } else {
                finish(nested)
            }
            nested.parent = nil
        } else {
            journal.append(.detached(member.name))
        }
        member.owner = nil
    }

    private func deliver(_ event: LifecycleEvent, toOnly member: Member, in node: OwnerModel) {
        node.deliveries += 1
        step(event, member)
        endDelivery(node)
    }

    private func endDelivery(_ node: OwnerModel) {
        node.deliveries -= 1
        if node.deliveries == 0, node.tearsDownAfterRun {
            node.tearsDownAfterRun = false
            finish(node)
        }
    }

    private func step(_ event: LifecycleEvent, _ member: Member) {
        guard let next = Self.after(member.state, event) else { return }
        member.state = next
        if let nested = member.nested {
            if !nested.tearsDownAfterRun { apply(event, to: nested) }
        } else {
            journal.append(.lifecycle(member.name, event))
            fire(member.name, .lifecycle(event))
        }
    }

    private func apply(_ event: LifecycleEvent, to node: OwnerModel) {
        guard node.state != .tornDown, !node.isTearingDown, !node.tearsDownAfterRun, node.deliveries == 0,
            let next = Self.after(node.state, event)
        else { return }
        node.state = next
        fanOut(event, in: node)
    }

    private func fanOut(_ event: LifecycleEvent, in node: OwnerModel) {
        let run = Run(event, over: node.members)
        node.deliveries += 1
        node.run = run
        while let member = run.next() {
            step(event, member)
        }
        node.run = nil
        endDelivery(node)
    }

    /// Brings `node` in step with the running up events of its ancestors up to `origin` (a
    /// broadcast's), outermost first, then `member` with the event `node` runs (DESIGN 13).
    private func bringInStep(_ node: OwnerModel, to member: Member, below origin: OwnerModel?) {
        // An owner delivering an event itself or below would refuse what it is told meanwhile:
        // it is not moved.
        if let origin, node !== origin, let parent = node.parent, node.deliveries == 0, !isDeliveringBelow(node),
            let own = parent.members.first(where: { $0.nested === node })
        {
            bringInStep(parent, to: own, below: origin)
        }
        bringForward(node, to: member)
    }

    private func bringForward(_ node: OwnerModel, to member: Member) {
        guard let run = node.run, Self.isUp(run.event) else { return }
        while member.phase != .gone, Self.after(member.state, run.event) != nil, let next = run.next() {
            step(run.event, next)
        }
    }

    private func finish(_ node: OwnerModel) {
        guard node.state != .tornDown, node.deliveries == 0, !node.isTearingDown else { return }
        node.isTearingDown = true
        for event in Self.closing(node.state) {
            node.state = Self.after(node.state, event) ?? node.state
            fanOut(event, in: node)
        }
        node.state = .tornDown
        while let last = node.members.last {
            remove(last, from: node)
        }
        node.isTearingDown = false
    }

    // MARK: What the checks read

    /// The owners still in the tree: the root, and every nested owner reachable from it.
    var liveOwners: [OwnerModel] {
        var found: [OwnerModel] = []
        func visit(_ node: OwnerModel) {
            found.append(node)
            for member in node.members { if let nested = member.nested { visit(nested) } }
        }
        visit(owner(.r))
        return found
    }

    /// What must hold whenever nothing runs: each nested owner is in the state its parent told it,
    /// and each controller is in its owner's state, or only loaded if it joined while the owner was
    /// disappearing.
    func inconsistencies(of liveOwners: [OwnerModel]) -> [String] {
        var found: [String] = []
        for node in liveOwners {
            if node.deliveries != 0 || node.run != nil || node.isTearingDown || node.tearsDownAfterRun {
                found.append("model owner \(node.place) still busy")
            }
            for member in node.members {
                if let nested = member.nested, nested.state != member.state {
                    found.append("\(nested.place) is \(nested.state), its parent told it \(member.state)")
                }
                let allowed: Set<LifecycleState> =
                    node.state == .disappearing ? [.disappearing, .loaded] : [node.state]
                if !allowed.contains(member.state) {
                    found.append("\(member.name) is \(member.state) in \(node.place), which is \(node.state)")
                }
            }
        }
        return found
    }
}
