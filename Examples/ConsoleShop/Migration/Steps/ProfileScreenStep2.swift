import BCKit

/// Step 2: the summary is a business controller, ``ProfileSummaryController``.
///
/// The screen keeps its delegates and tells the summary what happened through `owner.center`;
/// `followers` is gone from it.
final class ProfileScreenStep2: StandInOwnerViewController, ProfileLoaderDelegate, FollowButtonDelegate {
    private let loader: ProfileLoader
    private var isFollowing = false

    init(loader: ProfileLoader) throws(OwnerError) {
        self.loader = loader
        super.init(owner: Owner(name: "Profile"))
        try owner.attach(ProfileSummaryController(view: view))
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
        owner.center.profileDidLoad(profile)
    }

    func followButtonWasTapped(_ button: FollowButton) {
        isFollowing.toggle()
        owner.center.followingDidChange(isFollowing)
        view.show(isFollowing ? "[Unfollow]" : "[Follow]")
    }
}
