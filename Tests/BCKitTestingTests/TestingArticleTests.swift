import BCKit
import BCKitTesting
import Testing

// Samples of the DocC article "Testing a Business Controller" that the README's and the tasks'
// test files do not hold, verbatim, so they cannot rot (DocumentationCodeBlockTests checks).

/// Says goodbye to analytics when it leaves the screen, as the tear-down detaches it.
final class FarewellTracker: BusinessController {
    weak var owner: Owner?

    func willDetach(from owner: Owner) {
        owner.center.send((any AnalyticsConversation).self) { $0.track("goodbye") }
    }
}

@MainActor
@Suite struct TestingArticleTests {
    @Test func aMessageSentWhileTheTestOwnerTearsDownIsAssertedAfterDrivingToTornDown() {
        let test = TestOwner(testing: FarewellTracker())
        // First in the owner's order, so detached last: it still hears the tracker's goodbye.
        test.stub(FakeAnalytics(), priority: 1)
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
