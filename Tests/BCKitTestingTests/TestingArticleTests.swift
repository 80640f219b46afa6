import BCKit
import BCKitTesting
import Testing

// The samples of the Testing a Business Controller article that are not in another test, compiled
// and run, so the article cannot rot.

/// Shows who is typing, and stops showing someone three seconds after they last started: the
/// timeout waits on the owner's clock.
final class TypingIndicatorController: BusinessController, TypingConversation {
    weak var owner: Owner?
    private(set) var typing: [String] = []
    private var timeouts: [String: Task<Void, Never>] = [:]

    func peerDidStartTyping(userID: String) {
        if !typing.contains(userID) { typing.append(userID) }
        timeouts[userID]?.cancel()
        timeouts[userID] = task { context in
            guard (try? await context.sleep(for: .seconds(3))) != nil else { return }
            context.controller?.typing.removeAll { $0 == userID }
            context.controller?.center.peerDidStopTyping(userID: userID)
        }
    }
}

@MainActor
@Suite struct TestingArticleTests {
    @Test func theTestSendsAsASibling() {
        let test = TestOwner(testing: TypingIndicatorController())
        test.stub(FakeTypingBanner())
        test.center.peerDidStartTyping(userID: "bob")
        #expect(test.controller.typing == ["bob"])
    }

    @Test func aMessageTheControllerRightlyIgnoresIsExpectedIgnored() {
        let test = TestOwner(testing: TypingIndicatorController())
        test.stub(FakeTypingBanner())
        test.center.peerDidStopTyping(userID: "bob")
        test.expectIgnored((any TypingConversation).self, "peerDidStopTyping(userID:)")
        test.finish()
    }

    @Test func aRetainedDraftWaitsForTheComposer() {
        let test = TestOwner(testing: DraftSaver())
        test.drive(to: .loaded)
        #expect(
            test.sentMessages.map(\.description) == ["DraftSaver -> retained DraftConversation -> DraftSaver (ignored)"]
        )

        let composer = test.stub(FakeComposer())
        #expect(composer.calls.map(\.description) == ["draftWasRestored(\"hello\")"])
        test.expectSent((any DraftConversation).self)
        test.expectSent((any DraftConversation).self, "draftWasRestored(\"hello\")")
        test.finish()
    }

    @Test func whatTheControllerSaysWhileTornDownIsAssertedAfterDrivingThere() {
        let test = TestOwner(testing: QuietController())
        test.stub(FakeAnalytics())
        test.mount(GreetingController())
        test.skipSentMessages()
        test.drive(to: .tornDown)
        test.expectSent((any AnalyticsConversation).self, "track(\"goodbye\")")
        test.finish()
    }

    @Test func doesNotLeak() {
        expectNoLeaks {
            let test = TestOwner(testing: AddToCartController(goodsID: 7))
            test.drive(to: .appeared)
            test.finish()
        }
    }
}
