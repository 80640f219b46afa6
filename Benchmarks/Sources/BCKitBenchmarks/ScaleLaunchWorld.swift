import BCKit
import BCKitModules

/// A launch at Bifrost's scale: 100 modules declaring 10,000 routes between them (the
/// ``RouteSet`` of 10,000 routes, 100 consecutive routes per module), each registering one
/// service, then `launch()` (services, the router frozen with its conflicts checked, starts in
/// priority order, the launch announcement) and the first lookup: `host.open` of a URL of the
/// last module, which reaches its `handle`. Nothing is left for later: the router is built and
/// checked before the first lookup.
///
/// The baseline is routing-kit's side of the same routes: a new `TrieRouter`, every route
/// registered, and the first lookup.
@MainActor
final class ScaleLaunchWorld {
    static let modules = 100
    static let routeCount = 10_000
    /// The target for the whole launch, in nanoseconds.
    static let target: Double = 20_000_000

    let tally = Tally()
    let routes = RouteSet(count: routeCount)
    private let registrations: [(inout ServiceRegistryBuilder) -> Void]

    init() {
        var collector = RegistrationCollector()
        visitFillers(Self.modules, &collector)
        registrations = collector.registrations
    }

    var kit: Runner {
        let tally = tally
        let registrations = registrations
        let patterns = routes.patterns
        let url = routes.urls.last!
        let route = routes.patterns[routes.expected.last!]
        return Runner(label: "kit", operations: 1, expectedCalls: Self.modules + 1, tally: tally) { iterations in
            timeLoop(iterations) {
                Self.launch(patterns: patterns, url: url, route: route, tally: tally, registrations: registrations)
            }
        }
    }

    private static func launch(
        patterns: [String], url: String, route: String, tally: Tally, registrations: [(inout ServiceRegistryBuilder) -> Void]
    ) {
        let host = ModuleHost(name: "Launch")
        let perModule = patterns.count / modules
        do {
            for index in 0..<modules {
                // A loop, not `map`: a closure from main-actor code would add an executor check per route.
                var declared: [ModuleRoute] = []
                declared.reserveCapacity(perModule)
                for pattern in patterns[index * perModule..<(index + 1) * perModule] {
                    declared.append(ModuleRoute(pattern))
                }
                try host.register(
                    CountingModule(tally: tally, registration: registrations[index]),
                    info: ModuleInfo(id: "module\(index)", priority: index % 7, level: ModuleLevel(index % 3)),
                    routes: declared)
            }
        } catch {
            fatalError("launch at scale: \(error)")
        }
        var finished = false
        // The starts never suspend, so an immediate task runs the whole launch before returning.
        if #available(macOS 26.0, *) {
            Task.immediate { @MainActor in
                do {
                    try await host.launch()
                    finished = true
                } catch {
                    fatalError("launch at scale: \(error)")
                }
            }
        }
        precondition(finished, "launch at scale: the launch suspended; it must finish synchronously to be timed")
        do {
            let outcome = try host.open(url)
            guard outcome == .opened(route) else { fatalError("launch at scale: \(url): \(outcome)") }
        } catch {
            fatalError("launch at scale: \(error)")
        }
    }

    var routingKitRegistration: Runner {
        let patterns = routes.routingKitPatterns
        let last = routes.urls.last!
        let lastRoute = routes.expected.last!
        let tally = tally
        return Runner(label: "routing-kit registration", operations: 1, expectedCalls: 1, tally: tally) {
            iterations in
            timeLoop(iterations) {
                if RoutingKitRoutes(patterns: patterns).route(last) == lastRoute { tally.bump() }
            }
        }
    }

    var runnersByName: [String: Runner] {
        ["launch-scale-kit": kit, "launch-scale-routingkit": routingKitRegistration]
    }
}
