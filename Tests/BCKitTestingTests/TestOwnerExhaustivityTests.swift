import BCKit
import BCKitTesting
import Testing

/// Whether an issue's comments mention a phrase; used to tell which check failed.
private func says(_ phrase: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(phrase) } }
}

@MainActor
@Suite struct TestOwnerExhaustivityTests {
    @Test func anUnassertedMessageFailsTheTestAtTheLineThatCreatedTheTestOwner() {
        let creation = #line + 2
        withKnownIssue {
            let test = TestOwner(testing: ScreenTracker())
            test.stub(FakeAnalytics())
            test.drive(to: .loaded)
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == creation && says("never asserted")(issue)
                && says("AnalyticsConversation.track(\"loaded\")")(issue)
        }
    }

    @Test func aMessageNobodyHandlesFailsTheTestEvenWhenAsserted() {
        let creation = #line + 2
        withKnownIssue {
            let test = TestOwner(testing: ScreenTracker())
            test.drive(to: .loaded)
            test.expectSent((any AnalyticsConversation).self)
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == creation && says("reached nobody")(issue)
        }
    }

    @Test func aTestOwnerReleasedWithoutFinishingStillChecks() {
        withKnownIssue {
            let test = TestOwner(testing: ScreenTracker())
            test.stub(FakeAnalytics())
            test.drive(to: .loaded)
        } matching: { issue in
            says("never asserted")(issue)
        }
    }

    @Test func nonExhaustiveSkipsUnassertedMessagesButNotUnhandledOnes() {
        let test = TestOwner(testing: ScreenTracker(), exhaustivity: .nonExhaustive)
        test.stub(FakeAnalytics())
        test.drive(to: .appeared)
        test.drive(to: .loaded)

        test.expectSent((any AnalyticsConversation).self, "track(\"disappeared\")")
        test.finish()

        withKnownIssue {
            let unstubbed = TestOwner(testing: ScreenTracker(), exhaustivity: .nonExhaustive)
            unstubbed.drive(to: .loaded)
            unstubbed.finish()
        } matching: { issue in
            says("reached nobody")(issue)
        }
    }

    @Test func aTestsMessageThatOnlyStubsReceiveFailsTheTest() {
        // The controller under test forgot to speak the conversation; a stub does speak it.
        let test = TestOwner(testing: QuietController())
        test.stub(FakeAnalytics())
        let line = #line + 1
        test.send((any AnalyticsConversation).self) { $0.track("tapped") }

        withKnownIssue {
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && says("no controller under test received it, only the stubs FakeAnalytics")(issue)
        }
    }

    @Test func aTestsMessageThatAControllerInAMountedNestedOwnerReceivesPasses() throws {
        // A cell's owner mounted in the screen: its controller is neither a stub nor under test.
        let test = TestOwner(testing: QuietController())
        let cell = Owner(name: "Cell")
        let listener = AnalyticsListener()
        try cell.attach(listener)
        test.mount(cell)
        test.send((any AnalyticsConversation).self, scope: .broadcastDown) { $0.track("reactions") }
        #expect(listener.events == ["reactions"])
        test.finish()
    }

    @Test func anOwnerCannotBeTheControllerUnderTest() {
        let section = Owner(name: "Section")
        try? section.attach(ScreenTracker())
        let line = #line + 2
        withKnownIssue {
            let test = TestOwner(testing: section)
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == line && says("Cannot test Section")(issue) && says("(ScreenTracker)")(issue)
        }
    }

    @Test func exhaustivityOffChecksNothingAtTheEnd() {
        let test = TestOwner(testing: ScreenTracker(), exhaustivity: .off)
        test.drive(to: .appeared)
        #expect(test.unassertedMessages.map(\.conversation) == ["AnalyticsConversation", "AnalyticsConversation"])
        #expect(test.sentMessages.map(\.isUnhandled) == [true, true])

        test.finish()
    }

    @Test func sendingWhatNobodySpeaksFailsAtTheCallSite() {
        let test = TestOwner(testing: QuietController())

        let line = #line + 2
        withKnownIssue {
            test.send((any CartConversation).self) { $0.add(goodsID: 1, quantity: 1) }
        } matching: { issue in
            issue.sourceLocation?.line == line && says("Nobody here speaks CartConversation")(issue)
        }
        test.finish()
    }

    @Test func expectingAMessageThatWasNotSentFails() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .loaded)

        withKnownIssue {
            test.expectSent((any CartConversation).self)
        } matching: { issue in
            says("nothing more was sent")(issue)
        }
        test.finish()
    }

    @Test func expectingTheWrongCallFails() {
        let test = TestOwner(testing: ScreenTracker())
        test.stub(FakeAnalytics())
        test.drive(to: .loaded)

        withKnownIssue {
            test.expectSent((any AnalyticsConversation).self, "track(\"appeared\")")
        } matching: { issue in
            says("instead of")(issue)
        }
        test.finish()
    }

    @Test func expectingACallNoStubCouldRecordFails() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.stub(FakeStock()).available = 5
        test.stub(PlainCartSink())
        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 1) }
        test.expectSent((any StockQuery).self)

        withKnownIssue {
            test.expectSent((any CartConversation).self, "add(goodsID: 7, quantity: 1)")
        } matching: { issue in
            says("no stub recorded a call")(issue)
        }
        test.finish()
    }

    @Test func skippingAMessageInExhaustiveModeFailsOnceAndContinuesAfterTheMatch() {
        let test = TestOwner(testing: ScreenTracker())
        test.stub(FakeAnalytics())
        test.drive(to: .appeared)

        withKnownIssue {
            test.expectSent(["AnalyticsConversation.track(\"appeared\")"])
        } matching: { issue in
            says("track(\"loaded\")")(issue)
        }
        test.expectNoMoreSent()
        test.finish()
    }

    @Test func expectingNothingMoreFailsWhenMessagesArePending() {
        let test = TestOwner(testing: ScreenTracker())
        test.stub(FakeAnalytics())
        test.drive(to: .loaded)

        withKnownIssue {
            test.expectNoMoreSent()
        } matching: { issue in
            says("Expected nothing more")(issue)
        }
        #expect(test.unassertedMessages.isEmpty)
        test.finish()
    }

    @Test func messagesSentWhileFinishingNeedReceiversButNoAssertion() {
        let test = TestOwner(testing: ScreenTracker())
        let analytics = test.stub(FakeAnalytics())
        test.drive(to: .appeared)
        test.skipSentMessages()

        test.finish()

        #expect(analytics.calls.last?.description == "track(\"disappeared\")")
        #expect(test.unassertedMessages.map(\.summary) == ["AnalyticsConversation.track(\"disappeared\")"])

        withKnownIssue {
            let unstubbed = TestOwner(testing: ScreenTracker(), exhaustivity: .off)
            unstubbed.drive(to: .appeared)
            unstubbed.exhaustivity = .exhaustive
            unstubbed.skipSentMessages()
            unstubbed.finish()
        } matching: { issue in
            says("reached nobody")(issue)
        }
    }

    @Test func usingAFinishedTestOwnerFails() {
        let test = TestOwner(testing: QuietController())
        test.finish()

        withKnownIssue {
            test.drive(to: .loaded)
        } matching: { issue in
            says("already finished")(issue)
        }
        #expect(test.owner.state == .tornDown)
    }

    /// Every message expectation after `finish()` is reported as such: `finish()` checked what was
    /// left, so a later expectation checks nothing that counts (`expectNoMoreSent()` passed
    /// silently; a new-user trial wrote one after it).
    @Test(arguments: 0..<4)
    func anExpectationAfterFinishingFails(form: Int) {
        let test = TestOwner(testing: QuietController())
        test.finish()

        withKnownIssue {
            switch form {
            case 0: test.expectNoMoreSent()
            case 1: test.expectSent((any PlayerConversation).self)
            case 2: test.expectSent(["PlayerConversation"])
            default: test.expectIgnored((any PlayerConversation).self)
            }
        } matching: { issue in
            says("already finished")(issue)
        }
    }

    /// What the test sends through `center` once nothing can hear it fails the test, at the line
    /// that created the test owner, instead of a console line naming the kit's hidden sender.
    @Test(arguments: [false, true])
    func sendingThroughCenterWhenNothingCanHearFails(afterFinishing: Bool) {
        let creation = #line + 1
        let test = TestOwner(testing: QuietController())
        test.drive(to: .tornDown)
        if afterFinishing { test.finish() }
        withKnownIssue {
            _ = test.center
        } matching: { issue in
            issue.sourceLocation?.line == creation
                && says(afterFinishing ? "already finished" : "is torn down")(issue)
                && says("Cannot send through `center`")(issue)
        }
        if !afterFinishing { test.finish() }
    }
}

/// Released off the main actor: a test that is not `@MainActor` drops its test owner on the
/// global executor.
@Suite struct TestOwnerReleaseTests {
    @Test func aFinishedTestOwnerMayBeReleasedOffTheMainActor() async {
        var test: TestOwner<QuietController>? = await TestOwner(testing: QuietController())
        await test?.finish()
        // Before the fix, this release stopped the whole test process.
        test = nil
        #expect(test == nil)
    }
}

/// Hears analytics: a plain controller, neither a stub nor under test, inside a nested owner.
private final class AnalyticsListener: BusinessController, AnalyticsConversation {
    weak var owner: Owner?
    private(set) var events: [String] = []

    func track(_ event: String) { events.append(event) }
}
