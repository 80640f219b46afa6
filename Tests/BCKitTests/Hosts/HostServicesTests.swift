import BCKit
import Testing

/// The screen's side: records what its controllers ask.
@MainActor
final class ScreenServices: BusinessController, HostServiceConversation {
    weak var owner: Owner?
    private(set) var asked: [String] = []

    func fill(_ slot: String, with view: AnyObject) { asked.append("fill \(slot)") }
    func navigate(to route: String) -> HostNavigationOutcome {
        asked.append("navigate \(route)")
        return .opened(route)
    }
    func present(_ screen: AnyObject) { asked.append("present") }
    func dismiss() { asked.append("dismiss") }
    func showAlert(_ alert: HostAlert) { asked.append("alert \(alert)") }
}

/// Asks its screen for everything it may.
@MainActor
final class Checkout: BusinessController {
    weak var owner: Owner?

    func run() {
        center.fill("footer", with: ScreenServices())
        center.navigate(to: "shop://cart")
        center.present(ScreenServices())
        center.showAlert(HostAlert(title: "Paid", message: "Thanks"))
        center.dismiss()
    }
}

@MainActor
@Suite struct HostServicesTests {
    @Test func aControllerAsksItsScreenWithoutKnowingItsType() throws {
        let owner = Owner()
        let services = ScreenServices()
        let checkout = Checkout()
        try owner.attach([services, checkout])
        checkout.run()
        #expect(
            services.asked == [
                "fill footer", "navigate shop://cart", "present", "alert Paid: Thanks [OK]", "dismiss",
            ])
    }

    @Test func aControllerInANestedOwnerReachesTheScreenAtTheRoot() throws {
        let page = Owner(name: "Page")
        let services = ScreenServices()
        let nested = Owner(name: "Section")
        try page.attach([services, nested])
        let checkout = Checkout()
        try nested.attach(checkout)
        checkout.center.navigate(to: "shop://cart")
        #expect(services.asked == ["navigate shop://cart"])
    }

    @Test func aRequestNoScreenAnswersIsUnhandled() throws {
        let owner = Owner()
        let tracer = ListTracer()
        owner.addObserver(tracer)
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }
        let checkout = Checkout()
        try owner.attach(checkout)
        checkout.center.dismiss()
        #expect(tracer.dispatches.last?.isUnhandled == true)
        #expect(tracer.dispatches.last?.sender == "Checkout")
        #if DEBUG
            #expect(diagnostics.map(\.cause) == [.unhonoredHostRequest])
            #expect(diagnostics.first?.hint.contains("no host services are provided") == true)
        #endif
    }
}

@MainActor
@Suite struct HostServicesProviderTests {
    @Test func aRelaysProviderAnswersEachRequestWithTheHostsActionAndComesFirst() throws {
        let owner = Owner(name: "Checkout")
        let checkout = Checkout()
        try owner.attach(checkout)
        let relay = HostRelay(owner: owner)
        var asked: [String] = []
        relay.provideServices(
            HostServices(
                fill: { slot, _ in asked.append("fill \(slot)") },
                navigate: {
                    asked.append("navigate \($0)")
                    return .opened($0)
                },
                present: { asked.append("present \(type(of: $0))") },
                dismiss: { asked.append("dismiss") },
                showAlert: { asked.append("alert \($0.title)") }
            ))
        checkout.run()
        #expect(
            asked == ["fill footer", "navigate shop://cart", "present ScreenServices", "alert Paid", "dismiss"])
        #expect(owner.controllers.first === relay.services)
    }

    @Test func aRequestWithoutAnActionIsReportedAsNotHandled() throws {
        let owner = Owner()
        let tracer = ListTracer()
        owner.addObserver(tracer)
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }
        let checkout = Checkout()
        try owner.attach(checkout)
        let relay = HostRelay(owner: owner)
        relay.provideServices(HostServices(dismiss: {}))
        checkout.center.navigate(to: "shop://cart")
        #expect(
            tracer.dispatches.last?.defaulted == [DefaultedDelivery(receiver: "HostServices", method: "navigate(to:)")])
        checkout.center.dismiss()
        #expect(tracer.dispatches.last?.defaulted == [])
        #if DEBUG
            #expect(diagnostics.map(\.message) == ["navigate(to:)"])
            #expect(diagnostics.first?.ignoredBy == ["HostServices"])
            #expect(diagnostics.first?.hint == "the host services provider has no action for it")
        #endif
    }

    @Test func aNestedOwnersControllerReachesTheProviderOfTheRoot() throws {
        let page = Owner(name: "Page")
        let section = Owner(name: "Section")
        try page.attach(section)
        let checkout = Checkout()
        try section.attach(checkout)
        let relay = HostRelay(owner: page)
        var routes: [String] = []
        relay.provideServices(
            HostServices(navigate: {
                routes.append($0)
                return .opened($0)
            }))
        #expect(checkout.center.navigate(to: "shop://cart") == .opened("shop://cart"))
        #expect(routes == ["shop://cart"])
    }

    @Test func providingAgainReplacesTheProviderAndTheSameOneIsKept() throws {
        let owner = Owner()
        let relay = HostRelay(owner: owner)
        let first = HostServices()
        relay.provideServices(first)
        relay.provideServices(first)
        #expect(owner.controllers.count == 1)
        let second = HostServices()
        relay.provideServices(second)
        #expect(first.owner == nil)
        #expect(owner.controllers.count == 1)
        #expect(relay.services === second)
    }

    /// A provider the owner refuses (it serves another owner) leaves the one that works in place.
    @Test func aRefusedProviderKeepsThePreviousOne() throws {
        let owner = Owner(name: "Screen")
        var refusals: [String] = []
        owner.onDiagnostic = { diagnostic in diagnostic.refusal.map { refusals.append($0.report) } }
        let checkout = Checkout()
        try owner.attach(checkout)
        let relay = HostRelay(owner: owner)
        var dismissed = 0
        let working = HostServices(dismiss: { dismissed += 1 })
        relay.provideServices(working)
        let elsewhere = HostServices()
        let other = Owner(name: "Other")
        try other.attach(elsewhere)
        relay.provideServices(elsewhere)
        checkout.center.dismiss()
        #expect(elsewhere.owner === other)
        #expect(refusals == ["provideServices"])
        #expect(relay.services === working)
        #expect(working.owner === owner)
        #expect(dismissed == 1)
    }

    /// A provider the app detached itself is attached again when it is provided again.
    @Test func aProviderDetachedByTheAppIsAttachedAgainWhenProvided() throws {
        let owner = Owner()
        let relay = HostRelay(owner: owner)
        let services = HostServices()
        relay.provideServices(services)
        try owner.detach(services)
        relay.provideServices(services)
        #expect(services.owner === owner)
        #expect(owner.controllers.count == 1)
    }

    @Test func aTornDownOwnerRefusesTheProviderThroughTheDiagnosticHook() throws {
        let owner = Owner(name: "Gone")
        var diagnostics: [HostDiagnostic] = []
        owner.onDiagnostic = { diagnostic in diagnostic.refusal.map { diagnostics.append($0) } }
        let relay = HostRelay(owner: owner)
        relay.tearDown()
        relay.provideServices(HostServices())
        #expect(relay.services == nil)
        #expect(diagnostics.map(\.report) == ["provideServices"])
        #expect(diagnostics.first?.error == .tornDown("attach"))
    }
}
