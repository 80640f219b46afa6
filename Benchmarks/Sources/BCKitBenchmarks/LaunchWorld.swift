import BCKit
import BCKitModules

/// A module that registers one service and two routes, and counts its start.
final class CountingModule: Module {
    weak var owner: Owner?
    let tally: Tally
    let registration: (inout ServiceRegistryBuilder) -> Void

    init(tally: Tally, registration: @escaping (inout ServiceRegistryBuilder) -> Void) {
        self.tally = tally
        self.registration = registration
    }

    func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError) {
        registration(&services)
    }

    func start(in context: ModuleContext) async throws { tally.bump() }

    /// Counts the lookup that reaches the module, in the launch at scale.
    func handle(_ request: RouteRequest) { tally.bump() }

    /// What the plain-owner baseline calls instead of an async start.
    func startNow() { tally.bump() }
}

/// Collects, for each filler type, a registration of it: one distinct service per module.
struct RegistrationCollector: FillerVisitor {
    var registrations: [(inout ServiceRegistryBuilder) -> Void] = []

    mutating func visit<A: Digit, B: Digit, C: Digit>(_ filler: Filler<A, B, C>.Type) {
        // Refusals end the run here: a typed-throws closure in a generic function crashes the
        // 6.3.1 compiler.
        registrations.append { (builder: inout ServiceRegistryBuilder) in
            do {
                try builder.register(filler) { _ in Filler() }
            } catch {
                fatalError("launch: \(error)")
            }
        }
    }
}

/// Launching N modules through a ``ModuleHost``: register each (one service, two routes, a
/// priority and a level), then `launch()`: services, routes, starts in priority order, and the
/// launch announcement. The baseline attaches as many controllers to a plain `Owner` by priority
/// and calls a start on each: the part of a launch any app does by hand.
@MainActor
final class LaunchWorld {
    let tally = Tally()
    let count: Int
    private let registrations: [(inout ServiceRegistryBuilder) -> Void]

    init(count: Int) {
        self.count = count
        var collector = RegistrationCollector()
        visitFillers(count, &collector)
        registrations = collector.registrations
    }

    var kit: Runner {
        let count = count
        let tally = tally
        let registrations = registrations
        return Runner(label: "kit", operations: count, expectedCalls: count, tally: tally) { iterations in
            timeLoop(iterations) { Self.launch(count: count, tally: tally, registrations: registrations) }
        }
    }

    private static func launch(
        count: Int, tally: Tally, registrations: [(inout ServiceRegistryBuilder) -> Void]
    ) {
        let host = ModuleHost(name: "Launch")
        do {
            for index in 0..<count {
                try host.register(
                    CountingModule(tally: tally, registration: registrations[index]),
                    info: ModuleInfo(id: "module\(index)", priority: index % 7, level: ModuleLevel(index % 3)),
                    routes: [
                        ModuleRoute("shop://module\(index)/home"),
                        ModuleRoute("shop://module\(index)/detail/:id<Int>"),
                    ])
            }
        } catch {
            fatalError("launch: \(error)")
        }
        var finished = false
        // The starts never suspend, so an immediate task runs the whole launch before returning.
        if #available(macOS 26.0, *) {
            Task.immediate { @MainActor in
                do {
                    try await host.launch()
                    finished = true
                } catch {
                    fatalError("launch: \(error)")
                }
            }
        }
        precondition(finished, "launch: the launch suspended; it must finish synchronously to be timed")
    }

    var ownerBaseline: Runner {
        let count = count
        let tally = tally
        return Runner(label: "Owner.attach + start loop", operations: count, expectedCalls: count, tally: tally) {
            iterations in
            timeLoop(iterations) {
                let owner = Owner(name: "Launch")
                // Buckets by priority instead of a sort: a closure passed to the standard library
                // from main-actor code would add an executor check per comparison.
                var byPriority = Array(repeating: [CountingModule](), count: 7)
                for index in 0..<count {
                    let module = CountingModule(tally: tally) { _ in }
                    do {
                        try owner.attach(module, priority: index % 7)
                    } catch {
                        fatalError("launch baseline: \(error)")
                    }
                    byPriority[index % 7].append(module)
                }
                for modules in byPriority.reversed() {
                    for module in modules { module.startNow() }
                }
            }
        }
    }

    var runnersByName: [String: Runner] { ["launch-kit": kit, "launch-owner": ownerBaseline] }
}
