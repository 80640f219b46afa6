import Testing

@testable import BCKit

/// A class-bound conversation: its receivers are the object and one witness table, which the memo
/// keeps from a type's first cast.
@MainActor
protocol Greeting: AnyObject {
    func greet() -> String
}

/// A conversation that is not class-bound: its receivers are cast every time.
@MainActor
protocol OpenGreeting {
    func greetOpenly() -> String
}

/// A second class-bound conversation, for a composition of two.
@MainActor
protocol Farewell: AnyObject {
    func leave() -> String
}

/// Speaks every conversation above; a subclass overrides what it says.
@MainActor
class Greeter: BusinessController, Greeting, OpenGreeting, Farewell {
    weak var owner: Owner?
    func greet() -> String { "greeter" }
    func greetOpenly() -> String { "greeter, openly" }
    func leave() -> String { "greeter leaves" }
}

/// Speaks through its superclass's conformances, with methods of its own.
@MainActor
final class LoudGreeter: Greeter {
    override func greet() -> String { "loud greeter" }
    override func greetOpenly() -> String { "loud greeter, openly" }
    override func leave() -> String { "loud greeter leaves" }
}

/// Speaks ``Greeting`` only when its element is `Int`: `Boxed<Int>` and `Boxed<String>` are
/// different types to the memo.
@MainActor
final class Boxed<Element>: BusinessController {
    weak var owner: Owner?
}

extension Boxed: Greeting where Element == Int {
    func greet() -> String { "boxed int" }
}

/// The memo learns a controller type's conformances from its first owner's tables; every later
/// owner builds its receivers from what it learned, and they must call the same methods a cast's
/// receivers would.
@MainActor
@Suite struct ConformanceTests {
    /// What each owner, in turn, hears from its controllers in every conversation.
    func answers(of make: () -> [any BusinessController]) throws -> [[String]] {
        try (0..<3).map { _ in
            let owner = Owner()
            try owner.attach(make())
            let center = owner.center
            return center.all((any Greeting).self) { $0.greet() }
                + center.all((any OpenGreeting).self) { $0.greetOpenly() }
                + center.all((any Greeting & Farewell).self) { $0.greet() + ", " + $0.leave() }
        }
    }

    @Test func laterOwnersHearWhatTheFirstHeard() throws {
        let heard = try answers { [Greeter(), LoudGreeter(), Boxed<Int>(), Boxed<String>()] }
        let expected = [
            "greeter", "loud greeter", "boxed int",
            "greeter, openly", "loud greeter, openly",
            "greeter, greeter leaves", "loud greeter, loud greeter leaves",
        ]
        #expect(heard == Array(repeating: expected, count: 3))
    }

    /// A controller attached to an owner whose tables exist joins them through the same facts.
    @Test func aLateControllerHearsThroughTheLearnedFacts() throws {
        _ = try answers { [Greeter(), LoudGreeter(), Boxed<Int>(), Boxed<String>()] }
        let owner = Owner()
        try owner.attach(Greeter())
        #expect(owner.center.all((any Greeting).self) { $0.greet() } == ["greeter"])
        try owner.attach([LoudGreeter(), Boxed<Int>(), Boxed<String>()])
        #expect(owner.center.all((any Greeting).self) { $0.greet() } == ["greeter", "loud greeter", "boxed int"])
    }

    /// Only a two-word receiver whose first word is the controller gives its second word as the
    /// witness table; any other layout is cast every time.
    @Test func onlyAnObjectAndOneWitnessTableIsKept() {
        let greeter = LoudGreeter()
        let single = Conformance(of: greeter as any Greeting, castFrom: greeter)
        guard case .witness(let witness) = single else {
            Issue.record("a class-bound conversation's receiver keeps its witness table")
            return
        }
        let rebuilt: any Greeting = Conformance.receiver(greeter, witness: witness)
        #expect(rebuilt === greeter)
        #expect(rebuilt.greet() == "loud greeter")
        #expect(Conformance(of: greeter as any OpenGreeting, castFrom: greeter) == nil)
        #expect(Conformance(of: greeter as any Greeting & Farewell, castFrom: greeter) == nil)
        #expect(Conformance(of: Greeter() as any Greeting, castFrom: greeter) == nil)
    }

    /// A receiver made from a witness table holds its controller like a cast's: it is released
    /// with the owner's tables.
    @Test func aMadeReceiverIsReleasedWithItsTable() throws {
        _ = try answers { [Greeter()] }
        weak var released: Greeter?
        try {
            let owner = Owner()
            let greeter = Greeter()
            released = greeter
            try owner.attach(greeter)
            #expect(owner.center.all((any Greeting).self) { $0.greet() } == ["greeter"])
            try owner.tearDown()
        }()
        #expect(released == nil)
    }
}
