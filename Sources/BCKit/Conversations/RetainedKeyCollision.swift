/// One (conversation, message) key retained in one owner from two different call sites: the later
/// message replaces the earlier, which is right only if they are one message sent from two places.
/// Two different messages given the same key would lose one of them silently (DESIGN 15), so the
/// kit diagnoses it.
package struct RetainedKeyCollision: Hashable, Sendable, CustomStringConvertible {
    /// The owner's name.
    package let owner: String
    /// The conversation protocol's name.
    package let conversation: String
    /// The key both sites retained, the message's name.
    package let message: String
    /// The sender of the later message, or `nil` for the host.
    package let sender: String?
    /// Where the replaced message was retained, as `Module/File.swift:line`.
    package let earlierSite: String
    /// Where the replacing message was retained.
    package let laterSite: String

    /// Describes a collision.
    package init(
        owner: String,
        conversation: String,
        message: String,
        sender: String?,
        earlierSite: String,
        laterSite: String
    ) {
        self.owner = owner
        self.conversation = conversation
        self.message = message
        self.sender = sender
        self.earlierSite = earlierSite
        self.laterSite = laterSite
    }

    /// What collided, where, and what to do.
    package var description: String {
        """
        owner '\(owner)': \(sender ?? "host") retained \(conversation) message '\(message)' at \(laterSite), \
        replacing the one retained at \(earlierSite): a controller attached later gets only the latest. \
        If these are different messages, give each its own name (`message:`); if it is one message, \
        retain it from one place.
        """
    }
}

/// A tracer that hears retained-key collisions as they happen: the testing harness, which makes
/// each one an issue of the running test, so that a collision is never silent in a test.
@MainActor
package protocol RetainedKeyCollisionObserver: AnyObject {
    /// Called when a retained message replaces one of the same key retained elsewhere.
    func retainedKeyDidCollide(_ collision: RetainedKeyCollision)
}
