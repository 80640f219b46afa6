import BCKit
import BCKitTesting
import Testing

// The block of `notHandled(_:)`, verbatim: an empty default that marks the delivery as ignored, so a
// receiver whose own method was misspelled (and so never called) is found.

@MainActor
private protocol CartConversation: AnyObject {
    func cartDidChange(count: Int)
}

extension CartConversation {
    func cartDidChange(count: Int) { notHandled() }
}

/// Speaks the conversation and leaves its message to the default, as a misspelled method would.
private final class SilentBadge: BusinessController, CartConversation {
    weak var owner: Owner?
}

/// Implements the message.
private final class CountingBadge: BusinessController, CartConversation {
    weak var owner: Owner?
    private(set) var counts: [Int] = []

    func cartDidChange(count: Int) { counts.append(count) }
}

@MainActor
@Suite struct NotHandledExampleTests {
    @Test func aReceiverLeftWithTheDefaultIsSeenAsIgnoringTheMessage() {
        let test = TestOwner(testing: SilentBadge())

        test.send((any CartConversation).self) { $0.cartDidChange(count: 3) }

        test.expectIgnored((any CartConversation).self, "cartDidChange(count:)")
        test.finish()
    }

    @Test func aReceiverThatImplementsTheMessageIsNotIgnoring() {
        let test = TestOwner(testing: CountingBadge())

        test.send((any CartConversation).self) { $0.cartDidChange(count: 3) }

        #expect(test.controller.counts == [3])
        withKnownIssue("the badge handled the message, so expecting it ignored fails") {
            test.expectIgnored((any CartConversation).self, "cartDidChange(count:)")
        }
        test.finish()
    }
}
