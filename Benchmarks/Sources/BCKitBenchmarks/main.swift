import BCKit
import Foundation

/// BCKit against the physical limit and its peers, side by side in one release process.
///
///     swift run -c release --package-path Benchmarks                        # full run, Markdown table
///     swift run -c release --package-path Benchmarks BCKitBenchmarks --quick  # every case briefly (CI)
///     ... BCKitBenchmarks --json results.json                  # also write JSON
///     ... BCKitBenchmarks --filter fan-out                     # only cases whose name matches
///     ... BCKitBenchmarks --case kit --n 10 --sends 10000      # exactly S sends, for callgrind
///     ... BCKitBenchmarks --case route-kit --n 10000 --sends 100  # S iterations of a module case
///     ... BCKitBenchmarks --case deadend-kit --n 4096 --sends 1000  # the dead-end lookup (N is fixed)
///     ... BCKitBenchmarks --case scale-batch-detach --n 2000 --prepare 5 --sends 5  # churn at scale
struct Arguments {
    var method = Method.full
    var jsonPath: String?
    var filter: String?
    var caseName: String?
    var n = 10
    var sends = 0
    /// Setups a churn case makes before its `--sends` operations (`callgrind.sh` passes the same
    /// number to the run with 0 operations, so the difference holds the operations alone).
    var prepared = 0
    /// Print the nanoseconds the `--case` run took (the cold screen's fresh processes read it).
    var printsTime = false

    init(_ arguments: [String]) {
        var rest = arguments[...]
        func value(_ flag: String) -> String {
            guard let value = rest.popFirst() else { Self.refuse("\(flag) needs a value") }
            return value
        }
        // A count that does not read would run the default silently, measuring another case.
        func count(_ flag: String) -> Int {
            let text = value(flag)
            guard let count = Int(text), count >= 0 else { Self.refuse("\(flag) needs a whole number, not '\(text)'") }
            return count
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--quick": method = .quick
            case "--json": jsonPath = value(flag)
            case "--filter": filter = value(flag)
            case "--case": caseName = value(flag)
            case "--n": n = count(flag)
            case "--sends": sends = count(flag)
            case "--prepare": prepared = count(flag)
            case "--time": printsTime = true
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default: Self.refuse("unknown argument \(flag)")
            }
        }
    }

    static let usage = """
        usage: BCKitBenchmarks [--quick] [--json FILE] [--filter TEXT]
               BCKitBenchmarks --case NAME [--n N] [--sends S] [--prepare P] [--time]
        The cases and what they measure: Benchmarks/README.md.
        """

    /// Stops with the usage, as a command-line tool does with a mistyped argument, rather than
    /// crashing with a backtrace.
    static func refuse(_ problem: String) -> Never {
        FileHandle.standardError.write(Data("BCKitBenchmarks: \(problem)\n\(usage)\n".utf8))
        exit(2)
    }
}

@MainActor
func runCallgrindCase(_ arguments: Arguments) {
    guard let name = arguments.caseName else { return }
    // The world stays alive until the sends are done: its subscriptions and observers go with it.
    let world: AnyObject
    let runner: Runner?
    if name.hasPrefix("lifecycle") {
        let lifecycle = LifecycleWorld(n: arguments.n)
        world = lifecycle
        runner = ["lifecycle-kit": lifecycle.kit, "lifecycle-vtable": lifecycle.vtableLoop][name]
    } else if name.hasPrefix("route") || name.hasPrefix("register") {
        let routes = RouteWorld(count: arguments.n)
        world = routes
        runner = routes.runnersByName[name]
    } else if name.hasPrefix("deadend") {
        let deadEnd = DeadEndWorld()
        world = deadEnd
        runner = deadEnd.runnersByName[name]
    } else if name.hasPrefix("resolve") || name.hasPrefix("percall") || name.hasPrefix("miss") {
        let services = ServiceWorld(count: arguments.n)
        world = services
        runner = services.runnersByName[name]
    } else if name.hasPrefix("launch-scale") {
        let launch = ScaleLaunchWorld()
        world = launch
        runner = launch.runnersByName[name]
    } else if name.hasPrefix("launch") {
        let launch = LaunchWorld(count: arguments.n)
        world = launch
        runner = launch.runnersByName[name]
    } else if name.hasPrefix("screen") || name.hasPrefix("cell") {
        let screen = ScreenWorld()
        world = screen
        runner = screen.runner(named: name) ?? CellWorld.runnersByName(screen.tally)[name]
    } else if name.hasPrefix("first2") || name.hasPrefix("all2") || name.hasPrefix("fixed") {
        let queries = QueryWorld(n: arguments.n)
        world = queries
        runner = queries.runnersByName[name]
    } else if name.hasPrefix("state-") {
        let state = SavedStateWorld(n: arguments.n)
        world = state
        runner = state.runnersByName[name]
    } else if name.hasPrefix("scale-") {
        let churn = ScaleChurnWorld(n: arguments.n)
        churn.prepare(arguments.prepared, for: name)
        world = churn
        runner = churn.runner(name)
    } else if name.hasPrefix("churn") {
        let churn = ChurnWorld(n: arguments.n)
        world = churn
        runner = churn.runnersByName[name]
    } else {
        let fanOut = FanOutWorld(n: arguments.n)
        world = fanOut
        runner = fanOut.runnersByName[name]
    }
    guard let runner else { fatalError("no case named \(name)") }
    runner.tally.count = 0
    let elapsed = runner.run(arguments.sends)
    if arguments.printsTime { print(elapsed) }
    precondition(runner.tally.count == runner.expectedCalls * arguments.sends, "\(name): wrong number of calls")
    withExtendedLifetime(world) {}
}

@MainActor
func runAll(_ arguments: Arguments) throws {
    let method = arguments.method
    var rows: [Row] = []
    func wanted(_ name: String) -> Bool {
        arguments.filter.map { name.localizedCaseInsensitiveContains($0) } ?? true
    }
    func add(_ new: [Row]) {
        rows += new
        for row in new {
            print("  \(row.name) N=\(row.n): kit \(format(row.kit)) \(row.unit), \(row.baseline) "
                + "\(format(row.baselineValue)) \(row.unit), \(format(row.ratio, digits: 3))x")
        }
    }
    // First: RSS growth only shows what attaching costs while malloc has no memory freed by
    // earlier cases to hand out again (measured last, it read 0 B).
    if wanted("memory") {
        add(measureMemory(count: method.memoryControllers))
    }
    let sizes = [1, 10, 100, 1000]
    for n in sizes {
        let world = FanOutWorld(n: n)
        if wanted("fan-out, class-bound") {
            add(compare("fan-out, class-bound", n: n, kit: world.kit,
                baselines: [world.limit, world.naiveLoop, world.closureArray, world.combine,
                    world.notificationCenter, world.castPerSend], method: method))
        }
        if wanted("fan-out, not class-bound") {
            add(compare("fan-out, not class-bound", n: n, kit: world.openKit,
                baselines: [world.openLimit, world.openNaiveLoop, world.openCastPerSend, world.kitAsBaseline],
                method: method))
        }
        if wanted("fan-out, one call") {
            add(compare("fan-out, one call (center.relayPing())", n: n, kit: world.relayKit,
                baselines: [world.limit, world.kitAsBaseline], method: method))
            add(compare("fan-out, one call from a controller", n: n, kit: world.speakerRelayKit,
                baselines: [world.limit, world.kitAsBaseline], method: method))
        }
        if wanted("query all") {
            add(compare("query all", n: n, kit: world.kitAll, baselines: [world.loopAll, world.loopAllGrowing],
                method: method))
        }
        if wanted("query first") {
            add(compare("query first", n: n, kit: world.kitFirst, baselines: [world.loopFirst], method: method))
        }
        let queries = QueryWorld(n: n)
        if wanted("query all, two conformer types") {
            add(compare("query all, two conformer types", n: n, kit: queries.kitAll,
                baselines: [queries.loopAll, queries.loopAllGrowing], method: method))
        }
        if wanted("query first, two conformer types") {
            add(compare("query first, two conformer types", n: n, kit: queries.kitFirst, baselines: [queries.loopFirst],
                method: method))
        }
    }
    if wanted("fan-out, one call") {
        checkReleaseDiagnosticsAreSilent()
    }
    if wanted("lifecycle") {
        for n in sizes {
            let world = LifecycleWorld(n: n)
            add(compare("lifecycle per controller-event", n: n, kit: world.kit, baselines: [world.vtableLoop],
                method: method))
        }
    }
    add(screenRows(method: method, wanted: wanted))
    if wanted("saved state") {
        add(savedStateRows(method: method))
    }
    if wanted("churn") {
        let world = ChurnWorld(n: 1000)
        add(compare("churn: first send after attach+detach", n: 1000, kit: world.firstSendAfterChurn,
            baselines: [world.steadySend], method: method))
        add(compare("churn: attach+detach pair", n: 1000, kit: world.churnPair, baselines: [world.steadySend],
            method: method))
    }
    if wanted("churn") {
        for n in method.churnSizes {
            let world = ScaleChurnWorld(n: n)
            let open = world.runner("scale-batch-open")
            add(compare("churn: batch detach, per controller", n: n, kit: world.runner("scale-batch-detach"),
                baselines: [world.runner("scale-tear-down")], method: method))
            add(compare("churn: single attach, per controller", n: n, kit: world.runner("scale-single-attach"),
                baselines: [open], method: method))
            add(compare("churn: single detach forward, per controller", n: n,
                kit: world.runner("scale-detach-forward"), baselines: [open], method: method))
            add(compare("churn: single detach reverse, per controller", n: n,
                kit: world.runner("scale-detach-reverse"), baselines: [open], method: method))
            add(compare("churn: attach + detach, 64 conversations, per controller", n: n,
                kit: world.runner("scale-64-attach-detach"), baselines: [world.runner("scale-64-batch-open-close")],
                method: method))
        }
    }
    if wanted("route lookup") {
        for count in [100, 1000, 10_000] {
            let world = RouteWorld(count: count)
            add(compare("route lookup", n: count, kit: world.kitLookup,
                baselines: [world.routingKitLookup, world.linearLookup], method: method))
        }
    }
    if wanted("route dead end") {
        let world = DeadEndWorld()
        let deadEnd = compare("route dead end, 6 levels", n: 4096, kit: world.kit, baselines: [world.oneRoute],
            method: method)
        add(deadEnd)
        let target = DeadEndWorld.targetRatio
        print("  route dead end: 4,096 routes cost \(format(deadEnd[0].ratio, digits: 3))x the lookup at 1 route; "
            + "target <= \(format(target, digits: 1))x: \(method.verdict(deadEnd[0].ratio <= target))")
    }
    let services = ServiceWorld(count: 1000)
    if wanted("resolve singleton") {
        add(compare("resolve singleton", n: 1000, kit: services.kitSingleton, baselines: [services.swinjectSingleton],
            method: method))
    }
    if wanted("resolve per call") {
        add(compare("resolve per call", n: 1000, kit: services.kitPerCall, baselines: [services.swinjectPerCall],
            method: method))
    }
    if wanted("missing service") {
        add(compare("missing service", n: 1000, kit: services.kitMiss, baselines: [services.swinjectMiss],
            method: method))
    }
    if wanted("register routes") {
        let world = RouteWorld(count: 10_000)
        let new = compare("register routes + build, per route", n: 10_000, kit: world.kitRegistration,
            baselines: [world.routingKitRegistration], method: method)
        add(new)
        for row in new {
            print("  target: registration <= 0.5x routing-kit's per route: "
                + "\(method.verdict(row.ratio <= 0.5)) (\(format(row.ratio, digits: 3))x)")
        }
    }
    if wanted("launch: 10,000 routes") {
        let world = ScaleLaunchWorld()
        let new = compare("launch: 10,000 routes + 100 modules", n: ScaleLaunchWorld.routeCount, kit: world.kit,
            baselines: [world.routingKitRegistration], method: method)
        add(new)
        for row in new {
            print("  target: launch <= \(format(ScaleLaunchWorld.target / 1_000_000)) ms: "
                + "\(method.verdict(row.kit <= ScaleLaunchWorld.target)) (\(format(row.kit / 1_000_000)) ms)")
        }
    }
    if wanted("launch modules") {
        let world = LaunchWorld(count: 100)
        add(compare("launch modules, per module", n: 100, kit: world.kit, baselines: [world.ownerBaseline],
            method: method))
    }
    print("")
    print(rows.markdown())
    print("")
    print(targetReport(rows, method: method))
    if let path = arguments.jsonPath {
        try rows.json().write(to: URL(fileURLWithPath: path))
        print("\nwrote \(path)")
    }
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
if arguments.caseName != nil {
    runCallgrindCase(arguments)
} else {
    let machine = ProcessInfo.processInfo
    print("BCKit benchmarks, \(arguments.method.repetitions) repetitions of >= \(arguments.method.target / 1_000_000) ms, "
        + "\(machine.activeProcessorCount) cores, \(machine.operatingSystemVersionString)")
    try runAll(arguments)
}

/// DESIGN 21: a release build looks for no unhandled message, so nothing reaches the diagnostics
/// hook even when one is set; a debug build would report this send once.
@MainActor
func checkReleaseDiagnosticsAreSilent() {
    let owner = Owner(name: "Silent")
    var reported = 0
    owner.onDiagnostic = { _ in reported += 1 }
    try! owner.attach(Bystander())
    owner.center.relayPing()
    precondition(reported == 0, "a release build reported an unhandled message")
    print("  diagnostics in release: an unhandled one-call message was reported \(reported) times (expected 0)")
}
