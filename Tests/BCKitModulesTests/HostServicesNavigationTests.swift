import BCKit
import BCKitModules
import Testing

/// Plays a view that shows a message in the host-services sample.
@MainActor
private final class Banner {
    private(set) var shown: [String] = []

    func show(_ text: String) { shown.append(text) }
}

/// Stands in for a UIKit `OwnerViewController`, whose `services` are the adapter's provider.
@MainActor
private struct Screen {
    let services = HostServices()
}

/// The host-services samples of the DocC article "Hosting an Owner", verbatim: a screen's
/// navigations go to BCKitModules' navigator, the way an app wires them.
@MainActor
@Suite struct HostServicesNavigationTests {
    static func goodsNavigator(opened: @escaping @MainActor @Sendable (Int?) -> Void) throws -> Navigator {
        var routes = RouterBuilder<RouteDestination>()
        try routes.register(
            "shop://goods/detail/:id<Int>", name: "goods.detail",
            to: RouteDestination { request in opened(request.parameters.value("id", as: Int.self)) })
        return try Navigator(router: routes.build())
    }

    @Test func theRelaysServicesOpenRoutesWithTheNavigatorAndShowAlerts() throws {
        let banner = Banner()
        let opened = Recorder()
        let navigator = try Self.goodsNavigator { opened.record("goods \($0 ?? 0)") }
        let owner = Owner(name: "Goods")
        let kept = DiagnosticsKept()
        owner.onDiagnostic = { kept.all.append($0) }
        navigator.diagnosticOwner = owner

        let relay = HostRelay(owner: owner)
        relay.provideServices(
            HostServices(
                navigate: { route in navigator.navigate(to: route) },
                showAlert: { alert in banner.show(alert.title) }
            ))
        #expect(owner.center.navigate(to: "shop://goods/detail/42") == .opened("goods.detail"))
        #expect(owner.center.navigate(to: "shop://goods/detail/not-a-number") == .unmatched)
        owner.center.showAlert(HostAlert(title: "Added"))

        #expect(opened.entries == ["goods 42"])
        #expect(banner.shown == ["Added"])
        #expect(relay.owner === owner)
        #if DEBUG
            #expect(kept.all.map(\.cause) == [.unknownRoute])
        #endif
    }

    @Test func aUIKitScreensServicesOpenRoutesWithTheNavigator() throws {
        let opened = Recorder()
        let navigator = try Self.goodsNavigator { opened.record("goods \($0 ?? 0)") }
        let screen = Screen()

        screen.services.onNavigate = { route in navigator.navigate(to: route) }
        #expect(screen.services.navigate(to: "shop://goods/detail/7") == .opened("goods.detail"))

        #expect(opened.entries == ["goods 7"])
    }
}
