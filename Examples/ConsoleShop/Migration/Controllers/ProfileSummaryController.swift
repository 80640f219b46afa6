import BCKit

/// Shows the profile's handle and how many users follow it; extracted in step 2.
final class ProfileSummaryController: BusinessController, ProfileConversation {
    weak var owner: Owner?
    private let view: ProfileView
    private var followers = 0

    init(view: ProfileView) {
        self.view = view
    }

    func profileDidLoad(_ profile: Profile) {
        followers = profile.followers
        view.show("@\(profile.handle)")
        view.show("\(followers) followers")
    }

    func followingDidChange(_ isFollowing: Bool) {
        followers += isFollowing ? 1 : -1
        view.show("\(followers) followers")
    }
}
