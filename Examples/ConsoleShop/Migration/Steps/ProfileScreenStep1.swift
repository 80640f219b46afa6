import BCKit

/// Step 1: the same screen with an owner, still without any business controller.
///
/// Only the superclass and the initializer changed, so nothing else can: the screen's lifecycle now
/// also reaches the owner, first, before the screen's own code.
final class ProfileScreenStep1: StandInOwnerViewController, ProfileLoaderDelegate, FollowButtonDelegate {
    private let loader: ProfileLoader
    private var followers = 0
    private var isFollowing = false

    init(loader: ProfileLoader) {
        self.loader = loader
        super.init(owner: Owner(name: "Profile"))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.followButton.delegate = self
        loader.delegate = self
        loader.load()
    }

    override func viewDidAppear() {
        super.viewDidAppear()
        view.followButton.isEnabled = true
        view.show(isFollowing ? "[Unfollow]" : "[Follow]")
    }

    override func viewWillDisappear() {
        super.viewWillDisappear()
        view.followButton.isEnabled = false
        view.show("button disabled")
    }

    func profileLoader(_ loader: ProfileLoader, didLoad profile: Profile) {
        followers = profile.followers
        view.show("@\(profile.handle)")
        view.show("\(followers) followers")
    }

    func followButtonWasTapped(_ button: FollowButton) {
        isFollowing.toggle()
        followers += isFollowing ? 1 : -1
        view.show("\(followers) followers")
        view.show(isFollowing ? "[Unfollow]" : "[Follow]")
    }
}
