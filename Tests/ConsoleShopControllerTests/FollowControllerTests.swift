import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

// Mirrors Sources/BCKit/BCKit.docc/MigratingAMassiveViewController.md ("Test each controller
// alone"): the article shows this code, and ConsoleShopTests' MigrationTests checks it still does.

@MainActor
@Suite struct FollowControllerTests {
    @Test func aTapOnTheVisibleScreenTogglesFollowing() {
        let view = ProfileView()
        let test = TestOwner(testing: FollowController(view: view))
        test.stub(ProfileListener())
        test.drive(to: .appeared)

        view.followButton.tap()
        view.followButton.tap()

        test.expectSent([
            "ProfileConversation.followingDidChange(true)",
            "ProfileConversation.followingDidChange(false)",
        ])
        #expect(view.lines == ["[Follow]", "[Unfollow]", "[Follow]"])
        test.finish()
    }

    @Test func aTapBeforeTheScreenAppearsIsIgnored() {
        let view = ProfileView()
        let test = TestOwner(testing: FollowController(view: view))
        test.stub(ProfileListener())
        test.drive(to: .appearing)

        view.followButton.tap()

        test.expectNoMoreSent()
        #expect(view.lines.isEmpty)
        test.finish()
    }
}
