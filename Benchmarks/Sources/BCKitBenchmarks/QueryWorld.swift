import BCKit

/// The queries with real indirect calls: N controllers, every other one a receiver, the receivers
/// alternately a ``Listener`` and a ``Replier``; only the last receiver answers `first`. At N = 0
/// the owner has the tables and no controller: what a send or a query costs before any receiver
/// (the fixed cost).
@MainActor
final class QueryWorld {
    let tally = Tally()
    let owner = Owner(name: "Queries")
    let receivers: [any BusinessController]
    let lookups: [any IndirectLookup]
    let values: [any IndirectValue]

    init(n: Int) {
        var controllers: [any BusinessController] = []
        var lookups: [any IndirectLookup] = []
        var values: [any IndirectValue] = []
        let last = (n - 1) / 2 * 2
        for index in 0..<n {
            guard index % 2 == 0 else {
                controllers.append(Bystander())
                continue
            }
            if index % 4 == 0 {
                let listener = Listener(tally: tally, answers: index == last)
                (lookups, values) = (lookups + [listener], values + [listener])
                controllers.append(listener)
            } else {
                let replier = Replier(tally: tally, answers: index == last)
                (lookups, values) = (lookups + [replier], values + [replier])
                controllers.append(replier)
            }
        }
        receivers = controllers
        self.lookups = lookups
        self.values = values
        try! owner.attach(controllers)
        owner.center.prepare((any IndirectLookup).self)
        owner.center.prepare((any IndirectValue).self)
        owner.center.prepare((any Ping).self)
    }

    private var answer: Int { lookups.isEmpty ? 0 : 42 }

    var kitFirst: Runner {
        let center = owner.center
        let answer = answer
        return Runner(label: "kit", operations: 1, expectedCalls: lookups.count, tally: tally) { iterations in
            var total = 0
            let elapsed = timeLoop(iterations) { total &+= center.first((any IndirectLookup).self) { $0.lookup() } ?? 0 }
            precondition(total == iterations * answer, "first: wrong answers")
            return elapsed
        }
    }

    var loopFirst: Runner {
        let lookups = lookups
        let answer = answer
        return Runner(label: "hand loop, two types", operations: 1, expectedCalls: lookups.count, tally: tally) {
            iterations in
            var total = 0
            let elapsed = timeLoop(iterations) {
                for index in lookups.indices {
                    if let answer = lookups[index].lookup() {
                        total &+= answer
                        break
                    }
                }
            }
            precondition(total == iterations * answer, "first: wrong answers")
            return elapsed
        }
    }

    var kitAll: Runner {
        let center = owner.center
        let count = values.count
        return Runner(label: "kit", operations: 1, expectedCalls: count, tally: tally) { iterations in
            var total = 0
            let elapsed = timeLoop(iterations) { total &+= center.all((any IndirectValue).self) { $0.value }.count }
            precondition(total == iterations * count, "all: \(total) answers")
            return elapsed
        }
    }

    /// The fair baseline of `all`: a hand loop that reserves its answers' room first, as `all`
    /// does from its table's count.
    var loopAll: Runner {
        let values = values
        return Runner(label: "hand loop, two types, reserved", operations: 1, expectedCalls: values.count, tally: tally)
        { iterations in
            var total = 0
            let elapsed = timeLoop(iterations) {
                var answers: [Int] = []
                answers.reserveCapacity(values.count)
                for index in values.indices {
                    answers.append(values[index].value)
                }
                total &+= answers.count
            }
            precondition(total == iterations * values.count, "all: \(total) answers")
            return elapsed
        }
    }

    /// The baseline `all` was held against until issue 33: the same loop growing its array as it
    /// appends. Kept, labelled, for the rows' history; no bound applies to it.
    var loopAllGrowing: Runner {
        let values = values
        return Runner(label: "hand loop, two types, growing", operations: 1, expectedCalls: values.count, tally: tally)
        { iterations in
            var total = 0
            let elapsed = timeLoop(iterations) {
                var answers: [Int] = []
                for index in values.indices {
                    answers.append(values[index].value)
                }
                total &+= answers.count
            }
            precondition(total == iterations * values.count, "all: \(total) answers")
            return elapsed
        }
    }

    /// A send to the conversation nobody here speaks but ``Listener``s (none at N = 0).
    var kitSend: Runner {
        let center = owner.center
        let listeners = lookups.count { $0 is Listener }
        return Runner(label: "kit", operations: 1, expectedCalls: listeners, tally: tally) { iterations in
            timeLoop(iterations) { center.send((any Ping).self) { $0.ping() } }
        }
    }

    /// Sends alternating between two conversations, one iteration a send to each (two operations):
    /// at N = 0, the fixed cost of a send when the conversation differs from the last one's.
    var kitAlternatingSends: Runner {
        let center = owner.center
        let listeners = lookups.count { $0 is Listener }
        return Runner(label: "kit", operations: 2, expectedCalls: listeners + lookups.count, tally: tally) {
            iterations in
            timeLoop(iterations) {
                center.send((any Ping).self) { $0.ping() }
                center.send((any IndirectLookup).self) { _ = $0.lookup() }
            }
        }
    }

    var runnersByName: [String: Runner] {
        [
            "first2-kit": kitFirst, "first2-loop": loopFirst, "all2-kit": kitAll, "all2-loop": loopAll,
            "all2-loop-grow": loopAllGrowing, "fixed-send": kitSend, "fixed-first": kitFirst, "fixed-all": kitAll,
            "fixed-alternate": kitAlternatingSends,
        ]
    }
}
