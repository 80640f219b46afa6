import BCKit
import BCKitTesting
import Testing

// The blocks of BCKitTesting's doc comments that send the cart's count through the test owner's
// center, verbatim: TestOwner's `center` and `expectIgnored`, and StubController's `record`.

private protocol CartConversation: Conversation {
    func cartDidChange(count: Int)
    func cartWasCleared()
}

extension CartConversation {
    func cartDidChange(count: Int) { relay((any CartConversation).self) { $0.cartDidChange(count: count) } }
    func cartWasCleared() { relay((any CartConversation).self) { $0.cartWasCleared() } }
}

extension CommunicationCenter: CartConversation {}

/// Shows the count; rightly leaves the clearing to its default.
private final class CartBadgeController: BusinessController, CartConversation {
    weak var owner: Owner?
    private(set) var badge = ""

    func cartDidChange(count: Int) { badge = "cart: \(count)" }
}

/// Tells the cart's count when the screen loads.
private final class CartTotalController: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() { center.cartDidChange(count: 3) }
}

/// Stands in for the badge.
private final class FakeBadge: StubController, CartConversation {
    func cartDidChange(count: Int) { record(count) }  // records "cartDidChange(count: 3)"
}

@MainActor
@Suite struct CartCountExampleTests {
    @Test func theTestSendsAsASiblingWithTheOneCallForm() {
        let test = TestOwner(testing: CartBadgeController())

        test.center.cartDidChange(count: 3)

        #expect(test.controller.badge == "cart: 3")
        test.finish()
    }

    @Test func aMessageTheControllerRightlyIgnoresIsSaidSo() {
        let test = TestOwner(testing: CartBadgeController())

        test.center.cartWasCleared()
        test.expectIgnored((any CartConversation).self, "cartWasCleared()")

        test.finish()
    }

    @Test func aStubRecordsTheCallAsSourceReadsIt() {
        let test = TestOwner(testing: CartTotalController())
        let badge = test.stub(FakeBadge())

        test.drive(to: .loaded)

        #expect(badge.calls.map(\.description) == ["cartDidChange(count: 3)"])
        test.expectSent((any CartConversation).self, "cartDidChange(count: 3)")
        test.finish()
    }
}
