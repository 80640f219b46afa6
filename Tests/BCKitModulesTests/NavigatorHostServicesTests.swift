import BCKit
import BCKitModules
import Testing

/// Asks its screen to navigate and keeps what it hears back: the immediate outcome, then the
/// final one of a held navigation.
@MainActor
private final class CheckoutButton: BusinessController {
    weak var owner: Owner?
    private(set) var heard: [String] = []

    @discardableResult
    func tapped(_ route: String) -> Task<Void, Never>? {
        let outcome = center.navigate(to: route)
        heard.append("\(outcome)")
        guard let pending = outcome.pending else { return nil }
        return task { context in
            do throws(BarrierCancellation) {
                let final = try await context.wait(for: pending)
                context.controller?.heard.append("then \(final)")
            } catch {
                // Abandoned: the button left the screen first; nobody to tell.
            }
        }
    }
}

/// A controller's navigation request answers back through `HostServices` and the navigator:
/// every outcome, and a request whose controller left before the outcome.
@MainActor
@Suite struct NavigatorHostServicesTests {
    let recorder = Recorder()
    let signedIn = Barrier<String>("signedIn")

    /// Goods below #100 open, others are declined by their handler; checkout waits for signedIn.
    func navigator() throws -> Navigator {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://goods/:id<Int>", name: "goods",
            to: RouteDestination(
                accepts: { ($0.parameters.value("id", as: Int.self) ?? 0) < 100 },
                handler: { recorder.record("goods \($0.parameters["id"] ?? "?")") }))
        try builder.register(
            "shop://checkout", name: "checkout",
            to: RouteDestination(guards: ["signedIn"]) { _ in recorder.record("checkout") })
        return try Navigator(
            router: builder.build(), guards: [RouteGuard(name: "signedIn", barrier: signedIn)],
            unmatchedHandler: { recorder.record("not found \($0.url)") })
    }

    /// The relays of the screens a test made, kept until the test ends: a relay released tears its
    /// owner down.
    let relays = RelayKeeper()

    /// A screen with the navigator as its host services, and the button on it.
    fileprivate func screen(_ navigator: Navigator) throws -> (Owner, CheckoutButton) {
        let owner = Owner(name: "Goods")
        let button = CheckoutButton()
        try owner.attach(button)
        try owner.didLoad()
        let relay = HostRelay(owner: owner)
        relay.provideServices(HostServices(navigate: { route in navigator.navigate(to: route) }))
        relays.keep(relay)
        return (owner, button)
    }

    // MARK: - Re-entrant and nested

    /// The requesting controller detaches while its navigation is held: its wait is abandoned, it
    /// never hears the final outcome and is freed, and the navigation still opens once the guard
    /// lets it through.
    @Test func aRequestWhoseControllerDetachedBeforeTheOutcomeStillOpensUnheard() async throws {
        let navigator = try navigator()
        weak var weakButton: CheckoutButton?
        var task: Task<Void, Never>?
        var owner: Owner?
        do {
            let (screen, button) = try screen(navigator)
            owner = screen
            weakButton = button
            task = button.tapped("shop://checkout")
            await turns { signedIn.waiterCount == 1 }
            #expect(button.heard == ["held by signedIn"])
            try screen.detach(button)
        }
        #expect(weakButton == nil)
        signedIn.overcome(with: "ada")
        await task?.value

        #expect(recorder.entries == ["checkout"])
        #expect(owner?.controllers.count == 1)
    }

    /// A controller in a nested owner asks: the provider at the root answers, and the held
    /// navigation's final outcome reaches it.
    @Test func aNestedOwnersControllerHearsTheFinalOutcomeOfItsHeldNavigation() async throws {
        let navigator = try navigator()
        let (page, _) = try screen(navigator)
        let section = Owner(name: "Section")
        let button = CheckoutButton()
        try section.attach(button)
        try page.attach(section)
        let task = button.tapped("shop://checkout")
        await turns { signedIn.waiterCount == 1 }
        signedIn.overcome(with: "ada")
        await task?.value

        #expect(button.heard == ["held by signedIn", "then opened checkout"])
    }

    // MARK: - Every outcome

    @Test func anOpenedRouteAnswersOpened() throws {
        let (_, button) = try screen(navigator())
        button.tapped("shop://goods/42")
        #expect(button.heard == ["opened goods"])
        #expect(recorder.entries == ["goods 42"])
    }

    @Test func aHeldNavigationAnswersHeldAndLaterOpened() async throws {
        let (_, button) = try screen(navigator())
        let task = button.tapped("shop://checkout")
        await turns { signedIn.waiterCount == 1 }
        signedIn.overcome(with: "ada")
        await task?.value
        #expect(button.heard == ["held by signedIn", "then opened checkout"])
        #expect(recorder.entries == ["checkout"])
    }

    @Test func aHeldNavigationAnswersHeldAndLaterDropped() async throws {
        let navigator = try navigator()
        let (_, button) = try screen(navigator)
        let task = button.tapped("shop://checkout")
        await turns { signedIn.waiterCount == 1 }
        navigator.guardDidCancel("signedIn")
        await task?.value
        #expect(button.heard == ["held by signedIn", "then dropped by signedIn"])
        #expect(recorder.entries.isEmpty)
    }

    @Test func aRouteWhoseHandlerDeclinesAnswersDeclined() throws {
        let (_, button) = try screen(navigator())
        button.tapped("shop://goods/500")
        #expect(button.heard == ["declined: the handler of goods turned it down"])
        #expect(recorder.entries == ["not found shop://goods/500"])
    }

    @Test func aMalformedURLAnswersDeclinedWithTheRouteError() throws {
        let navigator = try navigator()
        let (owner, _) = try screen(navigator)
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }
        navigator.diagnosticOwner = owner
        let outcome = owner.center.navigate(to: "shop://goods/%zz")
        #expect(outcome == .declined(RouteError.invalidPercentEscape("shop://goods/%zz").description))
        #expect(navigator.navigate(to: "goods") == .declined(RouteError.missingScheme("goods").description))
        #if DEBUG
            #expect(diagnostics.map(\.cause) == [.refusedRoute, .refusedRoute])
        #endif
    }

    @Test func anUnknownRouteAnswersUnmatched() throws {
        let (_, button) = try screen(navigator())
        button.tapped("shop://nowhere")
        #expect(button.heard == ["unmatched"])
        #expect(recorder.entries == ["not found shop://nowhere"])
    }

    @Test func noProviderOrNoActionAnswersNoHost() throws {
        let owner = Owner(name: "Bare")
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }
        let button = CheckoutButton()
        try owner.attach(button)
        button.tapped("shop://goods/1")
        let relay = HostRelay(owner: owner)
        relay.provideServices(HostServices())
        button.tapped("shop://goods/1")
        button.tapped("shop://goods/1")
        withExtendedLifetime(relay) {}

        #expect(button.heard == ["no host answered", "no host answered", "no host answered"])
        #expect(HostNavigationOutcome.noHost.pending == nil)
        // Two mistakes, each reported once: no host relay at all (nobody reached), then a relay
        // whose services have no navigate action (the relay left it to its default).
        #if DEBUG
            #expect(diagnostics.map(\.cause) == [.unhonoredHostRequest, .unhonoredHostRequest])
            #expect(diagnostics.map(\.ignoredBy.isEmpty) == [true, false])
        #endif
    }

    /// `NavigationOutcome` maps onto the outcome a controller sees.
    @Test(arguments: [
        (NavigationOutcome.opened("cart"), HostNavigationOutcome.opened("cart")),
        (.web, .opened("in the web handler")),
        (.unmatched, .unmatched),
        (.declined(by: "goods"), .declined("the handler of goods turned it down")),
        (.held(by: "signedIn"), .held(by: "signedIn")),
    ])
    func eachNavigationOutcomeMapsOntoTheHostOutcome(outcome: NavigationOutcome, expected: HostNavigationOutcome) {
        #expect(outcome.hostOutcome == expected)
    }

    /// Only a held outcome from `navigate(to:)` carries a pending barrier.
    @Test func onlyAHeldNavigationCarriesAPendingBarrier() throws {
        let navigator = try navigator()
        #expect(navigator.navigate(to: "shop://goods/1").pending == nil)
        let held = navigator.navigate(to: "shop://checkout")
        #expect(held.isHeld)
        #expect(held.pending?.isOvercome == false)
        signedIn.overcome(with: "ada")
        #expect(held.pending?.value == .opened("checkout"))
    }

    /// A module host answers too, telling its modules first.
    @Test func aModuleHostAnswersThroughItsNavigator() async throws {
        let host = ModuleHost(name: "App")
        var diagnostics: [Diagnostic] = []
        host.owner.onDiagnostic = { diagnostics.append($0) }
        #expect(host.navigate(to: "shop://cart") == .declined(RouteError.hostNotLaunched("shop://cart").description))
        try await host.launch()
        #expect(host.navigate(to: "shop://cart") == .unmatched)
        #if DEBUG
            #expect(diagnostics.map(\.cause) == [.refusedRoute, .unknownRoute])
        #endif
    }

    /// A controller's navigation the host refuses, before its launch or after it, is reported
    /// through the app owner: the controller hears only `declined`, which it may discard.
    @Test func aNavigationTheHostRefusesIsReportedThroughTheAppOwner() async throws {
        let host = ModuleHost(name: "App")
        try host.register(
            RecordingModule("order", recorder: recorder), info: ModuleInfo(id: "order"),
            routes: [ModuleRoute("shop://order?id=:Int", name: "order")])
        var diagnostics: [Diagnostic] = []
        host.owner.onDiagnostic = { diagnostics.append($0) }
        let screen = Owner(name: "Map")
        let button = CheckoutButton()
        try screen.attach(button)
        let relay = HostRelay(owner: screen)
        relay.provideServices(HostServices(navigate: { route in host.navigate(to: route) }))
        relays.keep(relay)

        button.tapped("shop://order?id=1")
        button.tapped("shop://order?id=2")
        try await host.launch()
        button.tapped("shop://order?number=1")

        let notLaunched = RouteError.hostNotLaunched("shop://order?id=1").description
        let missing = RouteError.missingQueryParameter("shop://order?id=:Int", name: "id").description
        #expect(button.heard.count == 3)
        #expect(button.heard.first == "declined: \(notLaunched)")
        #expect(button.heard.last == "declined: \(missing)")
        #if DEBUG
            #expect(diagnostics.map(\.cause) == [.refusedRoute, .refusedRoute])
            #expect(diagnostics.map(\.message) == ["shop://order", "shop://order"])
            #expect(diagnostics.first?.hint.contains(notLaunched) == true)
            #expect(diagnostics.last?.hint.contains(missing) == true)
        #else
            #expect(diagnostics.isEmpty)
        #endif
    }
}

/// Keeps relays alive until the test ends.
@MainActor
final class RelayKeeper {
    private(set) var relays: [HostRelay] = []

    func keep(_ relay: HostRelay) { relays.append(relay) }
}
