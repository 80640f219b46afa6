import BCKit
import BCKitModules
import Testing

/// The BCKit DocC article "Flows": the block that wires a screen's navigations to the navigator,
/// verbatim, answering a controller's request with the navigator's outcome.
@MainActor
@Suite struct FlowsArticleModulesTests {
    @Test func theScreensServicesAnswerWithTheNavigatorsOutcome() throws {
        var routes = RouterBuilder<RouteDestination>()
        try routes.register("shop://checkout", name: "checkout", to: RouteDestination { _ in })
        let navigator = try Navigator(router: routes.build())
        let owner = Owner(name: "Goods")
        let relay = HostRelay(owner: owner)

        relay.provideServices(HostServices(navigate: { route in navigator.navigate(to: route) }))

        #expect(owner.center.navigate(to: "shop://checkout") == .opened("checkout"))
    }
}
