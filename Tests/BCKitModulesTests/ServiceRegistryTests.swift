import BCKitModules
import Foundation
import Testing

protocol Clock: AnyObject, Sendable { var id: Int { get } }
protocol Greeter: Sendable { func greet() -> String }
protocol Ping: Sendable {}
protocol Pong: Sendable {}
protocol Echo: Sendable {}

final class CountingClock: Clock {
    let id: Int
    init(id: Int) { self.id = id }
}

struct ClockGreeter: Greeter {
    let clock: any Clock
    func greet() -> String { "hello at \(clock.id)" }
}

struct Node: Ping, Pong, Echo {}

/// A service whose first instance carries a task its factory started.
protocol Ticket: Sendable {
    var id: Int { get }
    var task: Task<String, Never>? { get }
}

struct StartedTicket: Ticket {
    let id: Int
    let task: Task<String, Never>?
}

/// Counts factory calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

/// A service type per `Tag`, so that one generic registration makes many distinct services.
struct Shelf<Tag>: Sendable {
    let label: String
}

struct Broken: Error, CustomStringConvertible {
    var description: String { "disk full" }
}

/// Collects values from several threads.
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(value)
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// A gate that stays open once opened, so a factory run a second time passes straight through.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.lock()
        defer { condition.unlock() }
        isOpen = true
        condition.broadcast()
    }

    /// Waits until the gate opens; `false` when it stays shut for `seconds`, which only a hang can cause.
    @discardableResult
    func pass(within seconds: TimeInterval = 30) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}

/// Holds a registry for factories that resolve through the registry itself.
final class RegistryBox: @unchecked Sendable {
    var registry: ServiceRegistry?
}

/// Runs `body` on a new thread.
func onThread(_ body: @escaping @Sendable () -> Void) {
    Thread { body() }.start()
}

@Suite struct ServiceRegistryTests {
    func registry(clockScope: ServiceScope, counter: Counter = Counter()) throws -> ServiceRegistry {
        var builder = ServiceRegistryBuilder()
        try builder.register((any Clock).self, scope: clockScope) { _ in CountingClock(id: counter.next()) }
        try builder.register((any Greeter).self, scope: .perCall) { resolver in
            ClockGreeter(clock: try resolver.resolve((any Clock).self))
        }
        return builder.build()
    }

    @Test func aSingletonIsMadeLazilyOnceAndShared() throws {
        let counter = Counter()
        let registry = try registry(clockScope: .singleton, counter: counter)
        let first = try registry.resolve((any Clock).self)
        let second = try registry.resolve((any Clock).self)
        #expect(first === second)
        #expect(try registry.resolve((any Greeter).self).greet() == "hello at 1")
        #expect(counter.next() == 2)
    }

    @Test func aPerCallServiceIsMadeOnEveryResolution() throws {
        let registry = try registry(clockScope: .perCall)
        let ids = try (0..<3).map { _ in try registry.resolve((any Clock).self).id }
        #expect(ids == [1, 2, 3])
        #expect(try registry.resolve((any Greeter).self).greet() == "hello at 4")
    }

    @Test func factoriesRunOnlyWhenResolved() throws {
        let counter = Counter()
        _ = try registry(clockScope: .singleton, counter: counter)
        #expect(counter.next() == 1)
    }

    @Test func aSingletonIsMadeOnceUnderConcurrentResolution() async throws {
        let counter = Counter()
        let registry = try registry(clockScope: .singleton, counter: counter)
        let ids = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<32 {
                group.addTask { (try? registry.resolve((any Clock).self).id) ?? -1 }
            }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(ids == [1])
    }

    @Test func aMissingServiceIsNamedWithWhatIsRegistered() throws {
        let registry = try registry(clockScope: .singleton)
        #expect(throws: ServiceError.missing("Ping", registered: ["Clock", "Greeter"])) {
            try registry.resolve((any Ping).self)
        }
        #expect(registry.registeredServices == ["Clock", "Greeter"])
        #expect(!registry.contains((any Ping).self))
        #expect(registry.contains((any Clock).self))
    }

    @Test(
        arguments: [
            (any Ping).self, (any Clock).self, (any Ping & Pong).self, Node.self, CountingClock.self,
            [Node].self, [String: any Clock].self, Node?.self, ((Int) -> Node).self,
        ] as [Any.Type])
    func aServiceIsNamedAsItsTypeIsDescribed(service: Any.Type) throws {
        let described = String(describing: service)
        let expected = described.hasPrefix("any ") ? String(described.dropFirst(4)) : described
        #expect(try registeredNames(service) == [expected])
    }

    /// The names a registry gives after registering only `service`, whose factory never runs.
    func registeredNames<Service>(_ service: Service.Type) throws -> [String] {
        var builder = ServiceRegistryBuilder()
        try builder.register(service) { _ in throw Broken() }
        return builder.build().registeredServices
    }

    @Test func manyServicesAreEachFoundAndUnregisteredOnesMissed() throws {
        var builder = ServiceRegistryBuilder()
        func register<Tag>(_: Tag.Type, as label: String) throws {
            try builder.register(Shelf<Tag>.self, scope: .perCall) { _ in Shelf(label: label) }
        }
        try register(Int.self, as: "Int")
        try register(String.self, as: "String")
        try register(Double.self, as: "Double")
        try register(Node.self, as: "Node")
        try register([Int].self, as: "[Int]")
        try register([String].self, as: "[String]")
        try register(Int?.self, as: "Int?")
        try register((any Ping).self, as: "any Ping")
        try register((any Pong).self, as: "any Pong")
        try register((any Clock).self, as: "any Clock")
        try register(Shelf<Int>.self, as: "Shelf<Int>")
        try register(Shelf<Node>.self, as: "Shelf<Node>")
        let registry = builder.build()
        let labels = try [
            registry.resolve(Shelf<Int>.self).label, registry.resolve(Shelf<String>.self).label,
            registry.resolve(Shelf<Double>.self).label, registry.resolve(Shelf<Node>.self).label,
            registry.resolve(Shelf<[Int]>.self).label, registry.resolve(Shelf<[String]>.self).label,
            registry.resolve(Shelf<Int?>.self).label, registry.resolve(Shelf<any Ping>.self).label,
            registry.resolve(Shelf<any Pong>.self).label, registry.resolve(Shelf<any Clock>.self).label,
            registry.resolve(Shelf<Shelf<Int>>.self).label, registry.resolve(Shelf<Shelf<Node>>.self).label,
        ]
        #expect(
            labels == [
                "Int", "String", "Double", "Node", "[Int]", "[String]", "Int?", "any Ping", "any Pong",
                "any Clock", "Shelf<Int>", "Shelf<Node>",
            ])
        #expect(throws: ServiceError.missing("Shelf<Float>", registered: registry.registeredServices)) {
            try registry.resolve(Shelf<Float>.self)
        }
        #expect(throws: ServiceError.missing("Ping", registered: registry.registeredServices)) {
            try registry.resolve((any Ping).self)
        }
    }

    @Test func aMissingDependencyIsNamed() throws {
        var builder = ServiceRegistryBuilder()
        try builder.register((any Greeter).self) { resolver in
            ClockGreeter(clock: try resolver.resolve((any Clock).self))
        }
        #expect(throws: ServiceError.missing("Clock", registered: ["Greeter"])) {
            try builder.build().resolve((any Greeter).self)
        }
    }

    @Test func aDependencyCycleIsReportedWithItsChain() throws {
        var builder = ServiceRegistryBuilder()
        try builder.register((any Echo).self) { resolver in
            _ = try resolver.resolve((any Ping).self)
            return Node()
        }
        try builder.register((any Ping).self) { resolver in
            _ = try resolver.resolve((any Pong).self)
            return Node()
        }
        try builder.register((any Pong).self, scope: .perCall) { resolver in
            _ = try resolver.resolve((any Ping).self)
            return Node()
        }
        let registry = builder.build()
        #expect(throws: ServiceError.cycle(["Ping", "Pong", "Ping"])) { try registry.resolve((any Echo).self) }
        #expect(throws: ServiceError.cycle(["Pong", "Ping", "Pong"])) { try registry.resolve((any Pong).self) }
    }

    @Test func aDependencyResolvedAgainAfterItIsMadeIsNoCycle() throws {
        let counter = Counter()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Clock).self, scope: .perCall) { _ in CountingClock(id: counter.next()) }
        try builder.register((any Greeter).self, scope: .perCall) { resolver in
            let first = try resolver.resolve((any Clock).self)
            let second = try resolver.resolve((any Clock).self)
            return ClockGreeter(clock: CountingClock(id: first.id * 10 + second.id))
        }
        try builder.register((any Ping).self, scope: .perCall) { resolver in
            _ = try resolver.resolve((any Greeter).self)
            _ = try resolver.resolve((any Greeter).self)
            return Node()
        }
        let registry = builder.build()
        _ = try registry.resolve((any Ping).self)
        #expect(try registry.resolve((any Greeter).self).greet() == "hello at 56")
    }

    @Test func aServiceThatNeedsItselfIsACycleOfOne() throws {
        var builder = ServiceRegistryBuilder()
        try builder.register((any Ping).self) { resolver in try resolver.resolve((any Ping).self) }
        #expect(throws: ServiceError.cycle(["Ping", "Ping"])) { try builder.build().resolve((any Ping).self) }
    }

    @Test func registeringAServiceTwiceIsRefused() throws {
        var builder = ServiceRegistryBuilder()
        try builder.register((any Ping).self) { _ in Node() }
        #expect(throws: ServiceError.duplicate("Ping")) {
            try builder.register((any Ping).self, scope: .perCall) { _ in Node() }
        }
        #expect(builder.count == 1)
    }

    @Test func aFailingFactoryIsReportedWithItsService() throws {
        var builder = ServiceRegistryBuilder()
        try builder.register((any Ping).self) { _ in throw Broken() }
        #expect(throws: ServiceError.factoryFailed("Ping", reason: "disk full")) {
            try builder.build().resolve((any Ping).self)
        }
    }

    // MARK: - Threads

    /// What is resolved on one thread while another runs a singleton factory that cannot finish.
    enum Bystander: String, CaseIterable {
        case madeSingleton, unmadeSingleton, perCall
    }

    @Test(arguments: Bystander.allCases)
    func aResolutionDoesNotWaitForAnUnrelatedSlowFactory(bystander: Bystander) throws {
        let entered = Gate()
        let release = Gate()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Clock).self, scope: bystander == .perCall ? .perCall : .singleton) { _ in
            CountingClock(id: 7)
        }
        try builder.register((any Greeter).self) { _ in
            entered.open()
            release.pass()
            return ClockGreeter(clock: CountingClock(id: 0))
        }
        let registry = builder.build()
        if bystander == .madeSingleton { _ = try registry.resolve((any Clock).self) }
        let slowDone = Gate()
        onThread {
            _ = try? registry.resolve((any Greeter).self)
            slowDone.open()
        }
        #expect(entered.pass())
        let resolved = Collected<Int>()
        let bystanderDone = Gate()
        onThread {
            resolved.append((try? registry.resolve((any Clock).self).id) ?? -1)
            bystanderDone.open()
        }
        // The slow factory is still held: the bystander can only return if it did not wait for it.
        let returnedWhileHeld = bystanderDone.pass()
        release.open()
        #expect(slowDone.pass())
        #expect(returnedWhileHeld, "resolving \(bystander) waited for an unrelated factory")
        bystanderDone.pass()
        #expect(resolved.values == [7])
    }

    @Test func threadsResolvingAnUnmadeSingletonAtOnceShareOneInstance() throws {
        let counter = Counter()
        let entered = Gate()
        let release = Gate()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Clock).self) { _ in
            let id = counter.next()
            entered.open()
            release.pass()
            return CountingClock(id: id)
        }
        let registry = builder.build()
        let ids = Collected<Int>()
        let done = Collected<Bool>()
        let allDone = Gate()
        let threads = 8
        for _ in 0..<threads {
            onThread {
                ids.append((try? registry.resolve((any Clock).self).id) ?? -1)
                done.append(true)
                if done.values.count == threads { allDone.open() }
            }
        }
        #expect(entered.pass())
        release.open()
        #expect(allDone.pass())
        #expect(ids.values == Array(repeating: 1, count: threads))
        #expect(counter.next() == 2)
    }

    @Test func aCycleAcrossTwoThreadsEndsInTheCycleErrorOnBoth() throws {
        // A's factory, on one thread, resolves B while B's factory, on another, resolves A. Each
        // waits at a gate until the other's factory runs, so both makers are busy when they ask.
        let aRuns = Gate()
        let bRuns = Gate()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Ping).self) { resolver in
            aRuns.open()
            bRuns.pass()
            _ = try resolver.resolve((any Pong).self)
            return Node()
        }
        try builder.register((any Pong).self) { resolver in
            bRuns.open()
            aRuns.pass()
            _ = try resolver.resolve((any Ping).self)
            return Node()
        }
        let registry = builder.build()
        let errors = Collected<(String, ServiceError?)>()
        let bothDone = Gate()
        func resolve<Service>(_ service: Service.Type, as label: String) {
            onThread {
                do {
                    _ = try registry.resolve(service)
                    errors.append((label, nil))
                } catch {
                    errors.append((label, error as? ServiceError))
                }
                if errors.values.count == 2 { bothDone.open() }
            }
        }
        resolve((any Ping).self, as: "Ping")
        resolve((any Pong).self, as: "Pong")
        #expect(bothDone.pass(), "the threads deadlocked")
        let byThread = Dictionary(uniqueKeysWithValues: errors.values.map { ($0.0, $0.1) })
        // Whichever thread finds the loop fails its factory; the other then makes that service
        // itself and meets its own chain: both outcomes are the same.
        #expect(byThread["Ping"] == .cycle(["Ping", "Pong", "Ping"]))
        #expect(byThread["Pong"] == .cycle(["Pong", "Ping", "Pong"]))
        #expect(throws: ServiceError.cycle(["Ping", "Pong", "Ping"])) { try registry.resolve((any Ping).self) }
    }

    @Test func aSingletonAskedForThroughTheRegistryFromItsOwnFactoryIsACycle() throws {
        let box = RegistryBox()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Ping).self) { _ in
            guard let registry = box.registry else { throw Broken() }
            return try registry.resolve((any Ping).self)
        }
        box.registry = builder.build()
        #expect(throws: ServiceError.cycle(["Ping", "Ping"])) { try box.registry?.resolve((any Ping).self) }
        // The factory reaches the registry through the box, which the registry holds: break the
        // cycle, or LeakSanitizer rightly reports it.
        box.registry = nil
    }

    // Release builds leave the per-call check out (ServiceRegistry's docs): there these recurse.
    #if DEBUG
        @Test func aPerCallServiceAskedForThroughTheRegistryFromItsOwnFactoryIsACycle() throws {
            let box = RegistryBox()
            var builder = ServiceRegistryBuilder()
            try builder.register((any Ping).self, scope: .perCall) { _ in
                guard let registry = box.registry else { throw Broken() }
                return try registry.resolve((any Ping).self)
            }
            box.registry = builder.build()
            #expect(throws: ServiceError.cycle(["Ping", "Ping"])) { try box.registry?.resolve((any Ping).self) }
            box.registry = nil
        }

        /// Asked through the registry, the service asked again starts a chain of its own: the thread
        /// making it is what tells the cycle, and the error names the service asked again.
        @Test func aCycleClosedThroughTheRegistryDeepInAChainIsACycle() throws {
            let box = RegistryBox()
            var builder = ServiceRegistryBuilder()
            try builder.register((any Echo).self, scope: .perCall) { resolver in
                _ = try resolver.resolve((any Ping).self)
                return Node()
            }
            try builder.register((any Ping).self, scope: .perCall) { _ in
                guard let registry = box.registry else { throw Broken() }
                _ = try registry.resolve((any Echo).self)
                return Node()
            }
            box.registry = builder.build()
            #expect(throws: ServiceError.cycle(["Echo", "Echo"])) { try box.registry?.resolve((any Echo).self) }
            box.registry = nil
        }

        @Test func twoRegistriesWhoseFactoriesAskEachOtherEndInACycle() throws {
            let first = RegistryBox()
            let second = RegistryBox()
            var builder = ServiceRegistryBuilder()
            try builder.register((any Ping).self, scope: .perCall) { _ in
                guard let registry = second.registry else { throw Broken() }
                _ = try registry.resolve((any Pong).self)
                return Node()
            }
            first.registry = builder.build()
            var other = ServiceRegistryBuilder()
            try other.register((any Pong).self, scope: .perCall) { _ in
                guard let registry = first.registry else { throw Broken() }
                _ = try registry.resolve((any Ping).self)
                return Node()
            }
            second.registry = other.build()
            #expect(throws: ServiceError.cycle(["Ping", "Ping"])) { try first.registry?.resolve((any Ping).self) }
            first.registry = nil
            second.registry = nil
        }
    #endif

    /// Work a factory starts is not inside the factory: a task it starts may ask for the same
    /// service once the factory returned, or on another thread while it runs.
    @Test func aTaskAFactoryStartsMayAskForTheSameServiceAgain() async throws {
        let box = RegistryBox()
        let counter = Counter()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Ticket).self, scope: .perCall) { _ in
            let id = counter.next()
            guard id == 1 else { return StartedTicket(id: id, task: nil) }
            let task = Task {
                guard let registry = box.registry else { return "no registry" }
                do { return "ticket \(try registry.resolve((any Ticket).self).id)" } catch { return "\(error)" }
            }
            return StartedTicket(id: id, task: task)
        }
        box.registry = builder.build()
        let first = try #require(try box.registry?.resolve((any Ticket).self))
        #expect(first.id == 1)
        #expect(await first.task?.value == "ticket 2")
        box.registry = nil
    }

    @Test func aFactoryAskingTheRegistryForWhatIsNotBeingMadeGetsIt() throws {
        let box = RegistryBox()
        let counter = Counter()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Clock).self, scope: .perCall) { _ in CountingClock(id: counter.next()) }
        try builder.register((any Greeter).self, scope: .perCall) { _ in
            guard let registry = box.registry else { throw Broken() }
            let first = try registry.resolve((any Clock).self)
            let second = try registry.resolve((any Clock).self)
            return ClockGreeter(clock: CountingClock(id: first.id * 10 + second.id))
        }
        box.registry = builder.build()
        #expect(try box.registry?.resolve((any Greeter).self).greet() == "hello at 12")
        box.registry = nil
    }

    @Test func aFactoryAskingAnotherRegistryForTheSameServiceIsNoCycle() throws {
        var other = ServiceRegistryBuilder()
        try other.register((any Ping).self, scope: .perCall) { _ in Node() }
        let outside = other.build()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Ping).self, scope: .perCall) { _ in try outside.resolve((any Ping).self) }
        let registry = builder.build()
        #expect(throws: Never.self) { try registry.resolve((any Ping).self) }
    }

    @Test func aFailedSingletonIsMadeByTheNextResolutionAWaitingOneIncluded() throws {
        let counter = Counter()
        let entered = Gate()
        let release = Gate()
        var builder = ServiceRegistryBuilder()
        try builder.register((any Clock).self) { _ in
            let attempt = counter.next()
            guard attempt > 1 else {
                entered.open()
                release.pass()
                throw Broken()
            }
            return CountingClock(id: attempt)
        }
        let registry = builder.build()
        let outcomes = Collected<(String, Int?)>()
        let firstDone = Gate()
        let secondDone = Gate()
        onThread {
            outcomes.append(("first", try? registry.resolve((any Clock).self).id))
            firstDone.open()
        }
        #expect(entered.pass())
        onThread {
            outcomes.append(("second", try? registry.resolve((any Clock).self).id))
            secondDone.open()
        }
        release.open()
        #expect(firstDone.pass() && secondDone.pass())
        let byThread = Dictionary(uniqueKeysWithValues: outcomes.values.map { ($0.0, $0.1) })
        #expect(byThread["first"] == .some(nil))
        #expect(byThread["second"] == 2)
        #expect(try registry.resolve((any Clock).self).id == 2)
    }

    @Test func registriesBuiltFromOneBuilderDoNotShareSingletons() throws {
        var builder = ServiceRegistryBuilder()
        let counter = Counter()
        try builder.register((any Clock).self) { _ in CountingClock(id: counter.next()) }
        let ids = try [builder.build(), builder.build()].map { try $0.resolve((any Clock).self).id }
        #expect(ids == [1, 2])
    }
}
