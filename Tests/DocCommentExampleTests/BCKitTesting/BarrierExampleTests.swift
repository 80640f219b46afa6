import BCKit
import BCKitTesting
import Testing

// The blocks of TestOwner's overcome(_:with:) and cancel(_:), and HostServicesStub's
// answersNavigation, verbatim.

private protocol AddToCartTapConversation: Conversation {
    func userTappedAddToCart()
}

extension AddToCartTapConversation {
    func userTappedAddToCart() { relay((any AddToCartTapConversation).self) { $0.userTappedAddToCart() } }
}

extension CommunicationCenter: AddToCartTapConversation {}

private protocol CartConversation: Conversation {
    func add(goodsID: Int, for user: String)
}

extension CartConversation {
    func add(goodsID: Int, for user: String) {
        relay((any CartConversation).self) { $0.add(goodsID: goodsID, for: user) }
    }
}

extension CommunicationCenter: CartConversation {}

/// Adds goods #7 once the shopper is signed in.
private final class AddToCartController: BusinessController, AddToCartTapConversation {
    weak var owner: Owner?
    private let signedIn: Barrier<String>

    init(signedIn: Barrier<String>) {
        self.signedIn = signedIn
    }

    func userTappedAddToCart() {
        let signedIn = signedIn
        task { context in
            guard let user = try? await context.wait(for: signedIn) else { return }
            context.controller?.center.add(goodsID: 7, for: user)
        }
    }
}

/// The cart, stubbed: records what was added.
private final class FakeCart: StubController, CartConversation {
    private(set) var added: [String] = []

    func add(goodsID: Int, for user: String) {
        added.append("#\(goodsID) for \(user)")
        record(goodsID, user)
    }
}

/// Asks for the checkout and keeps what it heard.
private final class CheckoutButtonController: BusinessController {
    weak var owner: Owner?
    private(set) var heard = ""

    func tapped() { heard = "\(center.navigate(to: "shop://checkout"))" }
}

@MainActor
@Suite struct BarrierExampleTests {
    @Test func overcomingTheBarrierLetsTheAddGoOn() async {
        let signedIn = Barrier<String>("signedIn")
        let test = TestOwner(testing: AddToCartController(signedIn: signedIn))
        let cart = test.stub(FakeCart())
        test.drive(to: .appeared)
        test.center.userTappedAddToCart()
        await test.settle()  // the task waits on the barrier: settled
        await test.overcome(signedIn, with: "ada")  // it goes on and adds
        test.expectSent((any CartConversation).self)
        #expect(cart.added == ["#7 for ada"])
        test.finish()
    }

    @Test func cancellingTheBarrierAddsNothing() async {
        let signedIn = Barrier<String>("signedIn")
        let test = TestOwner(testing: AddToCartController(signedIn: signedIn))
        let cart = test.stub(FakeCart())
        test.drive(to: .appeared)
        test.center.userTappedAddToCart()
        await test.settle()

        await test.cancel(signedIn)  // sign-in given up
        #expect(cart.added.isEmpty)
        test.finish()
    }

    @Test func theStubAnswersNavigationsAsTheTestSays() {
        let test = TestOwner(testing: CheckoutButtonController())
        let host = test.stub(HostServicesStub())
        host.answersNavigation = { _ in .held(by: "signedIn") }
        test.controller.tapped()
        #expect(test.controller.heard == "held by signedIn")
        #expect(host.routes == ["shop://checkout"])
        test.skipSentMessages()
        test.finish()
    }
}
