import BCKit

/// Nine more conversations, so the owner caches ten tables and every attach and detach has ten
/// tables to keep up to date.
@MainActor protocol Topic0: AnyObject {}
@MainActor protocol Topic1: AnyObject {}
@MainActor protocol Topic2: AnyObject {}
@MainActor protocol Topic3: AnyObject {}
@MainActor protocol Topic4: AnyObject {}
@MainActor protocol Topic5: AnyObject {}
@MainActor protocol Topic6: AnyObject {}
@MainActor protocol Topic7: AnyObject {}
@MainActor protocol Topic8: AnyObject {}

/// A controller that speaks all ten cached conversations.
final class Newcomer: BusinessController, Ping, Topic0, Topic1, Topic2, Topic3, Topic4, Topic5, Topic6,
    Topic7, Topic8
{
    weak var owner: Owner?
    let tally: Tally

    init(tally: Tally) {
        self.tally = tally
    }

    func ping() { tally.bump() }
}

/// N = 1000 controllers with ten cached conversations; one newcomer comes and goes.
@MainActor
final class ChurnWorld {
    let world: FanOutWorld
    let newcomer: Newcomer

    init(n: Int) {
        world = FanOutWorld(n: n)
        newcomer = Newcomer(tally: world.tally)
        let center = world.owner.center
        center.prepare((any Topic0).self)
        center.prepare((any Topic1).self)
        center.prepare((any Topic2).self)
        center.prepare((any Topic3).self)
        center.prepare((any Topic4).self)
        center.prepare((any Topic5).self)
        center.prepare((any Topic6).self)
        center.prepare((any Topic7).self)
        center.prepare((any Topic8).self)
    }

    /// A steady send, each one timed on its own so it pays the same clock reads as the first
    /// send after churn.
    var steadySend: Runner {
        let center = world.owner.center
        return Runner(label: "steady send", operations: 1, expectedCalls: world.listeners.count, tally: world.tally) {
            iterations in
            var elapsed: UInt64 = 0
            for _ in 0..<iterations {
                let start = now()
                center.send((any Ping).self) { $0.ping() }
                elapsed += now() - start
            }
            return elapsed
        }
    }

    /// Attach and detach the newcomer (untimed), then time the send that follows.
    var firstSendAfterChurn: Runner {
        let owner = world.owner
        let newcomer = newcomer
        return Runner(label: "kit", operations: 1, expectedCalls: world.listeners.count, tally: world.tally) {
            iterations in
            var elapsed: UInt64 = 0
            for _ in 0..<iterations {
                try! owner.attach(newcomer)
                try! owner.detach(newcomer)
                let start = now()
                owner.center.send((any Ping).self) { $0.ping() }
                elapsed += now() - start
            }
            return elapsed
        }
    }

    /// The attach and detach pair itself.
    var churnPair: Runner {
        let owner = world.owner
        let newcomer = newcomer
        return Runner(label: "kit", operations: 1, expectedCalls: 0, tally: world.tally) { iterations in
            timeLoop(iterations) {
                try! owner.attach(newcomer)
                try! owner.detach(newcomer)
            }
        }
    }

    /// For callgrind: churn then send, churn alone; their difference is the first send.
    var runnersByName: [String: Runner] {
        let owner = world.owner
        let newcomer = newcomer
        let sendAfter = Runner(label: "churn-send", operations: 1, expectedCalls: world.listeners.count,
            tally: world.tally) { iterations in
            timeLoop(iterations) {
                try! owner.attach(newcomer)
                try! owner.detach(newcomer)
                owner.center.send((any Ping).self) { $0.ping() }
            }
        }
        return ["churn-send": sendAfter, "churn": churnPair]
    }
}
