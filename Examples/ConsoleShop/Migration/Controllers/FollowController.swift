import BCKit

/// Follows or unfollows the profile when the user taps the button; extracted in step 3.
final class FollowController: BusinessController, FollowButtonDelegate {
    weak var owner: Owner?
    private let view: ProfileView
    private var isFollowing = false

    init(view: ProfileView) {
        self.view = view
    }

    func ownerDidLoad() {
        view.followButton.delegate = self
    }

    func ownerDidAppear() {
        view.followButton.isEnabled = true
        view.show(isFollowing ? "[Unfollow]" : "[Follow]")
    }

    func ownerWillDisappear() {
        view.followButton.isEnabled = false
        view.show("button disabled")
    }

    func followButtonWasTapped(_ button: FollowButton) {
        isFollowing.toggle()
        center.followingDidChange(isFollowing)
        view.show(isFollowing ? "[Unfollow]" : "[Follow]")
    }
}
