import BCKit
import BCKitSwiftUI
import SwiftUI
import Testing

// The SwiftUI samples of the DocC article "Hosting an Owner", verbatim, so they cannot rot.

struct ProfileHeader: View {
    var body: Never { fatalError("drawn by the stand-in renderer only through its modifiers") }
}

final class AvatarController: BusinessController {
    /// What every avatar controller did, for the sample's test, which is the only one to read it.
    static var log: [String] = []

    weak var owner: Owner?

    init() { Self.log.append("created") }

    func ownerDidAppear() { Self.log.append("appeared") }
    func ownerDidDisappear() { Self.log.append("disappeared") }
}

final class StatsController: BusinessController {
    weak var owner: Owner?
}

struct ProfileScreen: View {
    var body: some View {
        ProfileHeader()
            .owner {
                let owner = Owner(name: "Profile")
                try? owner.attach([AvatarController(), StatsController()])
                return owner
            }
    }
}

/// Holds the alert a SwiftUI screen shows from its state.
@MainActor
final class ProfileModel {
    var alert: HostAlert?
}

/// The DocC article's SwiftUI host-services sample.
struct AlertingProfileScreen: View {
    let model: ProfileModel

    var body: some View {
        ProfileHeader()
            .owner {
                Owner(name: "Profile")
            } services: { services in
                services.onShowAlert = { alert in model.alert = alert }
            }
    }
}

@MainActor
@Suite struct ReadmeSampleTests {
    @Test func theSampleBuildsItsOwnerOnceAndFollowsTheViewsAppearance() {
        let screen = ProfileScreen().body
        StandInRenderer.appear(screen)
        StandInRenderer.disappear(screen)
        StandInRenderer.appear(screen)
        #expect(AvatarController.log == ["created", "appeared", "disappeared", "appeared"])
    }

    @Test func theServicesSamplePutsTheAlertInTheModel() throws {
        let model = ProfileModel()
        var owner: Owner?
        let screen = ProfileHeader()
            .owner(
                {
                    let made = Owner(name: "Profile")
                    owner = made
                    return made
                }, services: { services in services.onShowAlert = { alert in model.alert = alert } })
        StandInRenderer.appear(screen)
        try #require(owner).center.showAlert(HostAlert(title: "Saved"))
        #expect(model.alert == HostAlert(title: "Saved"))

        let sample = AlertingProfileScreen(model: ProfileModel())
        StandInRenderer.appear(sample.body)
    }
}
