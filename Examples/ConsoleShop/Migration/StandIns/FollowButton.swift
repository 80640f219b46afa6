/// Told when the user taps a ``FollowButton``.
@MainActor
protocol FollowButtonDelegate: AnyObject {
    /// The user tapped an enabled button.
    func followButtonWasTapped(_ button: FollowButton)
}

/// Stands in for a UIKit control that reports taps to a delegate.
@MainActor
final class FollowButton {
    /// Who hears the taps.
    weak var delegate: (any FollowButtonDelegate)?
    /// A disabled button ignores taps, as a UIKit control does.
    var isEnabled = false

    /// The user's tap.
    func tap() {
        guard isEnabled else { return }
        delegate?.followButtonWasTapped(self)
    }
}
