/// When a controller registered with ``Owner/attach(lazily:speaking:creation:priority:)`` is created.
///
/// ```swift
/// // Created only once the preview ends, as Boardy's `BoardProducer` creates a board:
/// try owner.attach(
///     lazily: { PaywallController() },
///     speaking: [(any PreviewConversation).self],
///     creation: .onFirstMessage
/// )
/// ```
///
/// Choose at the call site: ``onFirstMessageOrAppearance`` is the default and suits a part of the
/// screen that will be needed anyway, made as late as possible; ``onFirstMessage`` suits a part
/// that may never be needed, such as a paywall or an error panel.
public struct LazyCreation: Hashable, Sendable, CustomStringConvertible {
    private enum Moment: Hashable, Sendable {
        case firstMessageOrAppearance
        case firstMessage
    }

    private let moment: Moment

    private init(_ moment: Moment) {
        self.moment = moment
    }

    /// Created on the first dispatch of a conversation it speaks, or when the owner next appears
    /// (its first appearance, for one registered before it), whichever comes first. The default.
    public static let onFirstMessageOrAppearance = Self(.firstMessageOrAppearance)

    /// Created only by the first message of a conversation it speaks, however often the owner
    /// appears; never, if no such message comes. A retained message of one of its conversations
    /// counts as that first message: the controller is created when one is retained, or at once
    /// when one is kept already, and gets it by replay.
    public static let onFirstMessage = Self(.firstMessage)

    /// Whether an appearance of the owner creates the controller.
    var isCreatedByAppearance: Bool { moment == .firstMessageOrAppearance }

    /// `on first message or appearance` or `on first message`.
    public var description: String {
        switch moment {
        case .firstMessageOrAppearance: "on first message or appearance"
        case .firstMessage: "on first message"
        }
    }
}
