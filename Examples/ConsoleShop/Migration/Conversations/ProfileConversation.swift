import BCKit

/// What the profile screen's controllers tell each other about the profile.
protocol ProfileConversation: Conversation {
    /// The profile arrived; retained, so a controller attached later still gets it.
    func profileDidLoad(_ profile: Profile)
    /// The user started or stopped following the profile.
    func followingDidChange(_ isFollowing: Bool)
}

extension ProfileConversation {
    func profileDidLoad(_ profile: Profile) {
        relayRetained((any ProfileConversation).self) { $0.profileDidLoad(profile) }
    }
    func followingDidChange(_ isFollowing: Bool) {
        relay((any ProfileConversation).self) { $0.followingDidChange(isFollowing) }
    }
}

extension CommunicationCenter: ProfileConversation {}
