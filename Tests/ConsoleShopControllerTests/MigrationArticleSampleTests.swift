import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

// Mirrors the section "Async work and the screen's requests" of
// Sources/BCKit/BCKit.docc/MigratingAMassiveViewController.md: a loader that awaits its client, and
// a stand-in host whose relay provides host services.

/// A network client whose answer comes later.
@MainActor
final class ProfileClient {
    private let answer: Profile

    init(answer: Profile) { self.answer = answer }

    func profile() async -> Profile {
        await Task.yield()
        return answer
    }
}

final class RemoteProfileController: BusinessController {
    weak var owner: Owner?
    private let client: ProfileClient

    init(client: ProfileClient) {
        self.client = client
    }

    func ownerDidLoad() {
        let client = client
        task { context in
            let profile = await client.profile()
            context.controller?.center.profileDidLoad(profile)
        }
    }
}

@MainActor
class StandInServingViewController: StandInViewController {
    let owner: Owner
    private let relay: HostRelay
    /// The screens presented over this one, oldest first.
    private(set) var presented: [AnyObject] = []

    init(owner: Owner) {
        self.owner = owner
        relay = HostRelay(owner: owner)
        super.init()
        relay.provideServices(
            HostServices(
                present: { [weak self] screen in self?.presented.append(screen) },
                showAlert: { [weak self] alert in self?.view.show(alert.title) }
            ))
    }

    override func viewDidLoad() { relay.viewDidLoad() }
    override func viewWillAppear() { relay.viewWillAppear() }
    override func viewDidAppear() { relay.viewDidAppear() }
    override func viewWillDisappear() { relay.viewWillDisappear() }
    override func viewDidDisappear() { relay.viewDidDisappear() }
}

/// Asks its screen to present another one and to show an alert, as an extracted controller does.
private final class ShareController: BusinessController {
    weak var owner: Owner?

    func shareTapped(_ sheet: AnyObject) {
        center.present(sheet)
        center.showAlert(HostAlert(title: "Followed"))
    }
}

@MainActor
@Suite struct MigrationArticleSampleTests {
    @Test func theRemoteLoaderSendsTheProfileOnceItsTaskHasIt() async {
        let test = TestOwner(testing: RemoteProfileController(client: ProfileClient(answer: MigrationSample.ada)))
        let listener = test.stub(ProfileListener())
        test.drive(to: .loaded)
        #expect(listener.calls.isEmpty, "the client has not answered yet")

        await test.settle()

        test.expectSent(["ProfileConversation.profileDidLoad(\"ada\", 41)"])
        test.finish()
    }

    @Test func aStandInThatProvidesServicesAnswersTheRequests() throws {
        let screen = StandInServingViewController(owner: Owner(name: "Profile"))
        let share = ShareController()
        try screen.owner.attach(share)
        screen.viewDidLoad()
        let sheet = ProfileView()

        share.shareTapped(sheet)

        #expect(screen.presented.count == 1)
        #expect(screen.presented.first === sheet)
        #expect(screen.view.lines == ["Followed"])
    }

    @Test func theStandInWithoutServicesLeavesTheRequestsUnhonored() throws {
        let screen = StandInOwnerViewController(owner: Owner(name: "Profile"))
        var causes: [Diagnostic.Cause] = []
        screen.owner.onDiagnostic = { causes.append($0.cause) }
        let share = ShareController()
        try screen.owner.attach(share)
        screen.viewDidLoad()

        share.shareTapped(ProfileView())

        #expect(causes == [.unhonoredHostRequest, .unhonoredHostRequest])
    }
}

/// The profile the article's samples load.
private enum MigrationSample {
    static let ada = Profile(handle: "ada", followers: 41)
}
