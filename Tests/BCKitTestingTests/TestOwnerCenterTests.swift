import BCKit
import BCKitTesting
import Testing

/// Whether an issue's comments mention a phrase.
private func says(_ phrase: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(phrase) } }
}

/// Hears that someone started typing and tells analytics, while handling it.
private final class TypingAnalyticsController: BusinessController, TypingConversation {
    weak var owner: Owner?

    func peerDidStartTyping(userID: String) {
        center.send((any AnalyticsConversation).self) { $0.track("typing \(userID)") }
    }
}

@MainActor
@Suite struct TestOwnerCenterTests {
    @Test func theTestsCenterSendsAsASiblingWithTheOneCallFormsAndIsNotRecorded() {
        let test = TestOwner(testing: TypingAnalyticsController())
        let analytics = test.stub(FakeAnalytics())

        test.center.peerDidStartTyping(userID: "bob")

        #expect(test.center.owner === test.owner)
        #expect(analytics.calls.map(\.description) == ["track(\"typing bob\")"])
        #expect(test.sentMessages.map(\.sender) == ["TypingAnalyticsController"])
        test.expectSent((any AnalyticsConversation).self, "track(\"typing bob\")")
        test.finish()
    }

    @Test func theSiblingIsNamedAsTheSenderInTracesNeitherTheHostNorTheController() throws {
        let test = TestOwner(testing: TypingAnalyticsController(), exhaustivity: .off)
        let transcript = ConversationTranscript()
        let sibling = test.center
        // Read through a second owner that shares nothing with the test owner's recorder.
        let owner = try #require(sibling.owner)
        owner.addObserver(transcript)

        sibling.peerDidStartTyping(userID: "bob")

        #expect(
            transcript.lines.first
                == "[TestOwner] send TypingConversation.peerDidStartTyping(userID:): TestSibling -> TypingAnalyticsController"
        )
        test.finish()
    }

    @Test func whatTheControllerSendsWhileHandlingTheTestsMessageIsRecordedInOrder() {
        let test = TestOwner(testing: TypingAnalyticsController())
        test.mount(CartAnalyticsController())
        test.stub(FakeAnalytics())

        test.center.peerDidStartTyping(userID: "bob")
        test.center.send((any CartConversation).self) { $0.add(goodsID: 7, quantity: 1) }

        test.expectSent(["AnalyticsConversation.track(\"typing bob\")", "AnalyticsConversation.track(\"added 7\")"])
        #expect(test.sentMessages.map(\.sender) == ["TypingAnalyticsController", "CartAnalyticsController"])
        test.finish()
    }

    @Test func aMessageTheTestSendsThroughTheCenterThatNobodySpeaksFailsTheTest() {
        let creation = #line + 2
        withKnownIssue {
            let test = TestOwner(testing: QuietController())
            test.center.send((any CartConversation).self) { $0.add(goodsID: 1, quantity: 1) }
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == creation && says("Nobody here speaks CartConversation")(issue)
        }
    }
}
