import BCKit
import Foundation
import OpenCombine

/// N controllers, every other one a ``Listener``, and the same receivers wired into each baseline.
@MainActor
final class FanOutWorld {
    let n: Int
    let tally = Tally()
    let owner = Owner(name: "FanOut")
    let controllers: [any BusinessController]
    let listeners: [Listener]
    let pings: [any Ping]
    let openPings: [any OpenPing]
    let closures: [() -> Void]
    let subject = PassthroughSubject<Void, Never>()
    let subscriptions: [AnyCancellable]
    let notifications = NotificationCenter()
    let observers: [any NSObjectProtocol]
    static let name = Notification.Name("BCKitBenchmarks.ping")

    init(n: Int) {
        self.n = n
        var controllers: [any BusinessController] = []
        var listeners: [Listener] = []
        for index in 0..<n {
            if index % 2 == 0 {
                let listener = Listener(tally: tally, answers: index == (n - 1) / 2 * 2)
                listeners.append(listener)
                controllers.append(listener)
            } else {
                controllers.append(Bystander())
            }
        }
        self.controllers = controllers
        self.listeners = listeners
        pings = listeners
        openPings = listeners
        closures = listeners.map { listener in { listener.ping() } }
        let tally = tally
        let subject = subject
        let notifications = notifications
        // The subscribers and observers bump the tally directly instead of calling into a
        // main-actor controller: that spares them an isolation check, so the comparison favours
        // them.
        subscriptions = listeners.map { _ in subject.sink { tally.bump() } }
        observers = listeners.map { _ in
            notifications.addObserver(forName: FanOutWorld.name, object: nil, queue: nil) { _ in tally.bump() }
        }
        try! owner.attach(controllers)
        owner.center.prepare((any Ping).self)
        owner.center.prepare((any OpenPing).self)
        owner.center.prepare((any RelayPing).self)
        owner.center.prepare((any ValueQuery).self)
        owner.center.prepare((any LookupQuery).self)
    }

    private func runner(_ label: String, operations: Int = 1, calls: Int? = nil, _ run: @escaping (Int) -> UInt64)
        -> Runner
    {
        Runner(label: label, operations: operations, expectedCalls: calls ?? listeners.count, tally: tally, run: run)
    }

    // MARK: - Class-bound fan-out

    var kit: Runner {
        let center = owner.center
        return runner("kit") { iterations in
            timeLoop(iterations) { center.send((any Ping).self) { $0.ping() } }
        }
    }

    var limit: Runner {
        let pings = pings
        return runner("limit") { iterations in
            timeLoop(iterations) { each(pings) { $0.ping() } }
        }
    }

    var naiveLoop: Runner {
        let pings = pings
        return runner("naive loop") { iterations in
            timeLoop(iterations) {
                for index in pings.indices {
                    pings[index].ping()
                }
            }
        }
    }

    var closureArray: Runner {
        let closures = closures
        return runner("closure array") { iterations in
            timeLoop(iterations) {
                for closure in closures {
                    closure()
                }
            }
        }
    }

    var combine: Runner {
        let subject = subject
        return runner("OpenCombine") { iterations in
            timeLoop(iterations) { subject.send(()) }
        }
    }

    var notificationCenter: Runner {
        let notifications = notifications
        return runner("NotificationCenter") { iterations in
            timeLoop(iterations) { notifications.post(name: Self.name, object: nil) }
        }
    }

    var castPerSend: Runner {
        let controllers = controllers
        return runner("as? per send") { iterations in
            timeLoop(iterations) {
                for index in controllers.indices {
                    (controllers[index] as? any Ping)?.ping()
                }
            }
        }
    }

    // MARK: - Non-class-bound fan-out

    var openKit: Runner {
        let center = owner.center
        return runner("kit") { iterations in
            timeLoop(iterations) { center.send((any OpenPing).self) { $0.openPing() } }
        }
    }

    /// The one-call form, `center.relayPing()`, against the class-bound limit.
    var relayKit: Runner {
        let center = owner.center
        return runner("kit, one call") { iterations in
            timeLoop(iterations) { center.relayPing() }
        }
    }

    /// The one-call form sent by a controller, `controller.center.relayPing()`: what a send from
    /// a button action or a callback costs, the center's making included. The sender speaks no
    /// conversation, so the receivers are the same as the host's.
    var speakerRelayKit: Runner {
        let speaker = controllers[min(1, n - 1)]
        return runner("kit, one call from a controller") { iterations in
            timeLoop(iterations) { speaker.center.relayPing() }
        }
    }

    var openLimit: Runner {
        let pings = openPings
        return runner("limit") { iterations in
            timeLoop(iterations) { each(pings) { $0.openPing() } }
        }
    }

    var openNaiveLoop: Runner {
        let pings = openPings
        return runner("naive loop") { iterations in
            timeLoop(iterations) {
                for index in pings.indices {
                    pings[index].openPing()
                }
            }
        }
    }

    var openCastPerSend: Runner {
        let controllers = controllers
        return runner("as? per send") { iterations in
            timeLoop(iterations) {
                for index in controllers.indices {
                    (controllers[index] as? any OpenPing)?.openPing()
                }
            }
        }
    }

    /// The class-bound kit send, as a baseline for the non-class-bound one.
    var kitAsBaseline: Runner {
        let center = owner.center
        return runner("kit, class-bound") { iterations in
            timeLoop(iterations) { center.send((any Ping).self) { $0.ping() } }
        }
    }

    // MARK: - Queries

    var kitAll: Runner {
        let center = owner.center
        return runner("kit") { iterations in
            var total = 0
            let elapsed = timeLoop(iterations) { total &+= center.all((any ValueQuery).self) { $0.value }.count }
            precondition(total == iterations * self.listeners.count, "all: \(total) answers")
            return elapsed
        }
    }

    /// The fair baseline of `all`: a hand loop that reserves its answers' room first, as `all`
    /// does from its table's count.
    var loopAll: Runner {
        let values: [any ValueQuery] = listeners
        // One conformer type in the module: the compiler calls `value` directly.
        return runner("hand loop, devirtualized, reserved") { iterations in
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
    /// appends (reallocating at 1, 2, 4, 8... answers). Kept, labelled, for the rows' history.
    var loopAllGrowing: Runner {
        let values: [any ValueQuery] = listeners
        return runner("hand loop, devirtualized, growing") { iterations in
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

    var kitFirst: Runner {
        let center = owner.center
        return runner("kit") { iterations in
            var total = 0
            let elapsed = timeLoop(iterations) { total &+= center.first((any LookupQuery).self) { $0.lookup() } ?? 0 }
            precondition(total == iterations * 42, "first: wrong answers")
            return elapsed
        }
    }

    var loopFirst: Runner {
        let lookups: [any LookupQuery] = listeners
        // One conformer type in the module: the compiler calls `lookup` directly.
        return runner("hand loop, devirtualized") { iterations in
            var total = 0
            let elapsed = timeLoop(iterations) {
                for index in lookups.indices {
                    if let answer = lookups[index].lookup() {
                        total &+= answer
                        break
                    }
                }
            }
            precondition(total == iterations * 42, "first: wrong answers")
            return elapsed
        }
    }

    /// Every side of every case by the name the callgrind script passes.
    var runnersByName: [String: Runner] {
        [
            "kit": kit, "limit": limit, "naive": naiveLoop, "closures": closureArray, "combine": combine,
            "notification": notificationCenter, "cast": castPerSend,
            "open-kit": openKit, "relay-kit": relayKit, "speaker-relay-kit": speakerRelayKit, "open-limit": openLimit,
            "open-naive": openNaiveLoop, "open-cast": openCastPerSend,
            "all-kit": kitAll, "all-loop": loopAll, "all-loop-grow": loopAllGrowing, "first-kit": kitFirst,
            "first-loop": loopFirst,
        ]
    }
}
