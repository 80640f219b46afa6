import BCKit
import BCKitSwiftUI
import SwiftUI
import Testing

// The README's SwiftUI sample, verbatim, so it cannot rot.

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

@MainActor
@Suite struct ReadmeSampleTests {
    @Test func theSampleBuildsItsOwnerOnceAndFollowsTheViewsAppearance() {
        let screen = ProfileScreen().body
        StandInRenderer.appear(screen)
        StandInRenderer.disappear(screen)
        StandInRenderer.appear(screen)
        #expect(AvatarController.log == ["created", "appeared", "disappeared", "appeared"])
    }
}
