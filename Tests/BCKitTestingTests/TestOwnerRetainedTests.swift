import BCKit
import BCKitTesting
import Testing

@MainActor
@Suite struct TestOwnerRetainedTests {
    @Test func aRetainedMessageThatReachedNobodyYetIsShownAsRetainedAndDoesNotFailTheTest() {
        let test = TestOwner(testing: DraftSaver())

        test.drive(to: .loaded)

        #expect(test.sentMessages.map(\.isRetained) == [true])
        #expect(test.sentMessages.map(\.isUnhandled) == [true])
        #expect(
            test.sentMessages.map(\.description) == [
                "DraftSaver -> retained DraftConversation -> DraftSaver (ignored)"
            ])
        test.expectSent((any DraftConversation).self)
        test.finish()
    }

    @Test func aLateJoinerGetsTheRetainedDraftByReplayWhichIsRecordedWithItsCall() {
        let test = TestOwner(testing: DraftSaver())
        test.drive(to: .loaded)

        let composer = test.stub(FakeComposer())

        #expect(composer.calls.map(\.description) == ["draftWasRestored(\"hello\")"])
        #expect(test.sentMessages.map(\.kind) == [.send, .replay])
        test.expectSent((any DraftConversation).self)
        test.expectSent((any DraftConversation).self, "draftWasRestored(\"hello\")")
        test.finish()
    }

    @Test func aRetainedMessageSentWhileHandlingAnotherIsShownAsRetainedToo() {
        let test = TestOwner(testing: DraftSaver())

        test.center.send((any DraftConversation).self) { $0.draftDidChange("hi") }

        #expect(test.sentMessages.map(\.isRetained) == [true])
        #expect(
            test.sentMessages.first?.description == "DraftSaver -> retained DraftConversation -> DraftSaver (ignored)")
        test.expectSent((any DraftConversation).self)
        test.finish()
    }

    @Test func aMessageThatIsNotRetainedAndReachedNobodyStillFails() {
        withKnownIssue {
            let test = TestOwner(testing: ComposerController())
            test.controller.userTyped()
            test.expectSent((any TypingConversation).self)
            test.finish()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("ComposerController -> TypingConversation -> nobody (unhandled)")
            }
        }
    }
}
