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

/// A view whose description holds its address, as `NSObject`'s does for a `UIView`.
private final class AdView: CustomStringConvertible {
    var description: String { "<AdView: \(ObjectIdentifier(self))>" }
}

/// A screen whose description is stable.
private final class CartScreen: CustomStringConvertible {
    var description: String { "the cart" }
}

/// Puts an ad in its slot, or presents a screen, as the host is asked to.
final class AdSlotController: BusinessController {
    weak var owner: Owner?

    func show(_ view: AnyObject) { center.fill("feed.ad", with: view) }

    func open(_ screen: AnyObject) { center.present(screen) }
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

    @Test func aFilledViewIsRecordedByItsTypeNameNotByADescriptionThatHoldsItsAddress() {
        let test = TestOwner(testing: AdSlotController())
        let host = test.stub(HostServicesStub())
        let first = AdView()
        let second = AdView()

        test.controller.show(first)
        test.controller.show(second)

        #expect(first.description != second.description)
        test.expectSent((any HostServiceConversation).self, #"fill("feed.ad", with: "AdView")"#)
        test.expectSent((any HostServiceConversation).self, #"fill("feed.ad", with: "AdView")"#)
        #expect(host.filled.map(\.slot) == ["feed.ad", "feed.ad"])
        #expect(host.filled.count == 2 && host.filled[0].view === first && host.filled[1].view === second)
        test.finish()
    }

    @Test func aPresentedScreenIsRecordedByItsTypeNameEvenWithAStableDescription() {
        let test = TestOwner(testing: AdSlotController())
        let host = test.stub(HostServicesStub())
        let screen = CartScreen()

        test.controller.open(screen)

        test.expectSent((any HostServiceConversation).self, #"present("CartScreen")"#)
        #expect(host.presented.count == 1 && host.presented[0] === screen)
        test.finish()
    }
}
