import BCKit
import Testing

@MainActor
protocol TickConversation: AnyObject {
    func tick()
}

@MainActor
protocol TockConversation: AnyObject {
    func tock(_ depth: Int)
}

/// Counts the ticks it hears; every hundredth one created speaks `TickConversation`.
@MainActor
final class Counter: BusinessController {
    weak var owner: Owner?
    var ticks = 0
}

@MainActor
final class TickCounter: BusinessController, TickConversation {
    weak var owner: Owner?
    var ticks = 0

    func tick() { ticks += 1 }
}

/// Answers a tick with a tock and a tock with a tick, one level deeper each time.
@MainActor
final class PingPong: BusinessController, TickConversation, TockConversation {
    weak var owner: Owner?

    func tick() { owner?.center.send((any TockConversation).self) { $0.tock(1) } }

    func tock(_ depth: Int) {
        owner?.center.send((any TickConversation).self) { $0.tick() }
    }
}

/// Scale of the stress run. Debug builds run the same mix with fewer sends so `swift test`
/// stays within seconds; `swift test -c release --filter StressTests` runs the full million.
private let sendCount: Int = {
    #if DEBUG
        return 50_000
    #else
        return 1_000_000
    #endif
}()

@MainActor
@Suite struct StressTests {
    @Test func aMillionSendsAmongTenThousandControllersArriveExactlyOnceAndNothingLeaks() throws {
        var random = SeededGenerator(state: 0x5EED)
        let owner = Owner(name: "Stress")
        var attached: [any BusinessController] = []
        /// For each listener: how many sends had happened when it was attached.
        var joinedAt: [ObjectIdentifier: Int] = [:]
        var sends = 0
        var mismatches: [String] = []
        var detached: [WeakBox] = []
        var created = 0
        func attachOne() throws {
            let controller: any BusinessController = created % 100 == 0 ? TickCounter() : Counter()
            try owner.attach(controller, priority: created % 3)
            created += 1
            attached.append(controller)
            if controller is TickCounter { joinedAt[ObjectIdentifier(controller)] = sends }
        }
        func check(_ counter: TickCounter) {
            let expected = sends - joinedAt[ObjectIdentifier(counter)]!
            if counter.ticks != expected { mismatches.append("heard \(counter.ticks) of \(expected)") }
        }

        for _ in 0..<10_000 { try attachOne() }
        try owner.show()
        var reached = 0
        for send in 0..<sendCount {
            if send % 50 == 0 {
                // Churn: a random controller leaves and a newcomer joins.
                let leaving = attached.remove(at: Int.random(in: 0..<attached.count, using: &random))
                try owner.detach(leaving)
                if let counter = leaving as? TickCounter { check(counter) }
                detached.append(WeakBox(leaving))
                try attachOne()
            }
            reached += owner.center.send((any TickConversation).self) { $0.tick() }
            sends += 1
        }
        let listeners = attached.compactMap { $0 as? TickCounter }
        for counter in listeners { check(counter) }
        #expect(mismatches.isEmpty, "\(mismatches.count) listeners miscounted, e.g. \(mismatches.prefix(3))")
        #expect(owner.controllers.count == 10_000)
        #expect(reached > sendCount * 90)
        #expect(detached.allSatisfy { $0.object == nil }, "a detached controller is still alive")

        weak let weakListener = listeners.first
        try owner.tearDown()
        attached = []
        _ = consume listeners
        #expect(weakListener == nil)
    }

    @Test func nestingExactlyToTheLimitAcrossTwoConversationsIsAllowed() throws {
        let owner = Owner()
        let counter = TickCounter()
        final class Relay: BusinessController, TockConversation {
            weak var owner: Owner?
            func tock(_ depth: Int) {
                // The first send is level 1, so the tick sent from level 63 is level 64: the last allowed.
                if depth < CommunicationCenter.nestingLimit - 1 {
                    owner?.center.send((any TockConversation).self) { $0.tock(depth + 1) }
                } else {
                    owner?.center.send((any TickConversation).self) { $0.tick() }
                }
            }
        }
        try owner.attach([Relay(), counter])
        owner.center.send((any TockConversation).self) { $0.tock(1) }
        #expect(counter.ticks == 1)
    }

    @Test func aPingPongBetweenTwoConversationsStopsAtTheLimitNamingBoth() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let owner = Owner(name: "PingPong")
                try? owner.attach(PingPong())
                owner.center.send((any TickConversation).self) { $0.tick() }
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("a runaway loop: TickConversation -> TockConversation -> TickConversation"))
        }
    }
}

final class WeakBox {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}
