import BCKit

/// The last step: the screen only builds its owner.
///
/// Loading is ``ProfileLoaderController``'s; the screen holds no state, sets no delegate and
/// overrides no lifecycle callback.
final class ProfileScreen: StandInOwnerViewController {
    init(loader: ProfileLoader) throws(OwnerError) {
        super.init(owner: Owner(name: "Profile"))
        try owner.attach([
            ProfileLoaderController(loader: loader),
            ProfileSummaryController(view: view),
            FollowController(view: view),
        ])
    }
}
