// The cause of the lazy controllers' diagnostic: a registration that names a conversation its
// controller does not speak is found only once the controller exists, when its creation is
// reported. Reported in every build, as the saved-state causes are.

extension Diagnostic.Cause {
    /// A controller registered with ``Owner/attach(lazily:speaking:creation:priority:)`` does not
    /// speak one of the conversations listed in `speaking:`: that conversation's first message
    /// creates it, and it never hears the conversation. Make it conform, or leave the conversation
    /// out of the list.
    public static let unspokenLazyConversation = Self("lazy controller does not speak its conversation")
}
