import BCKit
import BCKitModules
import Testing

// The blocks of RouteGuard's doc comment (a guard on a condition, a guard on a shared barrier) and
// of ModuleHost's navigate(to:), verbatim.

/// Whether the user is signed in.
@MainActor
private final class Session {
    var isSignedIn = false
}

@MainActor
@Suite struct GuardBarrierExampleTests {
    @Test func aGuardIsMadeFromAConditionOrFromABarrier() throws {
        let session = Session()
        var logins = 0
        func showLogin() { logins += 1 }

        let signedIn = RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }

        let account = Barrier<String>("signedIn") { _ in showLogin() }
        let shared = RouteGuard(name: "signedIn", barrier: account)  // add-to-cart waits on `account` too

        #expect(signedIn.url == "shop://login")
        #expect(!signedIn.isSatisfied())
        var routes = RouterBuilder<RouteDestination>()
        var added = 0
        try routes.register("shop://cart/add", to: RouteDestination(guards: ["signedIn"]) { _ in added += 1 })
        let navigator = try Navigator(router: routes.build(), guards: [shared])
        #expect(try navigator.open("shop://cart/add") == .held(by: "signedIn"))
        #expect(logins == 1)
        account.overcome(with: "ada")
        #expect(added == 1)
        #expect(shared.isSatisfied())
    }

    @Test func aModuleHostAnswersAScreensNavigations() async throws {
        let moduleHost = ModuleHost(name: "App")
        // An unknown route is reported in debug builds; this test expects one.
        moduleHost.owner.onDiagnostic = { _ in }
        try await moduleHost.launch()
        let services = HostServices()

        services.onNavigate = { route in moduleHost.navigate(to: route) }

        #expect(services.navigate(to: "shop://nowhere") == .unmatched)
    }
}
