import BCKit

/// The messages of ``ProfileConversation``, which the communication center forwards.
@MainActor
protocol ProfileMessages {
    /// The profile arrived.
    func profileDidLoad(_ profile: Profile)
    /// The user started or stopped following the profile.
    func followingDidChange(_ isFollowing: Bool)
}

/// What the profile screen's controllers tell each other about the profile.
@MainActor
protocol ProfileConversation: ProfileMessages, AnyObject {}

extension ProfileConversation {
    func profileDidLoad(_ profile: Profile) { notHandled() }
    func followingDidChange(_ isFollowing: Bool) { notHandled() }
}

extension CommunicationCenter: ProfileMessages {
    func profileDidLoad(_ profile: Profile) {
        sendRetained((any ProfileConversation).self, message: "profileDidLoad(_:)") { $0.profileDidLoad(profile) }
    }

    func followingDidChange(_ isFollowing: Bool) {
        send((any ProfileConversation).self) { $0.followingDidChange(isFollowing) }
    }
}
