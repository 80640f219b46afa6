import BCKit
import BCKitModules
import Testing

/// A module whose route handler has the wrong labels, as a new user writes it: the requirement is
/// `handle(_:)`, so its routes reach the empty default.
@MainActor
final class MislabelledModule: Module {
    weak var owner: Owner?
    let recorder: Recorder

    init(recorder: Recorder) {
        self.recorder = recorder
    }
}

// Apart from the class, as an adopter's extension would be: the compiler's near-miss check looks
// only at the declaration that states the conformance.
extension MislabelledModule {
    func handle(request: RouteRequest) {
        recorder.record("mislabelled \(request.url)")
    }
}

/// A module that declares no routes and implements no handler, as most service-only modules do.
@MainActor
final class ServiceOnlyModule: Module {
    weak var owner: Owner?
}

/// A route whose match reaches a module's empty default `handle(_:)` is not reported as opened,
/// and debug builds say which module and route, and what to implement.
@MainActor
@Suite struct ModuleDefaultHandlerTests {
    let recorder = Recorder()
    let kept = DiagnosticsKept()

    /// A launched host with the mislabelled module on `shop://m/x` and whatever `configure` adds.
    func host(configure: (ModuleHost) throws -> Void = { _ in }) async throws -> ModuleHost {
        let host = ModuleHost()
        let kept = kept
        host.owner.onDiagnostic = { kept.all.append($0) }
        try host.register(
            MislabelledModule(recorder: recorder), info: ModuleInfo(id: "m"), routes: [ModuleRoute("shop://m/x")])
        try configure(host)
        try await host.launch()
        return host
    }

    @Test func aRouteReachingTheDefaultHandlerIsDeclinedNotOpened() async throws {
        let host = try await host()
        #expect(try host.open("shop://m/x") == .declined(by: "shop://m/x"))
        #expect(recorder.entries.isEmpty)
    }

    @Test func theDiagnosticNamesTheModuleTheRouteAndTheSignatureToImplement() async throws {
        let host = try await host()
        try host.open("shop://m/x")
        #if DEBUG
            let diagnostic = try #require(kept.all.first)
            #expect(kept.all.count == 1)
            #expect(diagnostic.cause == .unhandledMessage)
            #expect(diagnostic.owner == "App")
            #expect(diagnostic.conversation == "MislabelledModule")
            #expect(diagnostic.message == "handle(_:)")
            #expect(diagnostic.ignoredBy == ["MislabelledModule"])
            for part in ["module 'm'", "route 'shop://m/x'", "func handle(_ request: RouteRequest)", "handler(for:)"] {
                #expect(diagnostic.hint.contains(part), "hint lacks \(part): \(diagnostic.hint)")
            }
        #else
            #expect(kept.all.isEmpty)
        #endif
    }

    @Test func theDiagnosticComesOncePerModuleTypeWhileEveryNavigationIsDeclined() async throws {
        let host = try await host()
        #expect(try host.open("shop://m/x") == .declined(by: "shop://m/x"))
        #expect(try host.open("shop://m/x") == .declined(by: "shop://m/x"))
        #if DEBUG
            #expect(kept.all.count == 1)
        #endif
    }

    @Test func theUnmatchedHandlerRunsAsForAnyDecline() async throws {
        let recorder = recorder
        let host = try await host { host in
            host.unmatchedHandler = { recorder.record("not found \($0.url)") }
        }
        #expect(try host.open("shop://m/x") == .declined(by: "shop://m/x"))
        #expect(recorder.entries == ["not found shop://m/x"])
    }

    @Test func aControllersNavigationIsDeclined() async throws {
        let host = try await host()
        let outcome = host.navigate(to: "shop://m/x")
        #expect(!outcome.isOpened)
        #expect(outcome == .declined("the handler of shop://m/x turned it down"))
    }

    @Test func aNavigationHeldOnAGuardIsDeclinedWhenItResumes() async throws {
        let host = ModuleHost()
        host.guards = [RouteGuard(name: "signedIn", barrier: Barrier<Void>("signedIn"))]
        try host.register(
            MislabelledModule(recorder: recorder), info: ModuleInfo(id: "m"),
            routes: [ModuleRoute("shop://m/x", guards: ["signedIn"])])
        try await host.launch()
        let navigator = try #require(host.navigator)
        #expect(try host.open("shop://m/x") == .held(by: "signedIn"))
        #expect(navigator.guardDidSucceed("signedIn") == [.declined(by: "shop://m/x")])
    }

    @Test func aModuleThatImplementsHandleStillOpensAndReportsNothing() async throws {
        let host = try await host { host in
            try host.register(
                RecordingModule("cart", recorder: recorder), info: ModuleInfo(id: "cart"),
                routes: [ModuleRoute("shop://cart", name: "cart")])
        }
        #expect(try host.open("shop://cart") == .opened("cart"))
        #expect(recorder.entries.suffix(2) == ["cart open shop://cart", "cart handle cart []"])
        #expect(kept.all.isEmpty)
    }

    @Test func aModuleWithNoRoutesIsUnaffected() async throws {
        let host = ModuleHost()
        let kept = kept
        host.owner.onDiagnostic = { kept.all.append($0) }
        try host.register(ServiceOnlyModule(), info: ModuleInfo(id: "services"))
        try host.register(
            RecordingModule("cart", recorder: recorder), info: ModuleInfo(id: "cart"),
            routes: [ModuleRoute("shop://cart", name: "cart")])
        try await host.launch()
        #expect(try host.open("shop://cart") == .opened("cart"))
        #expect(kept.all.isEmpty)
    }
}

/// A module that left the app owner declines its routes, and debug builds say why.
@MainActor
@Suite struct AbsentModuleRouteTests {
    let recorder = Recorder()
    let kept = DiagnosticsKept()

    @Test(arguments: [false, true])
    func aRouteOfAModuleNoLongerInTheAppIsDeclinedNotOpened(tearingDown: Bool) async throws {
        let host = ModuleHost()
        let kept = kept
        host.owner.onDiagnostic = { kept.all.append($0) }
        let module = RecordingModule("a", recorder: recorder)
        try host.register(module, info: ModuleInfo(id: "a"), routes: [ModuleRoute("shop://a")])
        try await host.launch()
        if tearingDown {
            try host.owner.tearDown()
        } else {
            try host.owner.detach(module)
        }
        recorder.entries.removeAll()

        #expect(try host.open("shop://a") == .declined(by: "shop://a"))
        #expect(!recorder.entries.contains { $0.hasPrefix("a handle") })
        #if DEBUG
            let diagnostic = try #require(kept.all.last)
            #expect(diagnostic.hint.contains("module 'a'"))
            #expect(diagnostic.hint.contains(tearingDown ? "the app owner was torn down" : "the module was detached"))
        #endif
    }

    @Test func aRouteOfAnAttachedModuleStillOpens() async throws {
        let host = ModuleHost()
        try host.register(
            RecordingModule("a", recorder: recorder), info: ModuleInfo(id: "a"), routes: [ModuleRoute("shop://a")])
        try await host.launch()
        #expect(try host.open("shop://a") == .opened("shop://a"))
    }
}
