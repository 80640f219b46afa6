import BCKit
import Testing

// Random sessions of gathers against a model of their replies: several gathers open at once, each
// receiver answering at once, keeping its reply to answer or drop later, dropping it at once, or
// leaving the question to its default; receivers attached and detached between them, and a
// tear-down at the end. The model holds each gather's slots (awaited, answered, left out): a
// gather's completion runs exactly once, as soon as no slot is awaited once its asking is over,
// with the answers in the order the receivers were asked; a reply dropped while awaited by an
// attached receiver is reported; everything is freed after the tear-down.

/// A gathered question of the random sessions, with a default marked with `notHandled()`.
@MainActor
protocol RandomQuoteQuery: AnyObject {
    func quote(reply: Reply<Int>)
}

extension RandomQuoteQuery {
    func quote(reply: Reply<Int>) { notHandled() }
}

/// Answers as its session tells it to, at once or later.
@MainActor
final class QuotingParticipant: BusinessController, RandomQuoteQuery {
    weak var owner: Owner?
    let name: String
    unowned let session: GatherSession
    /// The replies it keeps, by gather.
    var kept: [Int: Reply<Int>] = [:]

    init(_ name: String, _ session: GatherSession) {
        self.name = name
        self.session = session
    }

    func quote(reply: Reply<Int>) { session.asked(self, reply) }
}

/// Leaves the question to its default.
@MainActor
final class DefaultingParticipant: BusinessController, RandomQuoteQuery {
    weak var owner: Owner?
}

@MainActor
final class GatherSession {
    /// Where one receiver's answer to one gather stands in the model.
    enum Slot: Equatable {
        case awaited
        case answered(Int)
        case leftOut
    }

    /// One gather of the model: its receivers' slots in the order they were asked.
    struct Gather {
        var slots: [(receiver: String, slot: Slot)] = []
        var asking = true
        var completions: [[Int]] = []

        var isDue: Bool { !asking && !slots.contains { $0.slot == .awaited } }
        var answers: [Int] {
            slots.compactMap { if case .answered(let value) = $0.slot { value } else { nil } }
        }
    }

    var random: SeededGenerator
    let owner = Owner(name: "Quotes")
    var attached: [String] = []
    var quoting: [String: QuotingParticipant] = [:]
    var defaulting: [String: DefaultingParticipant] = [:]
    var created: [() -> AnyObject?] = []
    var gathers: [Gather] = []
    var next = 0
    var droppedWhileAwaited = 0
    var reportedDrops = 0
    var failures: [String] = []

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
        owner.onDiagnostic = { [unowned self] in
            if $0.cause == .droppedReply { reportedDrops += 1 }
        }
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }

    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// What a quoting receiver does when asked the current gather.
    func asked(_ participant: QuotingParticipant, _ reply: Reply<Int>) {
        let gather = gathers.count - 1
        let roll = Int.random(in: 0..<3, using: &random)
        switch roll {
        case 0:
            let value = Int.random(in: 1...999, using: &random)
            gathers[gather].slots.append((participant.name, .answered(value)))
            reply(value)
        case 1:
            gathers[gather].slots.append((participant.name, .awaited))
            participant.kept[gather] = reply
        default:
            // Dropped at once: released when this call returns.
            gathers[gather].slots.append((participant.name, .leftOut))
            droppedWhileAwaited += 1
        }
    }

    func attach() throws {
        next += 1
        let name = "R\(next)"
        if chance(25) {
            let participant = DefaultingParticipant()
            defaulting[name] = participant
            created.append { [weak participant] in participant }
            try owner.attach(participant)
        } else {
            let participant = QuotingParticipant(name, self)
            quoting[name] = participant
            created.append { [weak participant] in participant }
            try owner.attach(participant)
        }
        attached.append(name)
    }

    func gather() {
        let index = gathers.count
        gathers.append(Gather())
        let asked = owner.center.gather((any RandomQuoteQuery).self) { receiver, reply in
            if let participant = receiver as? DefaultingParticipant,
                let name = defaulting.first(where: { $0.value === participant })?.key
            {
                gathers[index].slots.append((name, .leftOut))
            }
            receiver.quote(reply: reply)
        } completion: { [unowned self] answers in
            gathers[index].completions.append(answers)
        }
        check(asked == attached.count, "gather \(index) asked \(asked) of \(attached.count)")
        gathers[index].asking = false
    }

    /// Answers or drops a kept reply, or detaches a receiver.
    func resolve() throws {
        let keepers = quoting.values.filter { !$0.kept.isEmpty }
        if let keeper = keepers.randomElement(using: &random), chance(70) {
            let gather = keeper.kept.keys.sorted().randomElement(using: &random)!
            let reply = keeper.kept.removeValue(forKey: gather)!
            let isAttached = attached.contains(keeper.name)
            let position = gathers[gather].slots.firstIndex { $0.receiver == keeper.name }!
            if chance(50) {
                let value = Int.random(in: 1...999, using: &random)
                if isAttached { gathers[gather].slots[position].slot = .answered(value) }
                reply(value)
            } else if isAttached {
                gathers[gather].slots[position].slot = .leftOut
                droppedWhileAwaited += 1
            }
            return
        }
        guard let name = attached.randomElement(using: &random) else { return }
        let controller: any BusinessController = quoting[name] ?? defaulting[name]!
        try owner.detach(controller)
        attached.removeAll { $0 == name }
        for gather in gathers.indices {
            for position in gathers[gather].slots.indices
            where gathers[gather].slots[position].receiver == name && gathers[gather].slots[position].slot == .awaited {
                gathers[gather].slots[position].slot = .leftOut
            }
        }
    }

    func tearDown() throws {
        try owner.tearDown()
        for name in attached {
            for gather in gathers.indices {
                for position in gathers[gather].slots.indices
                where gathers[gather].slots[position].receiver == name
                    && gathers[gather].slots[position].slot == .awaited
                {
                    gathers[gather].slots[position].slot = .leftOut
                }
            }
        }
        attached = []
    }

    func checkGathers(after step: String) {
        for (index, gather) in gathers.enumerated() {
            if gather.isDue {
                check(
                    gather.completions == [gather.answers],
                    "after \(step): gather \(index) completed \(gather.completions), expected once with \(gather.answers)"
                )
            } else {
                check(gather.completions.isEmpty, "after \(step): gather \(index) completed while awaited")
            }
        }
    }

    func run(steps: Int) throws {
        for _ in 0..<Int.random(in: 1...5, using: &random) { try attach() }
        for step in 0..<steps {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2: gather()
            case 3...6: try resolve()
            default: try attach()
            }
            checkGathers(after: "step \(step)")
        }
        try tearDown()
        checkGathers(after: "the tear-down")
        #if DEBUG
            check(
                (reportedDrops > 0) == (droppedWhileAwaited > 0),
                "reported \(reportedDrops), dropped \(droppedWhileAwaited)")
        #endif
    }
}

@MainActor
@Suite struct GatherRandomSequenceTests {
    @Test(arguments: 0..<1_000)
    func aRandomSessionOfGathersMatchesTheModel(seed: UInt64) throws {
        var weakOnes: [() -> AnyObject?] = []
        do {
            let session = GatherSession(seed: seed)
            try session.run(steps: 30)
            let failures = Array(session.failures.prefix(3))
            #expect(failures.isEmpty, "seed \(seed)")
            weakOnes = session.created
            for participant in session.quoting.values { participant.kept = [:] }
        }
        #expect(weakOnes.allSatisfy { $0() == nil }, "seed \(seed): a participant outlived its session")
    }
}
