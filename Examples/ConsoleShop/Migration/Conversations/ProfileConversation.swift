import BCKit

/// What the profile screen's controllers tell each other about the profile.
protocol ProfileConversation: Conversation {
    /// The profile arrived; retained, so a controller attached later still gets it.
    /// - Retained
    func profileDidLoad(_ profile: Profile)
    /// The user started or stopped following the profile.
    func followingDidChange(_ isFollowing: Bool)
}
