import BCKit
import BCKitModules
import Testing

struct StartRefused: Error, CustomStringConvertible {
    var description: String { "no network" }
}

protocol Catalog: Sendable { var items: [String] { get } }
struct FixedCatalog: Catalog { let items = ["tea", "cup"] }

@MainActor
@Suite struct ModuleHostTests {
    let recorder = Recorder()

    func module(_ id: String) -> RecordingModule { RecordingModule(id, recorder: recorder) }

    @Test func modulesStartInPriorityOrderWithTiesInRegistrationOrder() async throws {
        let host = ModuleHost()
        for (id, priority) in [("low", 1), ("tieA", 5), ("high", 9), ("tieB", 5), ("tieC", 5)] {
            try host.register(module(id), info: ModuleInfo(id: id, priority: priority))
        }
        try await host.launch()
        let order = ["high", "tieA", "tieB", "tieC", "low"]
        #expect(host.modules.map(\.id) == order)
        #expect(
            recorder.entries == order.map { "\($0) services" } + order.flatMap { ["\($0) begin", "\($0) end"] }
                + order.map { "\($0) launched" })
    }

    @Test func aConcurrentStartLetsTheNextModuleBeginAndTheLaunchWaitsForIt() async throws {
        let host = ModuleHost()
        let slow = module("slow")
        slow.suspendsWhileStarting = true
        try host.register(slow, info: ModuleInfo(id: "slow", priority: 9, startsConcurrently: true))
        try host.register(module("next"), info: ModuleInfo(id: "next", priority: 5))
        try await host.launch()
        let starts = recorder.entries.filter { !$0.hasSuffix("services") }
        #expect(
            starts.filter { $0 != "slow end" } == [
                "slow begin", "next begin", "next end", "slow launched", "next launched",
            ])
        let slowEnd = try #require(starts.firstIndex(of: "slow end"))
        #expect(slowEnd < starts.firstIndex(of: "slow launched")!)
    }

    @Test func aLaunchWhoseStartsNeverSuspendFinishesWithoutSuspending() throws {
        let host = ModuleHost()
        try host.register(module("a"), info: ModuleInfo(id: "a", priority: 2))
        try host.register(module("b"), info: ModuleInfo(id: "b", priority: 1))
        var finished = false
        // What the launch benchmark relies on to time a launch in one synchronous call.
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            Task.immediate { @MainActor in
                try? await host.launch()
                finished = true
            }
            #expect(finished)
            #expect(recorder.entries.suffix(2) == ["a launched", "b launched"])
        }
    }

    @Test func aFailingStartStopsTheLaunchNamingTheModule() async throws {
        let host = ModuleHost()
        let broken = module("broken")
        broken.failure = StartRefused()
        try host.register(broken, info: ModuleInfo(id: "broken", priority: 2))
        try host.register(module("after"), info: ModuleInfo(id: "after", priority: 1))
        await #expect(throws: ModuleError.startFailed("broken", reason: "no network")) { try await host.launch() }
        #expect(!recorder.entries.contains("after begin"))
    }

    @Test func aFailedLaunchOpensNoURLIntoModulesThatNeverStarted() async throws {
        let host = ModuleHost()
        let broken = module("broken")
        broken.failure = StartRefused()
        try host.register(broken, info: ModuleInfo(id: "broken", priority: 2))
        try host.register(
            module("after"), info: ModuleInfo(id: "after", priority: 1), routes: [ModuleRoute("shop://after")])
        await #expect(throws: ModuleError.self) { try await host.launch() }
        recorder.entries.removeAll()

        let failure = ModuleError.startFailed("broken", reason: "no network").description
        #expect(throws: RouteError.hostLaunchFailed("shop://after", failure: failure)) { try host.open("shop://after") }
        #expect(host.navigator == nil)
        var reported: [Diagnostic.Cause] = []
        host.owner.onDiagnostic = { reported.append($0.cause) }
        #expect(
            host.navigate(to: "shop://after")
                == .declined(RouteError.hostLaunchFailed("shop://after", failure: failure).description))
        #expect(recorder.entries.isEmpty)
        #if DEBUG
            #expect(reported == [.refusedRoute])
        #endif
    }

    @Test func aLaunchRefusedForItsRoutesOpensNoURLEither() async throws {
        let host = ModuleHost()
        host.guards = [RouteGuard(name: "signedIn", url: "shop://login") { false }]
        try host.register(
            module("cart"), info: ModuleInfo(id: "cart"), routes: [ModuleRoute("shop://cart", guards: ["signedin"])])
        let refusal = await #expect(throws: ModuleError.self) { try await host.launch() }
        let failure = try #require(refusal).description
        #expect(throws: RouteError.hostLaunchFailed("shop://cart", failure: failure)) { try host.open("shop://cart") }
        await #expect(throws: ModuleError.alreadyLaunched) { try await host.launch() }
        #expect(!recorder.entries.contains("cart begin"))
    }

    @Test func appEventsReachEveryModuleThroughTheOwnersCenter() async throws {
        let host = ModuleHost()
        try host.register(module("a"), info: ModuleInfo(id: "a", priority: 2))
        try host.register(module("b"), info: ModuleInfo(id: "b", priority: 1))
        try await host.launch()
        recorder.entries.removeAll()
        host.enterBackground()
        host.enterForeground()
        #expect(recorder.entries == ["a background", "b background", "a foreground", "b foreground"])
        #expect(host.owner.controllers.count == 2)
    }

    @Test func moduleRoutesOpenThroughTheNavigatorAndReachTheirModule() async throws {
        let host = ModuleHost()
        let session = Session()
        host.guards = [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
        try host.register(
            module("goods"), info: ModuleInfo(id: "goods"),
            routes: [
                ModuleRoute("shop://goods/detail/:id<Int>", name: "goods.detail")
            ])
        try host.register(
            module("account"), info: ModuleInfo(id: "account"),
            routes: [
                ModuleRoute("shop://login", name: "login"),
                ModuleRoute("shop://account", name: "account", guards: ["signedIn"]),
            ])
        try await host.launch()
        recorder.entries.removeAll()
        #expect(try host.open("shop://goods/detail/7") == .opened("goods.detail"))
        #expect(try host.open("shop://account") == .held(by: "signedIn"))
        #expect(
            recorder.entries == [
                "goods open shop://goods/detail/7", "account open shop://goods/detail/7",
                "goods handle goods.detail [(key: \"id\", value: \"7\")]",
                "goods open shop://account", "account open shop://account",
                "account handle login []",
            ])
    }

    /// Modules hear of a URL only once the navigator accepts it; one no route matches is
    /// accepted, so they hear of it before the unmatched handler gets it.
    @Test func aURLTheNavigatorRefusesIsNotAnnouncedToModules() async throws {
        let host = ModuleHost()
        let recorder = recorder
        host.externalSchemes = ["shop"]
        host.unmatchedHandler = { recorder.record("not found \($0.url)") }
        try host.register(
            module("a"), info: ModuleInfo(id: "a"),
            routes: [
                ModuleRoute("shop://link", name: "link", external: true),
                ModuleRoute("shop://inside", name: "inside"),
                ModuleRoute("shop://order?id=:Int", name: "order"),
            ])
        try await host.launch()
        recorder.entries.removeAll()

        #expect(throws: RouteError.internalRoute("shop://inside", route: "inside")) {
            try host.open("shop://inside", from: .outside)
        }
        #expect(throws: RouteError.schemeNotAllowed("mail://inbox", scheme: "mail")) {
            try host.open("mail://inbox", from: .outside)
        }
        #expect(throws: RouteError.invalidPercentEscape("shop://link/%zz")) {
            try host.open("shop://link/%zz", from: .outside)
        }
        #expect(throws: RouteError.missingQueryParameter("shop://order?id=:Int", name: "id")) {
            try host.open("shop://order")
        }
        let refused = RouteError.invalidPercentEscape("shop://link/%zz").description
        var reported: [Diagnostic.Cause] = []
        host.owner.onDiagnostic = { reported.append($0.cause) }
        #expect(host.navigate(to: "shop://link/%zz") == .declined(refused))
        #expect(recorder.entries.isEmpty)
        #if DEBUG
            #expect(reported == [.refusedRoute])
        #endif

        #expect(try host.open("shop://link", from: .outside) == .opened("link"))
        #expect(try host.open("shop://nowhere") == .unmatched)
        #expect(
            recorder.entries == [
                "a open shop://link", "a handle link []", "a open shop://nowhere", "not found shop://nowhere",
            ])
    }

    @Test func openingBeforeTheLaunchIsATypedErrorAndNoModuleHearsOfIt() async throws {
        let host = ModuleHost()
        host.externalSchemes = ["shop"]
        try host.register(module("a"), info: ModuleInfo(id: "a"), routes: [ModuleRoute("shop://a", external: true)])
        #expect(throws: RouteError.hostNotLaunched("shop://a")) { try host.open("shop://a") }
        #expect(throws: RouteError.hostNotLaunched("shop://a")) { try host.open("shop://a", from: .outside) }
        #expect(recorder.entries.isEmpty)
        try await host.launch()
        #expect(try host.open("shop://a") == .opened("shop://a"))
    }

    @Test func servicesRegisteredByOneModuleAreResolvableByAll() async throws {
        let host = ModuleHost()
        let provider = module("catalog")
        provider.registration = { (services: inout ServiceRegistryBuilder) throws(ServiceError) in
            try services.register((any Catalog).self) { _ in FixedCatalog() }
        }
        try host.register(provider, info: ModuleInfo(id: "catalog"))
        try await host.launch()
        #expect(try host.services.resolve((any Catalog).self).items == ["tea", "cup"])
    }

    /// Before the launch no module has registered its services, so asking for one registered
    /// there says the host has not launched, not that nobody registers it.
    @Test func aServiceAskedForBeforeTheLaunchSaysTheHostHasNotLaunched() async throws {
        let host = ModuleHost()
        let provider = module("catalog")
        provider.registration = { (services: inout ServiceRegistryBuilder) throws(ServiceError) in
            try services.register((any Catalog).self) { _ in FixedCatalog() }
        }
        try host.register(provider, info: ModuleInfo(id: "catalog"))
        let error = #expect(throws: ServiceError.hostNotLaunched("Catalog")) {
            try host.services.resolve((any Catalog).self)
        }
        #expect(error?.service == "Catalog")
        #expect(error?.description.contains("has not launched") == true)
        try await host.launch()
        #expect(try host.services.resolve((any Catalog).self).items == ["tea", "cup"])
        #expect(throws: ServiceError.missing("Clock", registered: ["Catalog"])) {
            try host.services.resolve((any Clock).self)
        }
    }

    @Test func registrationAndLaunchMistakesAreTypedErrors() async throws {
        let host = ModuleHost()
        let first = module("a")
        try host.register(first, info: ModuleInfo(id: "a"))
        #expect(throws: ModuleError.duplicateModule("a")) { try host.register(module("a"), info: ModuleInfo(id: "a")) }
        #expect(throws: ModuleError.self) { try host.register(first, info: ModuleInfo(id: "again")) }
        try await host.launch()
        await #expect(throws: ModuleError.alreadyLaunched) { try await host.launch() }
        #expect(throws: ModuleError.alreadyLaunched) { try host.register(module("late"), info: ModuleInfo(id: "late")) }
    }

    @Test func badRoutesAndServicesNameTheirModule() async throws {
        let routes = ModuleHost()
        try routes.register(module("x"), info: ModuleInfo(id: "x"), routes: [ModuleRoute("shop://a/:id")])
        try routes.register(module("y"), info: ModuleInfo(id: "y"), routes: [ModuleRoute("shop://a/:key")])
        await #expect(throws: ModuleError.routeRegistration("y", .ambiguousRoutes("shop://a/:id", "shop://a/:key"))) {
            try await routes.launch()
        }

        let guarded = ModuleHost()
        try guarded.register(module("z"), info: ModuleInfo(id: "z"), routes: [ModuleRoute("shop://z", guards: ["vip"])])
        await #expect(throws: ModuleError.routeRegistration("z", .unknownGuard("shop://z", guardName: "vip"))) {
            try await guarded.launch()
        }

        #expect(throws: ModuleError.attachRefused("big", reason: OwnerError.priorityOutOfRange(40_000).description)) {
            try ModuleHost().register(module("big"), info: ModuleInfo(id: "big", priority: 40_000))
        }

        let guards = ModuleHost()
        guards.guards = [
            RouteGuard(name: "vip", url: "shop://a") { true }, RouteGuard(name: "vip", url: "shop://b") { true },
        ]
        await #expect(throws: ModuleError.invalidGuards(.duplicateGuard("vip"))) { try await guards.launch() }

        let services = ModuleHost()
        for id in ["p", "q"] {
            let provider = module(id)
            provider.registration = { (builder: inout ServiceRegistryBuilder) throws(ServiceError) in
                try builder.register((any Catalog).self) { _ in FixedCatalog() }
            }
            try services.register(provider, info: ModuleInfo(id: id))
        }
        await #expect(throws: ModuleError.serviceRegistration("q", .duplicate("Catalog"))) {
            try await services.launch()
        }
    }
}

/// A module whose start runs a script, for launches that fail part-way.
@MainActor
final class ScriptedModule: Module {
    weak var owner: Owner?
    private let script: @MainActor () async throws -> Void

    init(_ script: @escaping @MainActor () async throws -> Void) {
        self.script = script
    }

    func start(in context: ModuleContext) async throws {
        try await script()
    }
}

/// The first failure stops the launch, whichever start it comes from: no module starts after
/// it, and starts still running concurrently are cancelled and finish before the launch throws.
@MainActor
@Suite struct ModuleLaunchFailureTests {
    let recorder = Recorder()

    /// A start that runs until it is cancelled (bounded, so a launch that never cancels it ends).
    func untilCancelled(_ id: String) -> ScriptedModule {
        let recorder = recorder
        return ScriptedModule {
            recorder.record("\(id) begin")
            for _ in 0..<10_000 where !Task.isCancelled { await Task.yield() }
            recorder.record(Task.isCancelled ? "\(id) cancelled" : "\(id) gave up")
        }
    }

    func failing(_ id: String, afterYield: Bool = false) -> ScriptedModule {
        let recorder = recorder
        return ScriptedModule {
            recorder.record("\(id) begin")
            if afterYield { await Task.yield() }
            recorder.record("\(id) fails")
            throw StartRefused()
        }
    }

    func starting(_ id: String) -> ScriptedModule {
        let recorder = recorder
        return ScriptedModule { recorder.record("\(id) begin") }
    }

    @Test func aConcurrentStartThatFailsStopsTheModulesAfterIt() async throws {
        let host = ModuleHost()
        let recorder = recorder
        try host.register(
            failing("broken", afterYield: true), info: ModuleInfo(id: "broken", priority: 3, startsConcurrently: true))
        // Runs until the concurrent start has failed, so the failure is in before the next start.
        let waiting = ScriptedModule {
            recorder.record("waiting begin")
            while !recorder.entries.contains("broken fails") { await Task.yield() }
        }
        try host.register(waiting, info: ModuleInfo(id: "waiting", priority: 2))
        try host.register(starting("after"), info: ModuleInfo(id: "after", priority: 1))
        await #expect(throws: ModuleError.startFailed("broken", reason: "no network")) { try await host.launch() }
        #expect(recorder.entries == ["broken begin", "waiting begin", "broken fails"])
    }

    @Test func aFailingStartCancelsTheConcurrentStartsStillRunningBeforeTheLaunchThrows() async throws {
        let host = ModuleHost()
        try host.register(untilCancelled("slow"), info: ModuleInfo(id: "slow", priority: 3, startsConcurrently: true))
        try host.register(failing("broken"), info: ModuleInfo(id: "broken", priority: 2))
        try host.register(starting("after"), info: ModuleInfo(id: "after", priority: 1))
        await #expect(throws: ModuleError.startFailed("broken", reason: "no network")) { try await host.launch() }
        #expect(recorder.entries == ["slow begin", "broken begin", "broken fails", "slow cancelled"])
    }

    @Test func aFailingConcurrentStartCancelsTheOthersWhileTheLaunchWaitsForThem() async throws {
        let host = ModuleHost()
        try host.register(untilCancelled("slow"), info: ModuleInfo(id: "slow", priority: 3, startsConcurrently: true))
        try host.register(
            failing("broken", afterYield: true), info: ModuleInfo(id: "broken", priority: 2, startsConcurrently: true))
        await #expect(throws: ModuleError.startFailed("broken", reason: "no network")) { try await host.launch() }
        #expect(recorder.entries == ["slow begin", "broken begin", "broken fails", "slow cancelled"])
    }
}
