import BCKit
import BCKitTesting
import Testing

// The DocC article "Flows" (BCKit): its testing block, verbatim, with the controller it tests.

protocol CartUpdateConversation: Conversation {
    func cartDidAdd(goodsID: Int, for user: String)
}

extension CartUpdateConversation {
    func cartDidAdd(goodsID: Int, for user: String) {
        relay((any CartUpdateConversation).self) { $0.cartDidAdd(goodsID: goodsID, for: user) }
    }
}

extension CommunicationCenter: CartUpdateConversation {}

/// Adds the article to the cart, once the shopper is signed in.
final class AddToCartButtonController: BusinessController {
    weak var owner: Owner?
    private let goodsID: Int
    private let signedIn: Barrier<String>

    init(goodsID: Int, signedIn: Barrier<String>) {
        self.goodsID = goodsID
        self.signedIn = signedIn
    }

    func addTapped() {
        let (goodsID, signedIn) = (goodsID, signedIn)
        task { context in
            do throws(BarrierCancellation) {
                let user = try await context.wait(for: signedIn)
                context.controller?.center.cartDidAdd(goodsID: goodsID, for: user)
            } catch {
                // Cancelled: sign-in was given up. Abandoned: the screen went away. Add nothing.
            }
        }
    }
}

/// Hears the cart's updates, for the test.
final class CartUpdateStub: StubController, CartUpdateConversation {
    func cartDidAdd(goodsID: Int, for user: String) { record(goodsID, user) }
}

@MainActor
@Suite struct FlowsArticleTestingTests {
    @Test func theAddIsTestedWithNoRealWaiting() async {
        let signedIn = Barrier<String>("signedIn")
        let test = TestOwner(testing: AddToCartButtonController(goodsID: 42, signedIn: signedIn))
        test.stub(CartUpdateStub())
        test.drive(to: .appeared)

        test.controller.addTapped()
        await test.settle()  // the add waits for the barrier
        await test.overcome(signedIn, with: "ada")  // it goes on, at once
        test.expectSent((any CartUpdateConversation).self)
        test.finish()
    }

    @Test func aCancelledSignInAddsNothing() async {
        let signedIn = Barrier<String>("signedIn")
        let test = TestOwner(testing: AddToCartButtonController(goodsID: 42, signedIn: signedIn))
        let cart = test.stub(CartUpdateStub())
        test.drive(to: .appeared)

        test.controller.addTapped()
        await test.settle()
        await test.cancel(signedIn)
        test.expectNoMoreSent()
        #expect(cart.calls.isEmpty)
        test.finish()
    }
}
