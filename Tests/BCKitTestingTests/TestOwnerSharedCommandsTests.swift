import BCKit
import BCKitTesting
import Testing

/// What the user does on a checkout screen; each message is meant for one of its controllers.
protocol CheckoutCommands: Conversation {
    func userEditedAddress(_ address: String)
    func userChoseShipping(_ option: String)
    func userPlacedOrder()
    func userAskedForGiftWrap()
}

extension CheckoutCommands {
    func userEditedAddress(_ address: String) {
        relay((any CheckoutCommands).self) { $0.userEditedAddress(address) }
    }
    func userChoseShipping(_ option: String) {
        relay((any CheckoutCommands).self) { $0.userChoseShipping(option) }
    }
    func userPlacedOrder() {
        relay((any CheckoutCommands).self) { $0.userPlacedOrder() }
    }
    func userAskedForGiftWrap() {
        relay((any CheckoutCommands).self) { $0.userAskedForGiftWrap() }
    }
}

extension CommunicationCenter: CheckoutCommands {}

/// Keeps the delivery address; the other commands are its siblings'.
private final class AddressController: BusinessController, CheckoutCommands {
    weak var owner: Owner?
    private(set) var address = ""

    func userEditedAddress(_ address: String) { self.address = address }
}

/// Keeps the shipping option; the other commands are its siblings'.
private final class ShippingOptionsController: BusinessController, CheckoutCommands {
    weak var owner: Owner?
    private(set) var option = ""

    func userChoseShipping(_ option: String) { self.option = option }
}

/// Places the order; the other commands are its siblings'.
private final class PlaceOrderController: BusinessController, CheckoutCommands {
    weak var owner: Owner?
    private(set) var isPlaced = false

    func userPlacedOrder() { isPlaced = true }
}

/// Stands in for a gift-wrap panel outside the screen under test.
private final class FakeGiftWrapPanel: StubController, CheckoutCommands {
    func userAskedForGiftWrap() { record() }
}

/// Whether an issue's comments mention a phrase.
private func says(_ phrase: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(phrase) } }
}

/// Several controllers under test that share one command conversation, each handling one message:
/// a message the test sends fails only when no controller under test handles it.
@MainActor
@Suite struct TestOwnerSharedCommandsTests {
    @Test func eachCommandHandledByOneControllerUnderTestPassesThoughTheOthersIgnoreIt() {
        let test = TestOwner(testing: AddressController())
        let shipping = test.mount(ShippingOptionsController())
        let placing = test.mount(PlaceOrderController())

        test.center.userEditedAddress("1 Infinite Loop")
        test.center.userChoseShipping("express")
        test.center.userPlacedOrder()

        #expect(test.controller.address == "1 Infinite Loop")
        #expect(shipping.option == "express")
        #expect(placing.isPlaced)
        test.finish()
    }

    @Test func aCommandEveryControllerUnderTestIgnoresFailsAtTheSendNamingEachOfThem() {
        let sending = #line + 5
        withKnownIssue {
            let test = TestOwner(testing: AddressController())
            test.mount(ShippingOptionsController())
            test.mount(PlaceOrderController())
            test.send((any CheckoutCommands).self) { $0.userAskedForGiftWrap() }
            test.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == sending
                && text.contains("every controller under test that received it left it to its default")
                && text.contains(
                    """
                      - AddressController <- CheckoutCommands.userAskedForGiftWrap()
                      - ShippingOptionsController <- CheckoutCommands.userAskedForGiftWrap()
                      - PlaceOrderController <- CheckoutCommands.userAskedForGiftWrap()
                    """)
        }
    }

    /// Stubs stand in for what is not under test, so one handling the message does not excuse the
    /// controllers under test.
    @Test func aCommandOnlyAStubHandlesStillFailsForTheControllersUnderTestThatIgnoredIt() {
        withKnownIssue {
            let test = TestOwner(testing: AddressController())
            test.mount(PlaceOrderController())
            test.stub(FakeGiftWrapPanel())
            test.center.userAskedForGiftWrap()
            test.finish()
        } matching: { issue in
            says("- AddressController <- CheckoutCommands.userAskedForGiftWrap()")(issue)
                && says("- PlaceOrderController <- CheckoutCommands.userAskedForGiftWrap()")(issue)
        }
    }

    @Test func aSingleControllerUnderTestThatIgnoresTheTestsCommandStillFails() {
        let sending = #line + 3
        withKnownIssue {
            let test = TestOwner(testing: PlaceOrderController())
            test.send((any CheckoutCommands).self) { $0.userEditedAddress("1 Infinite Loop") }
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == sending
                && says("the controller under test that received it left it to its default")(issue)
                && says("- PlaceOrderController <- CheckoutCommands.userEditedAddress(_:)")(issue)
        }
    }

    @Test func expectingASiblingToIgnoreAHandledCommandPasses() {
        let test = TestOwner(testing: AddressController())
        let placing = test.mount(PlaceOrderController())

        test.center.userEditedAddress("1 Infinite Loop")
        test.expectIgnored((any CheckoutCommands).self, "userEditedAddress(_:)", by: placing)

        test.finish()
    }

    @Test func expectingOneOfTheIgnoringControllersLeavesTheOthersReported() {
        withKnownIssue {
            let test = TestOwner(testing: AddressController())
            let placing = test.mount(PlaceOrderController())
            test.center.userAskedForGiftWrap()
            test.expectIgnored((any CheckoutCommands).self, "userAskedForGiftWrap", by: placing)
            test.finish()
        } matching: { issue in
            says("- AddressController <- CheckoutCommands.userAskedForGiftWrap()")(issue)
                && !says("PlaceOrderController <-")(issue)
        }
    }

    @Test func expectingEveryIgnoringControllerAccountsForTheCommand() {
        let test = TestOwner(testing: AddressController())
        test.mount(PlaceOrderController())

        test.center.userAskedForGiftWrap()
        test.expectIgnored((any CheckoutCommands).self, "userAskedForGiftWrap()")

        test.finish()
    }
}
