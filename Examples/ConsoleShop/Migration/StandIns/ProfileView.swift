/// Stands in for the profile screen's view: what it shows, line by line, and its follow button.
///
/// Every step of the migration is compared on ``lines``: the same user actions must show the
/// same lines.
@MainActor
final class ProfileView {
    /// Everything shown so far, oldest first.
    private(set) var lines: [String] = []
    /// The button the user taps.
    let followButton = FollowButton()

    /// Shows one more line.
    func show(_ line: String) { lines.append(line) }
}
