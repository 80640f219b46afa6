import BCKit
import Testing

/// The screen's side: records what its controllers ask.
@MainActor
final class ScreenServices: BusinessController, HostServiceConversation {
    weak var owner: Owner?
    private(set) var asked: [String] = []

    func fill(_ slot: String, with view: AnyObject) { asked.append("fill \(slot)") }
    func navigate(to route: String) { asked.append("navigate \(route)") }
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
        owner.tracer = tracer
        let checkout = Checkout()
        try owner.attach(checkout)
        checkout.center.dismiss()
        #expect(tracer.dispatches.last?.isUnhandled == true)
        #expect(tracer.dispatches.last?.sender == "Checkout")
    }
}
