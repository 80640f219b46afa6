import BCKit
import BCKitTesting
import Testing

/// A near miss (the conversation sent, with another call) fails its own expectation once and
/// nothing else: neither the messages before it, nor the next expectation, nor the end of the test.
@MainActor
@Suite struct ExpectSentNearMissTests {
    private func loadedAnnouncer() -> TestOwner<LoadAnnouncer> {
        let test = TestOwner(testing: LoadAnnouncer())
        test.stub(FakeAnalytics())
        test.stub(FakeAlerts())
        test.drive(to: .loaded)
        return test
    }

    @Test func aTypedNearMissLeavesTheMessagesBeforeItToBeExpected() {
        let nearMiss = #line + 4
        withKnownIssue {
            let test = loadedAnnouncer()
            // The alert came second: the analytics message before it is still the next one.
            test.expectSent((any AlertConversation).self, "show(message: \"done\")")
            #expect(test.unassertedMessages.map(\.conversation) == ["AnalyticsConversation"])
            test.expectSent((any AnalyticsConversation).self, "track(\"loaded\")")
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == nearMiss && issue.comments.contains { $0.rawValue.contains("instead of") }
        }
    }

    @Test func aWrittenNearMissCountsAsAssertedSoTheNextExpectationPasses() {
        let nearMiss = #line + 3
        withKnownIssue {
            let test = loadedAnnouncer()
            test.expectSent(["AnalyticsConversation.track(\"appeared\")"])
            #expect(test.unassertedMessages.map(\.conversation) == ["AlertConversation"])
            test.expectSent(["AlertConversation.show(message: \"ready\")"])
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == nearMiss
                && issue.comments.contains { $0.rawValue.contains("argument 1 is `\"loaded\"`") }
        }
    }

    @Test func aNearMissIsNotReportedAgainWhenTheTestFinishes() {
        let nearMiss = #line + 3
        withKnownIssue {
            let test = loadedAnnouncer()
            test.expectSent(["AnalyticsConversation.track(\"loaded\")", "AlertConversation.show(message: \"gone\")"])
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == nearMiss
        }
    }

    @Test func aWrittenCallOfAConversationNoStubRecordedSaysSoNotAnotherMethod() {
        // Nothing speaks AlertConversation here: it is recorded with its conversation alone.
        withKnownIssue {
            let test = TestOwner(testing: LoadAnnouncer())
            test.stub(FakeAnalytics())
            test.drive(to: .loaded)
            test.expectSent(["AnalyticsConversation", "AlertConversation.show(message: \"ready\")"])
            test.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("reached nobody")
                || (text.hasSuffix(
                    "Closest recorded: AlertConversation, with no call recorded: only a stub records one.")
                    && !text.contains("another method"))
        }
    }

    @Test func aMissingConversationIsComparedWithConversationsNotCalls() {
        withKnownIssue {
            let test = loadedAnnouncer()
            test.skipSentMessages()
            test.expectSent((any CartConversation).self)
            test.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasSuffix("Closest recorded: AlertConversation.")
        }
    }
}
