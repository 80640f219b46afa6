import BCKit
import BCKitTesting

@testable import ConsoleShop

/// Hears `ProfileConversation` and records each message.
final class ProfileListener: StubController, ProfileConversation {
    func profileDidLoad(_ profile: Profile) { record(profile.handle, profile.followers) }
    func followingDidChange(_ isFollowing: Bool) { record(isFollowing) }
}
