import BCKit

/// Step 3: the follow button is a business controller, ``FollowController``.
///
/// `isFollowing`, the button's delegate line and the appearance code are gone from the screen.
final class ProfileScreenStep3: StandInOwnerViewController, ProfileLoaderDelegate {
    private let loader: ProfileLoader

    init(loader: ProfileLoader) throws(OwnerError) {
        self.loader = loader
        super.init(owner: Owner(name: "Profile"))
        try owner.attach([ProfileSummaryController(view: view), FollowController(view: view)])
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        loader.delegate = self
        loader.load()
    }

    func profileLoader(_ loader: ProfileLoader, didLoad profile: Profile) {
        owner.center.profileDidLoad(profile)
    }
}
