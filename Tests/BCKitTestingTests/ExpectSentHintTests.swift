import BCKit
import BCKitTesting
import Testing

/// Whether an issue's comments mention a phrase.
private func says(_ phrase: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(phrase) } }
}

/// Stands in for the list of who is typing, recording each start.
private final class FakeTypingRecorder: StubController, TypingConversation {
    func peerDidStartTyping(userID: String) { record(userID) }
}

@MainActor
@Suite struct ExpectSentHintTests {
    @Test func aFailedExpectationNamesTheClosestRecordedCallAndAMissingLabel() {
        let test = TestOwner(testing: ComposerController())
        test.stub(FakeTypingRecorder())
        test.controller.userTyped()

        withKnownIssue {
            test.expectSent((any TypingConversation).self, "peerDidStartTyping(\"bob\")")
        } matching: { issue in
            says("Closest recorded: TypingConversation.peerDidStartTyping(userID: \"bob\")")(issue)
                && says("missing label `userID:` on argument 1")(issue)
        }
        test.finish()
    }

    @Test func aFailedExpectationNamesAWrongArgument() {
        let test = TestOwner(testing: ComposerController())
        test.stub(FakeTypingRecorder())
        test.controller.userTyped()

        withKnownIssue {
            test.expectSent(["TypingConversation.peerDidStartTyping(userID: \"alice\")"])
        } matching: { issue in
            says("argument 1 is `\"bob\"`, not `\"alice\"`")(issue)
        }
        test.skipSentMessages()
        test.finish()
    }

    @Test func aFailedExpectationOfAnotherConversationNamesTheClosestMessageSent() {
        let test = TestOwner(testing: ComposerController())
        test.stub(FakeTypingRecorder())
        test.controller.userTyped()

        withKnownIssue {
            test.expectSent(["TypingConversation.peerDidStopTyping(userID: \"bob\")"])
        } matching: { issue in
            says("another method: `TypingConversation.peerDidStartTyping`, not `TypingConversation.peerDidStopTyping`")(
                issue)
        }
        test.skipSentMessages()
        test.finish()
    }
}
