import BCKit
import BCKitTesting
import Testing

/// Whether an issue's comments mention a phrase.
private func says(_ phrase: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(phrase) } }
}

/// Says someone started typing when told to, and ignores everything else it hears of typing.
private final class TypingSource: BusinessController, TypingConversation {
    weak var owner: Owner?

    func announce() { center.peerDidStartTyping(userID: "carol") }

    func peerDidStopTyping(userID: String) { center.peerDidStartTyping(userID: userID) }
}

/// Stands in for the list of who is typing.
private final class FakeTypingList: StubController, TypingConversation {
    func peerDidStartTyping(userID: String) { record(userID) }
}

/// A stub that tells everyone someone started typing when the screen loads.
private final class TypingStubSource: StubController {
    override func ownerDidLoad() { center.peerDidStartTyping(userID: "dave") }
}

/// Hears host events but cares about none of them.
private final class HostEventListener: BusinessController, HostEventConversation {
    weak var owner: Owner?
}

/// An app's own host event, quiet: in a debug app nobody handling it is normal.
protocol ConnectivityConversation: Conversation {
    func connectivityDidChange(isOnline: Bool)
}

extension ConnectivityConversation {
    func connectivityDidChange(isOnline: Bool) {
        relay((any ConnectivityConversation).self, message: .quiet()) { $0.connectivityDidChange(isOnline: isOnline) }
    }
}

extension CommunicationCenter: ConnectivityConversation {}

/// Speaks connectivity but handles none of it.
private final class ConnectivityListener: BusinessController, ConnectivityConversation {
    weak var owner: Owner?
}

/// Speaks typing; the test keeps its center, as a callback or task of the controller would.
private final class KeepingSender: BusinessController, TypingConversation {
    weak var owner: Owner?
}

@MainActor
@Suite struct TestOwnerOptionalMessagesTests {
    @Test func aHostEventTheTestSendsMayBeIgnoredWithoutSayingSo() {
        let test = TestOwner(testing: HostEventListener())
        test.center.hostDidReceiveMemoryWarning()
        test.finish()
    }

    /// Quiet is about the debug console; a test's own message a controller ignores still fails.
    @Test func aQuietMessageTheTestSendsStillNeedsExpectIgnored() {
        withKnownIssue {
            let test = TestOwner(testing: ConnectivityListener())
            test.center.connectivityDidChange(isOnline: false)
            test.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("left it to its default") }
        }
    }

    @Test func aConversationTheTestAllowsToBeIgnoredNeedsNoExpectIgnored() {
        let test = TestOwner(testing: ConnectivityListener())
        test.allowIgnoring((any ConnectivityConversation).self)
        test.center.connectivityDidChange(isOnline: false)  // ignored by the controller: fine
        #expect(test.sentMessages.isEmpty)
        test.finish()
    }

    @Test func aControllerUnmountedThenSendingFromItsKeptCenterFailsTheTest() {
        let test = TestOwner(testing: KeepingSender())
        let sender = KeepingSender()
        test.mount(sender)
        let kept = sender.center
        test.unmount(sender)
        withKnownIssue {
            kept.peerDidStartTyping(userID: "erin")
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("sender not attached: TypingConversation.peerDidStartTyping(userID:)")
            }
        }
        test.finish()
    }

    /// The usual form: the controller sends through its own `center` after it left, a center
    /// that knows no owner, so the report is app-wide; inside this test it fails this test.
    @Test func aControllerUnmountedThenSendingThroughItsOwnCenterFailsTheTest() {
        let test = TestOwner(testing: KeepingSender())
        let sender = KeepingSender()
        test.mount(sender)
        test.unmount(sender)
        withKnownIssue {
            sender.center.peerDidStartTyping(userID: "erin")
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("sender not attached: TypingConversation.peerDidStartTyping(userID:)")
            }
        }
        test.finish()
    }

    @Test func aControllerSendingAfterTheTestFinishedFailsTheTest() {
        let test = TestOwner(testing: KeepingSender())
        test.finish()
        withKnownIssue {
            test.controller.center.peerDidStopTyping(userID: "erin")
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("sender not attached: TypingConversation.peerDidStopTyping")
            }
        }
    }

    /// Only a controller a test owner held is routed to the test: one the test never attached
    /// reaches the handler the test set, though the test holds a test owner.
    @Test func aControllerNoTestOwnerHeldLeavesItsReportsToTheAppWideHandler() {
        var heard: [Diagnostic.Cause] = []
        let previous = Diagnostic.handler
        Diagnostic.handler = { heard.append($0.cause) }
        defer { Diagnostic.handler = previous }
        let test = TestOwner(testing: KeepingSender())

        KeepingSender().center.peerDidStartTyping(userID: "erin")

        #expect(heard == [.senderNotAttached])
        test.finish()
    }

    /// A test that made no test owner keeps the app-wide handler, whatever other tests made.
    @Test func aTestWithoutATestOwnerLeavesOwnerlessDiagnosticsToTheAppWideHandler() {
        var heard: [Diagnostic.Cause] = []
        let previous = Diagnostic.handler
        Diagnostic.handler = { heard.append($0.cause) }
        defer { Diagnostic.handler = previous }

        KeepingSender().center.peerDidStartTyping(userID: "erin")

        #expect(heard == [.senderNotAttached])
    }

    @Test func aMessageOfAConversationThatIsNotQuietStillNeedsExpectIgnored() {
        withKnownIssue {
            let test = TestOwner(testing: TypingSource())
            test.center.peerDidStartTyping(userID: "erin")
            test.skipSentMessages()
            test.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("left it to its default") }
        }
    }

    @Test func aControllerThatHearsAndIgnoresItsOwnMessageDoesNotFailTheTest() {
        let test = TestOwner(testing: TypingSource())
        test.stub(FakeTypingList())

        test.controller.announce()

        #expect(
            test.sentMessages.first?.receivers == [
                SentMessage.Receiver(name: "TypingSource", isStub: false, isIgnored: true),
                SentMessage.Receiver(name: "FakeTypingList", isStub: true),
            ])
        test.expectSent((any TypingConversation).self, "peerDidStartTyping(userID: \"carol\")")
        test.finish()
    }

    @Test func aControllerIgnoringWhatAStubOrASiblingUnderTestSentDoesNotFailTheTest() {
        let test = TestOwner(testing: TypingIndicatorController())
        let source = test.mount(TypingSource())
        test.stub(TypingStubSource())
        let banner = test.stub(FakeTypingBanner())

        test.drive(to: .loaded)  // the stub says dave is typing; TypingSource ignores it
        source.announce()  // TypingIndicatorController and TypingSource itself hear it

        #expect(test.controller.typing == ["dave", "carol"])
        test.expectSent((any TypingConversation).self)
        #expect(banner.calls.isEmpty)
        test.finish()
    }

    @Test func aMessageSentWhileHandlingTheTestsMessageThatAControllerIgnoresDoesNotFailTheTest() {
        let test = TestOwner(testing: TypingIndicatorController())
        test.mount(TypingSource())
        test.stub(FakeTypingBanner())

        // TypingSource handles it and, nested, says erin started typing, which it ignores itself.
        test.center.peerDidStopTyping(userID: "erin")
        test.expectIgnored((any TypingConversation).self, "peerDidStopTyping(userID:)", by: test.controller)

        #expect(test.controller.typing == ["erin"])
        test.expectSent(["TypingConversation"])
        test.finish()
    }

    @Test func aMessageTheTestSendsThatTheControllerIgnoresFailsAtTheSendUnlessExpectedIgnored() {
        let sending = #line + 4
        withKnownIssue {
            let test = TestOwner(testing: TypingIndicatorController())
            test.stub(FakeTypingBanner())
            test.send((any TypingConversation).self) { $0.peerDidStopTyping(userID: "bob") }
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == sending
                && says("TypingIndicatorController <- TypingConversation.peerDidStopTyping(userID:)")(issue)
        }

        let test = TestOwner(testing: TypingIndicatorController())
        test.stub(FakeTypingBanner())
        test.center.peerDidStopTyping(userID: "bob")
        test.send((any TypingConversation).self) { $0.peerDidStopTyping(userID: "bob") }
        test.expectIgnored((any TypingConversation).self, "peerDidStopTyping")
        test.expectIgnored((any TypingConversation).self)
        test.finish()
    }

    @Test func expectingAMessageIgnoredFailsWhenTheControllerHandledItOrItWasNotSent() {
        let test = TestOwner(testing: TypingIndicatorController())
        test.center.peerDidStartTyping(userID: "bob")

        withKnownIssue {
            test.expectIgnored((any TypingConversation).self, "peerDidStartTyping(userID:)")
        } matching: { issue in
            says("Expected a controller under test to ignore TypingConversation.peerDidStartTyping(userID:)")(issue)
                && says("but TypingIndicatorController handled it")(issue)
        }
        withKnownIssue {
            test.expectIgnored((any CartConversation).self)
        } matching: { issue in
            says("the test sent no such message")(issue)
        }
        test.drive(to: .tornDown)
        test.finish()
    }

    @Test func aMessageTheControllerSendsThatOnlyReachesIgnoringStubsIsUnhandled() {
        let creation = #line + 2
        withKnownIssue {
            let test = TestOwner(testing: ComposerController())
            test.stub(DeafTypingStub())
            test.controller.userTyped()
            test.expectSent((any TypingConversation).self)
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == creation
                && says("ComposerController -> TypingConversation -> DeafTypingStub (stub) (ignored)")(issue)
        }
    }
}
