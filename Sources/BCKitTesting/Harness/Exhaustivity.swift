/// How strictly a ``TestOwner`` checks what the controllers under test sent when it finishes.
///
/// Exhaustive by default, like a `TestStore`: every message the controllers under test send must
/// be asserted with ``TestOwner/expectSent(_:_:sourceLocation:)`` or skipped explicitly, and every
/// message must reach someone. Loosen it per test when the test cares about one message among
/// many:
///
/// ```swift
/// let test = TestOwner(testing: RecommendationsController(), exhaustivity: .nonExhaustive)
/// ```
public struct Exhaustivity: Hashable, Sendable, CustomStringConvertible {
    /// Whether a message sent but never asserted fails the test when the test owner finishes.
    public var requiresAssertingEveryMessage: Bool

    /// Whether a message that no controller or stub received fails the test when the test owner
    /// finishes. A message nobody handles usually means a stub is missing.
    public var requiresAReceiverForEveryMessage: Bool

    /// Creates a custom exhaustivity.
    ///
    /// - Parameters:
    ///   - requiresAssertingEveryMessage: Fail on messages never asserted.
    ///   - requiresAReceiverForEveryMessage: Fail on messages nobody received.
    public init(requiresAssertingEveryMessage: Bool, requiresAReceiverForEveryMessage: Bool) {
        self.requiresAssertingEveryMessage = requiresAssertingEveryMessage
        self.requiresAReceiverForEveryMessage = requiresAReceiverForEveryMessage
    }

    /// Every message must be asserted and must reach someone. The default.
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
