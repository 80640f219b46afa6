import BCKit
import BCKitSwiftUI
import SwiftUI
import Testing

// The SwiftUI blocks of the doc comments, verbatim: BCKitSwiftUI's `owner(_:services:)` and
// BCKit's LazyHostRelay.

@MainActor  // a ViewModifier is main-actor only from Xcode 16's SDKs on
struct OwnerOnAppear: ViewModifier {
    let makeOwner: @MainActor () -> Owner
    @State private var box = LazyHostRelay()

    func body(content: Content) -> some View {
        content.onAppear { box.relay(makeOwner).appeared() }
    }
}

/// The samples of `owner(_:services:)`, with controllers of their own: ReadmeSampleTests counts
/// what its `AvatarController`s do.
@MainActor
private enum OwnerSample {
    /// Where the avatar controllers made while a test renders say they appeared.
    @TaskLocal static var appearances: Made?

    final class AvatarController: BusinessController {
        weak var owner: Owner?

        func ownerDidAppear() { OwnerSample.appearances?.avatars += 1 }
    }

    final class StatsController: BusinessController {
        weak var owner: Owner?
    }

    struct ProfileView: View {
        var body: Never { fatalError("drawn by the stand-in renderer only through its modifiers") }
    }

    /// Holds the alert the screen shows from its state.
    final class ProfileModel {
        var alert: HostAlert?
    }

    static func profile() -> some View {
        ProfileView()
            .owner {
                let owner = Owner(name: "Profile")
                try? owner.attach([AvatarController(), StatsController()])
                return owner
            }
    }

    static func alertingProfile(model: ProfileModel) -> some View {
        ProfileView()
            .owner {
                Owner(name: "Profile")
            } services: { services in
                services.onShowAlert = { alert in model.alert = alert }
            }
    }
}

/// What a view made, for the tests to look at.
@MainActor
private final class Made {
    var owners: [Owner] = []
    var avatars = 0
}

@MainActor
@Suite struct DocCommentExampleTests {
    @Test func theViewsOwnerIsMadeWithItsControllersAndAppears() {
        let made = Made()

        OwnerSample.$appearances.withValue(made) {
            StandInRenderer.appear(OwnerSample.profile())
        }

        #expect(made.avatars == 1)
    }

    @Test func aViewWithServicesRendersWithNoAlertShown() {
        let model = OwnerSample.ProfileModel()

        StandInRenderer.appear(OwnerSample.alertingProfile(model: model))

        #expect(model.alert == nil)
    }

    @Test func theBoxMakesItsOwnerOnceAtTheFirstAppearance() {
        let made = Made()
        let modifier = OwnerOnAppear {
            let owner = Owner(name: "Profile")
            made.owners.append(owner)
            return owner
        }
        let body = StandInRenderer.body(of: modifier)
        #expect(made.owners.isEmpty)

        StandInRenderer.appear(body)
        StandInRenderer.appear(body)

        #expect(made.owners.count == 1)
        #expect(made.owners.first?.state == .appeared)
    }
}
