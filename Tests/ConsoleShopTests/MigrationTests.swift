import BCKit
import Testing

@testable import ConsoleShop

// Mirrors Sources/BCKit/BCKit.docc/MigratingAMassiveViewController.md: its Swift code blocks are
// copied from Examples/ConsoleShop/Migration, and DocumentationCodeBlockTests keeps them so.

@MainActor
@Suite struct MigrationTests {
    static let ada = Profile(handle: "ada", followers: 41)

    /// What the massive screen shows for `script`: every step must show the same.
    static let shown = [
        "@ada", "41 followers", "[Follow]",
        "42 followers", "[Unfollow]", "41 followers", "[Follow]", "42 followers", "[Unfollow]",
        "button disabled", "[Unfollow]",
    ]

    /// The screen of one step of the migration, 0 being the massive one.
    static func screen(step: Int) throws -> StandInViewController {
        let loader = ProfileLoader(cached: ada)
        switch step {
        case 0: return MassiveProfileScreen(loader: loader)
        case 1: return ProfileScreenStep1(loader: loader)
        case 2: return try ProfileScreenStep2(loader: loader)
        case 3: return try ProfileScreenStep3(loader: loader)
        default: return try ProfileScreen(loader: loader)
        }
    }

    /// Lifecycle events and taps, including taps a disabled button ignores and a second visit.
    static func script(_ screen: StandInViewController) -> [String] {
        let button = screen.view.followButton
        screen.viewDidLoad()
        button.tap()
        screen.viewWillAppear()
        screen.viewDidAppear()
        button.tap()
        button.tap()
        button.tap()
        screen.viewWillDisappear()
        button.tap()
        screen.viewDidDisappear()
        screen.viewWillAppear()
        screen.viewDidAppear()
        return screen.view.lines
    }

    @Test func theMassiveScreenShowsTheExpectedLines() throws {
        #expect(Self.script(try Self.screen(step: 0)) == Self.shown)
    }

    @Test(arguments: 1...4)
    func everyStepShowsWhatTheMassiveScreenShowed(step: Int) throws {
        let before = Self.script(try Self.screen(step: 0))

        #expect(Self.script(try Self.screen(step: step)) == before)
    }

    @Test func theLastStepDoesNotDependOnAttachOrder() throws {
        let view = ProfileView()
        let owner = Owner(name: "Profile")
        try owner.attach([
            FollowController(view: view),
            ProfileSummaryController(view: view),
            ProfileLoaderController(loader: ProfileLoader(cached: Self.ada)),
        ])

        try owner.didLoad()
        try owner.willAppear()
        try owner.didAppear()

        #expect(view.lines == ["@ada", "41 followers", "[Follow]"])
    }

    @Test func aSummaryAttachedLateStillGetsTheRetainedProfile() throws {
        let screen = try ProfileScreen(loader: ProfileLoader(cached: Self.ada))
        screen.viewDidLoad()
        screen.viewWillAppear()
        screen.viewDidAppear()
        let lateView = ProfileView()

        try screen.owner.attach(ProfileSummaryController(view: lateView))

        #expect(lateView.lines == ["@ada", "41 followers"])
    }
}
