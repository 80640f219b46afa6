import BCKit
import Testing

// The blocks of the doc comments that declare a conversation in three pieces and send it, verbatim:
// CommunicationCenter (the declaration, and the one-call send), Conversation's `relay(_:message:_:)`
// (the relaying default), CommunicationCenter+Sending's `send(_:_:)` and BusinessController's
// `center`.

private protocol CartConversation: Conversation {
    func cartDidChange(count: Int)
}

extension CartConversation {
    func cartDidChange(count: Int) { relay((any CartConversation).self) { $0.cartDidChange(count: count) } }
}

extension CommunicationCenter: CartConversation {}

/// Hears the cart's count.
private final class CartBadge: BusinessController, CartConversation {
    weak var owner: Owner?
    private(set) var counts: [Int] = []

    func cartDidChange(count: Int) { counts.append(count) }
}

/// Sends the cart's count from a button action, through its own center.
private final class AddToCartButton: BusinessController {
    weak var owner: Owner?
    private(set) var count = 0

    func tapped() {
        count += 1
        addToCartTapped()
    }

    func addToCartTapped() {
        center.cartDidChange(count: count)
    }
}

/// Sends a count from a task it starts, as BusinessController's `center` says a controller may.
private final class CartRestorer: BusinessController {
    weak var owner: Owner?

    func restore() async {
        await Task { @MainActor in
            // Any controller, from anywhere (a callback, a Task, a button action):
            center.cartDidChange(count: 3)
        }.value
    }
}

@MainActor
@Suite struct ConversationDeclarationExampleTests {
    @Test func theOneCallFormReachesEveryControllerThatSpeaksTheConversation() async throws {
        let owner = Owner(name: "GoodsDetail")
        let badge = CartBadge()
        let restorer = CartRestorer()
        try owner.attach([restorer, badge])

        await restorer.restore()

        #expect(badge.counts == [3])
    }

    @Test func aControllerSendsFromAnActionThroughItsOwnCenter() throws {
        let owner = Owner(name: "GoodsDetail")
        let button = AddToCartButton()
        let badge = CartBadge()
        try owner.attach([button, badge])

        button.tapped()
        button.tapped()

        #expect(badge.counts == [1, 2])
    }

    @Test func theExplicitSendReturnsHowManyReceivedIt() throws {
        let owner = Owner(name: "GoodsDetail")
        let first = CartBadge()
        let second = CartBadge()
        try owner.attach([first, second, AddToCartButton()])

        let reached = owner.center.send((any CartConversation).self) { $0.cartDidChange(count: 3) }

        #expect(reached == 2)
        #expect(first.counts == [3])
        #expect(second.counts == [3])
    }

    @Test func aControllerThatLeavesTheMessageToItsDefaultIsReportedAsIgnoring() throws {
        let owner = Owner(name: "GoodsDetail")
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }
        try owner.attach(IgnoringCart())

        owner.center.cartDidChange(count: 1)

        #expect(diagnostics.map(\.cause) == [.unhandledMessage])
        #expect(diagnostics.first?.ignoredBy == ["IgnoringCart"])
        #expect(diagnostics.first?.message == "cartDidChange(count:)")
    }
}

/// Speaks the conversation but leaves its one message to the relaying default.
private final class IgnoringCart: BusinessController, CartConversation {
    weak var owner: Owner?
}
