import BCKit
import BCKitTesting
import Testing

/// Opens the cart when tapped, and says when it cannot.
final class CartButtonController: BusinessController {
    weak var owner: Owner?

    func tapped(signedIn: Bool) {
        if signedIn {
            center.navigate(to: "shop://cart")
        } else {
            center.showAlert(HostAlert(title: "Sign in", message: "to see your cart"))
        }
    }
}

@MainActor
@Suite struct HostServicesStubTests {
    /// The sample of the article "Testing a Business Controller", verbatim but for the last checks.
    @Test func theStubRecordsWhatTheControllerAskedOfItsScreen() {
        let test = TestOwner(testing: CartButtonController())
        let host = test.stub(HostServicesStub())
        test.controller.tapped(signedIn: true)
        test.controller.tapped(signedIn: false)
        #expect(host.routes == ["shop://cart"])
        #expect(host.alerts == [HostAlert(title: "Sign in", message: "to see your cart")])
        test.expectSent((any HostServiceConversation).self, "navigate(to: \"shop://cart\")")
        test.expectSent((any HostServiceConversation).self)
        test.finish()
    }
}
