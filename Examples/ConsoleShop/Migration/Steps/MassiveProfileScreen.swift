/// Step 0 of the migration: the profile screen as one massive controller.
///
/// Loading, the summary (handle and followers) and the follow button are tangled in one class
/// through two delegates and shared stored properties.
final class MassiveProfileScreen: StandInViewController, ProfileLoaderDelegate, FollowButtonDelegate {
    private let loader: ProfileLoader
    private var followers = 0
    private var isFollowing = false

    init(loader: ProfileLoader) {
        self.loader = loader
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.followButton.delegate = self
        // The loader answers inside `load()`: its delegate must be set first, and `followers` is
        // only right once it has answered.
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
