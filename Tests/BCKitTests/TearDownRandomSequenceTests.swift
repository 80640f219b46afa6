import Testing

@testable import BCKit

// Random sequences of tear-downs and batch detaches whose goodbyes and messages act again: detach
// one controller or a batch (some refused: named twice, not attached), send, ask, attach (refused
// during a tear-down), save, or tear the owner down from inside. Owners of 1 to 130 controllers
// cross the batch detach's scan (up to `Owner.scanLimit`) and its hashed lookup, and a tear-down
// lets its controllers go without copying the order the walk shares. The model is the owner's
// order and the stack of goodbyes expected: each controller says goodbye exactly once, in order,
// sees the controllers the model holds, and a send reaches exactly the listeners it started with
// that have not left, in order. Every controller and attachment is freed after the tear-down, and
// the order's storage is empty.

/// A controller whose goodbye and ping run a random action of the session.
@MainActor
final class TearDownParticipant: BusinessController, PingConversation, NameQuery {
    weak var owner: Owner?
    let name: String
    unowned let session: TearDownSession
    init(_ name: String, _ session: TearDownSession) {
        self.name = name
        self.session = session
    }
    func ping(_ value: Int) { session.heard(name, value) }
    var nickname: String? { name }
    func willDetach(from owner: Owner) { session.goodbye(name) }
}

@MainActor
final class TearDownSession {
    var random: SeededGenerator
    let owner = Owner(name: "TearDown")
    /// Model: members in the owner's order (priority desc, then attach order).
    var members: [(name: String, priority: Int, seq: Int)] = []
    var nextSeq = 0
    var controllers: [String: TearDownParticipant] = [:]
    var everCreated: [TearDownParticipant] = []
    var weakOnes: [() -> AnyObject?] = []
    var goodbyes: [String: Int] = [:]
    var frames: [[String]] = []
    var tearingDown = false
    var tornDown = false
    var failures: [String] = []
    var sendCount = 0
    struct OpenSend {
        let value: Int
        let eligible: [String]
        var reached: [String] = []
    }
    var openSends: [OpenSend] = []
    var depth = 0

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
        owner.onDiagnostic = { _ in }
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    var names: [String] { members.map(\.name) }
    func ordered() {
        members.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.seq < $1.seq }
    }
    func checkOrder(_ context: String) {
        let seen = owner.controllers.map { ($0 as! TearDownParticipant).name }
        check(seen == names, "\(context): controllers \(seen) model \(names)")
    }

    // MARK: Callbacks

    func goodbye(_ name: String) {
        goodbyes[name, default: 0] += 1
        check(goodbyes[name] == 1, "\(name) said goodbye twice")
        if let top = frames.last, top != ["#teardown"] {
            check(top.first == name, "goodbye of \(name), expected \(top.first ?? "none") of a detach")
            if !top.isEmpty { frames[frames.count - 1].removeFirst() }
        } else {
            check(tearingDown, "goodbye of \(name) outside any detach")
            check(names.last == name, "tear-down goodbye of \(name), model last \(names.last ?? "none")")
            members.removeAll { $0.name == name }
        }
        checkOrder("goodbye of \(name)")
        if depth < 3, chance(60) {
            depth += 1
            act()
            depth -= 1
        }
    }

    func heard(_ name: String, _ value: Int) {
        guard let index = openSends.lastIndex(where: { $0.value == value }) else {
            check(false, "\(name) heard \(value) which is not open")
            return
        }
        check(names.contains(name), "\(name) heard \(value) while detached")
        let send = openSends[index]
        if let last = send.reached.last {
            let a = send.eligible.firstIndex(of: last)!
            let b = send.eligible.firstIndex(of: name)
            check(b != nil && b! > a, "\(name) heard \(value) out of order")
        } else {
            check(send.eligible.contains(name), "\(name) heard \(value), not eligible")
        }
        openSends[index].reached.append(name)
        if depth < 3, chance(30) {
            depth += 1
            act()
            depth -= 1
        }
    }

    // MARK: Actions

    func act() {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25: detachOne()
        case 25..<55: detachBatch()
        case 55..<70: send()
        case 70..<80: attachNew()
        case 80..<88:
            checkOrder("query")
            let first = owner.center.first((any NameQuery).self) { $0.nickname }
            check(first == names.first, "first answered \(first ?? "nil"), model \(names.first ?? "nil")")
        case 88..<94:
            _ = owner.saveState()
        case 94..<97:
            let wasTearingDown = tearingDown
            tearingDown = true
            frames.append(["#teardown"])
            let stateBefore = owner.state
            let countBefore = owner.controllers.count
            do { try owner.tearDown() } catch { check(false, "inner tear-down refused: \(error)") }
            if !wasTearingDown, !names.isEmpty {
                failures.append(
                    "inner tear-down: state \(stateBefore) -> \(owner.state), controllers \(countBefore) -> \(owner.controllers.count), frames \(frames), depth \(depth), openSends \(openSends.count)"
                )
            }
            frames.removeLast()
            tearingDown = wasTearingDown
            tornDown = true
            check(wasTearingDown || names.isEmpty, "after an inner tear-down the model holds \(names)")
        default: break
        }
    }

    func attachNew(priority: Int? = nil) {
        let name = "c\(nextSeq)"
        let controller = TearDownParticipant(name, self)
        let priority = priority ?? Int.random(in: -1...1, using: &random)
        do {
            try owner.attach(controller, priority: priority)
            check(!tearingDown && !tornDown, "attach of \(name) during tear-down accepted")
            members.append((name, priority, nextSeq))
            ordered()
            controllers[name] = controller
            everCreated.append(controller)
            weakOnes.append { [weak controller] in controller }
            if let attachment = owner.attachments.first(where: { $0.controller === controller }) {
                weakOnes.append { [weak attachment] in attachment }
            }
        } catch {
            check(tearingDown || tornDown, "attach of \(name) refused: \(error)")
        }
        nextSeq += 1
        checkOrder("attach")
    }

    func pick() -> TearDownParticipant? {
        if chance(10), let any = everCreated.randomElement(using: &random) { return any }
        guard let name = names.randomElement(using: &random) else { return nil }
        return controllers[name]
    }

    func detachOne() {
        guard let target = pick() else { return }
        let expected = names.contains(target.name)
        if expected {
            members.removeAll { $0.name == target.name }
            frames.append([target.name])
        }
        do {
            try owner.detach(target)
            check(expected, "detach of \(target.name) accepted")
        } catch {
            var isNotAttached = false
            if error == .notAttached("TearDownParticipant") { isNotAttached = true }
            check(!expected && isNotAttached, "detach of \(target.name) refused: \(error)")
        }
        if expected {
            check(frames.last?.isEmpty == true, "detach of \(target.name) left \(frames.last!)")
            frames.removeLast()
        }
        checkOrder("after detach")
    }

    func detachBatch() {
        var batch: [TearDownParticipant] = []
        let size = Int.random(in: 0...max(1, names.count), using: &random)
        for name in names.shuffled(using: &random).prefix(size) { batch.append(controllers[name]!) }
        if chance(10), let dup = batch.randomElement(using: &random) {
            batch.insert(dup, at: Int.random(in: 0...batch.count, using: &random))
        }
        if chance(10), let any = everCreated.randomElement(using: &random) { batch.append(any) }
        let batchNames = batch.map(\.name)
        let valid = Set(batchNames).count == batchNames.count && batchNames.allSatisfy(names.contains)
        let order = names.filter(batchNames.contains).reversed() as [String]
        if valid {
            members.removeAll { batchNames.contains($0.name) }
            frames.append(order)
        }
        do {
            try owner.detach(batch)
            check(valid, "batch \(batchNames) accepted")
        } catch {
            check(!valid, "batch \(batchNames) refused: \(error)")
        }
        if valid {
            check(frames.last?.isEmpty == true, "batch \(batchNames) left \(frames.last!)")
            frames.removeLast()
        }
        checkOrder("after batch")
    }

    func send() {
        let value = sendCount
        sendCount += 1
        openSends.append(OpenSend(value: value, eligible: names))
        let reported = owner.center.send((any PingConversation).self) { $0.ping(value) }
        let done = openSends.removeLast()
        check(done.value == value, "sends unwound out of order")
        check(reported == done.reached.count, "send \(value) reported \(reported), reached \(done.reached)")
        for name in done.eligible where names.contains(name) && !done.reached.contains(name) {
            check(false, "send \(value) missed \(name)")
        }
    }

    func run() throws {
        let sizes = [1, 2, 3, 15, 16, 17, 31, 32, 33, 40, 65, 70, 130]
        let size = sizes.randomElement(using: &random)!
        for _ in 0..<size { attachNew(priority: chance(80) ? 0 : nil) }
        if chance(50) { try owner.didLoad() }
        if chance(50), owner.state == .loaded {
            try owner.willAppear()
            try owner.didAppear()
        }
        for _ in 0..<Int.random(in: 0..<6, using: &random) {
            depth = 0
            switch Int.random(in: 0..<4, using: &random) {
            case 0: detachBatch()
            case 1: detachOne()
            case 2: send()
            default: attachNew()
            }
        }
        depth = 0
        tearingDown = true
        try owner.tearDown()
        tearingDown = false
        tornDown = true
        check(names.isEmpty, "model still holds \(names)")
        check(owner.controllers.isEmpty, "owner still holds \(owner.controllers.count)")
        check(
            owner.attachments.slots.isEmpty && owner.attachments.letGo == 0 && owner.attachments.emptied == 0,
            "order storage not empty: \(owner.attachments.slots.count) slots, letGo \(owner.attachments.letGo)")
        for (name, count) in goodbyes where count != 1 { check(false, "\(name) had \(count) goodbyes") }
        check(goodbyes.count == controllers.count, "\(controllers.count - goodbyes.count) never said goodbye")
        controllers.removeAll()
        everCreated.removeAll()
    }
}

@MainActor
@Suite struct TearDownRandomSequenceTests {
    @Test func tearDownsAndBatchDetachesWithReentrantGoodbyesMatchTheModel() throws {
        var failing: [String] = []
        for offset in 0..<1000 {
            let seed = 0x48_2026 &+ UInt64(offset)
            let session = TearDownSession(seed: seed)
            try session.run()
            let leaked = session.weakOnes.filter { $0() != nil }.count
            if leaked > 0 { session.failures.append("\(leaked) objects alive after tear-down") }
            if let first = session.failures.first {
                failing.append("seed \(seed): \(first) (+\(session.failures.count - 1) more)")
            }
        }
        let count = failing.count
        let firsts = Array(failing.prefix(5))
        #expect(count == 0, "\(count) failing; first: \(firsts)")
    }
}
