import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct AddToCartControllerTests {
    @Test func putsOneUnitInTheCartAndTellsTheOthers() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = 3
        test.stub(CartListener())
        test.drive(to: .appeared)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectSent([
            "GoodsQuery.currentGoods",
            "StockQuery.availableUnits(of: 1)",
            "CartConversation.cartDidChange(count: 1, added: \"Mechanical Keyboard\")",
        ])
        #expect(store.cart == [1: 1])
        test.finish()
    }

    @Test func ignoresATapBeforeTheScreenHasAppeared() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.drive(to: .appearing)
        test.expectSent((any GoodsQuery).self)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectNoMoreSent()
        #expect(store.cart.isEmpty)
        test.finish()
    }

    @Test(
        arguments: [
            (
                nil,
                HostAlert(title: "Cannot add", message: "The stock of \"Mechanical Keyboard\" is unknown; try again.")
            ),
            (0, HostAlert(title: "Sold out", message: "\"Mechanical Keyboard\" is sold out.")),
        ] as [(Int?, HostAlert)])
    func refusesWhenTheStockIsUnknownOrEmptyAndAsksTheScreenToSayWhy(units: Int?, alert: HostAlert) {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = units
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)
        test.expectSent((any GoodsQuery).self)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectSent((any StockQuery).self, "availableUnits(of: 1)")
        test.expectSent((any HostServiceConversation).self, "showAlert(\(alert))")
        test.expectNoMoreSent()
        #expect(screen.alerts == [alert])
        #expect(screen.routes.isEmpty)
        #expect(store.cart.isEmpty)
        test.finish()
    }

    @Test func addingAsksTheScreenForNothing() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = 3
        test.stub(CartListener())
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)
        test.skipSentMessages()

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.skipSentMessages()
        #expect(screen.calls.isEmpty)
        #expect(store.cart == [1: 1])
        test.finish()
    }

    // MARK: - The quantity stepper

    @Test func aTapPutsTheStepperQuantityInTheCart() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = 3
        test.stub(CartListener())
        test.drive(to: .appeared)
        test.expectSent((any GoodsQuery).self)

        test.send((any QuantityStepperConversation).self) { $0.userSteppedQuantity(to: 3) }
        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectSent([
            "StockQuery.availableUnits(of: 1)",
            "CartConversation.cartDidChange(count: 3, added: \"Mechanical Keyboard\")",
        ])
        #expect(store.cart == [1: 3])
        #expect(store.goods(id: 1)?.stock == 0)
        test.finish()
    }

    @Test func refusesMoreThanTheStockHoldsAndAddsNothing() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = 3
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)
        test.expectSent((any GoodsQuery).self)

        test.send((any QuantityStepperConversation).self) { $0.userSteppedQuantity(to: 4) }
        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectSent((any StockQuery).self, "availableUnits(of: 1)")
        test.expectSent((any HostServiceConversation).self)
        test.expectNoMoreSent()
        #expect(screen.alerts.map(\.title) == ["Not enough stock"])
        #expect(screen.alerts.first?.message.contains("Only 3") == true)
        #expect(store.cart.isEmpty)
        #expect(store.goods(id: 1)?.stock == 3)
        test.finish()
    }

    // MARK: - Saved state

    /// The stepper is the button's saved piece: a screen rebuilt after process death gets it
    /// back before it loads, and the restore sends nothing.
    @Test func theStepperSurvivesARelaunch() {
        let test = TestOwner(testing: AddToCartController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.send((any QuantityStepperConversation).self) { $0.userSteppedQuantity(to: 5) }

        let relaunched = test.relaunch {
            AddToCartController(store: .sample(), transcript: Fixtures.silentTranscript())
        }

        #expect(relaunched.controller.quantity == 5)
        #expect(relaunched.restoredControllers == ["AddToCartController"])
        relaunched.finish()
    }

    @Test func anUntouchedStepperSavesNothing() {
        let test = TestOwner(testing: AddToCartController(store: .sample(), transcript: Fixtures.silentTranscript()))

        let relaunched = test.relaunch {
            AddToCartController(store: .sample(), transcript: Fixtures.silentTranscript())
        }

        #expect(relaunched.controller.quantity == 1)
        #expect(relaunched.restoredControllers.isEmpty)
        relaunched.finish()
    }

    /// A saved file is the user's to edit: a quantity outside the stepper's range comes back
    /// inside it.
    @Test(arguments: [(0, 1), (-4, 1), (7, 7), (250, 99)])
    func aRestoredQuantityStaysInTheStepperRange(saved: Int, restored: Int) throws {
        var archive = SavedStateArchive()
        try archive.setPiece(saved, forKey: "AddToCartController")
        let (transcript, lines) = Fixtures.capturingTranscript()
        let controller = AddToCartController(store: .sample(), transcript: transcript)
        let owner = Owner(name: "GoodsDetail", restoring: archive)

        try owner.attach(controller)

        #expect(controller.quantity == restored)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("restored") == true)
        try owner.tearDown()
    }

    // MARK: - Behind sign-in

    /// A mounted AddToCart whose taps wait for `signedIn`, with the goods, stock and cart stubbed.
    private func signedOut(_ store: Store, _ signedIn: Barrier<String>) -> TestOwner<AddToCartController> {
        let test = TestOwner(
            testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript(), signedIn: signedIn))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = 3
        test.stub(CartListener())
        test.drive(to: .appeared)
        test.expectSent((any GoodsQuery).self)
        return test
    }

    @Test func signedOutATapWaitsForSignInThenAdds() async {
        let store = Store.sample()
        let signedIn = Barrier<String>("signedIn")
        let test = signedOut(store, signedIn)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }
        await test.settle()
        test.expectNoMoreSent()
        #expect(signedIn.waiterCount == 1)
        #expect(store.cart.isEmpty)

        await test.overcome(signedIn, with: "ada")

        test.expectSent([
            "StockQuery.availableUnits(of: 1)",
            "CartConversation.cartDidChange(count: 1, added: \"Mechanical Keyboard\")",
        ])
        #expect(store.cart == [1: 1])
        test.finish()
    }

    @Test func signedOutATapAddsNothingWhenSignInIsCancelled() async {
        let store = Store.sample()
        let signedIn = Barrier<String>("signedIn")
        let test = signedOut(store, signedIn)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }
        await test.settle()
        await test.cancel(signedIn)

        test.expectNoMoreSent()
        #expect(store.cart.isEmpty)
        #expect(signedIn.waiterCount == 0)
        test.finish()
    }

    /// The first tap's wait opens the login screen through the barrier; two taps wait in one
    /// round and each adds once when the shopper signs in.
    @Test func twoTapsWaitInOneRoundAndEachAddsOnce() async {
        let store = Store.sample()
        var rounds = 0
        let signedIn = Barrier<String>("signedIn") { _ in rounds += 1 }
        let test = signedOut(store, signedIn)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }
        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }
        await test.settle()
        #expect(rounds == 1)
        await test.overcome(signedIn, with: "ada")

        test.skipSentMessages()
        #expect(store.cart == [1: 2])
        test.finish()
    }

    /// Leaving the screen while the tap waits drops the add, and frees the controller.
    @Test func leavingTheScreenWhileWaitingDropsTheAdd() async {
        let store = Store.sample()
        let signedIn = Barrier<String>("signedIn")
        weak var controller: AddToCartController?
        do {
            let test = signedOut(store, signedIn)
            controller = test.controller
            test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }
            await test.settle()
            test.drive(to: .tornDown)
            #expect(signedIn.waiterCount == 0)
            await test.overcome(signedIn, with: "ada")
            test.expectNoMoreSent()
            test.finish()
        }
        #expect(controller == nil)
        #expect(store.cart.isEmpty)
    }
}
