/// How strictly a ``TestOwner`` checks what the controllers under test sent when it finishes.
///
/// Exhaustive by default, like a `TestStore`: every message the controllers under test send must
/// be asserted with ``TestOwner/expectSent(_:_:sourceLocation:)`` or skipped explicitly, and every
/// message must reach someone who handles it. Loosen it per test when the test cares about one
/// message among many:
///
/// ```swift
/// let test = TestOwner(testing: RecommendationsController(), exhaustivity: .nonExhaustive)
/// ```
public struct Exhaustivity: Hashable, Sendable, CustomStringConvertible {
    /// Whether a message sent but never asserted fails the test when the test owner finishes.
    public var requiresAssertingEveryMessage: Bool

    /// Whether a message nobody handles fails the test when the test owner finishes.
    ///
    /// That is a message the controllers under test sent that no receiver handled (nobody
    /// received it, or every receiver left it to its default), unless it was retained for
    /// controllers attached later: usually a stub is missing. It is also a message the test sent
    /// that nobody here speaks, or that no controller under test handled (each that received it
    /// left it to its default) without the test saying
    /// ``TestOwner/expectIgnored(_:_:by:sourceLocation:)``: usually a misspelled method.
    public var requiresAReceiverForEveryMessage: Bool

    /// Creates a custom exhaustivity.
    ///
    /// - Parameters:
    ///   - requiresAssertingEveryMessage: Fail on messages never asserted.
    ///   - requiresAReceiverForEveryMessage: Fail on messages nobody handles.
    public init(requiresAssertingEveryMessage: Bool, requiresAReceiverForEveryMessage: Bool) {
        self.requiresAssertingEveryMessage = requiresAssertingEveryMessage
        self.requiresAReceiverForEveryMessage = requiresAReceiverForEveryMessage
    }

    /// Every message must be asserted and must reach someone who handles it. The default.
    public static let exhaustive = Exhaustivity(
        requiresAssertingEveryMessage: true,
        requiresAReceiverForEveryMessage: true
    )

    /// Messages the test does not assert are skipped, but a message nobody handles still fails.
    /// ``TestOwner/expectSent(_:_:sourceLocation:)`` then skips ahead to the first match.
    public static let nonExhaustive = Exhaustivity(
        requiresAssertingEveryMessage: false,
        requiresAReceiverForEveryMessage: true
    )

    /// Nothing is checked at the end; only explicit expectations can fail.
    public static let off = Exhaustivity(
        requiresAssertingEveryMessage: false,
        requiresAReceiverForEveryMessage: false
    )

    /// `exhaustive`, `non-exhaustive`, `off`, or the two flags.
    public var description: String {
        switch self {
        case .exhaustive: "exhaustive"
        case .nonExhaustive: "non-exhaustive"
        case .off: "off"
        default:
            "asserting every message: \(requiresAssertingEveryMessage), "
                + "a receiver for every message: \(requiresAReceiverForEveryMessage)"
        }
    }
}
