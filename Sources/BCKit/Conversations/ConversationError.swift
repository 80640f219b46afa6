/// The errors thrown by the receivers of one throwing send, all of them, in the owner's order.
///
/// A throwing `send` (whose message closure `throws`) calls
/// every receiver even when some throw, then throws this.
public struct ConversationError: Error, CustomStringConvertible {
    /// One receiver's failure.
    public struct Failure: Sendable {
        /// The receiver's type name.
        public let receiver: String
        /// What it threw.
        public let error: any Error

        @usableFromInline
        init(receiver: String, error: any Error) {
            self.receiver = receiver
            self.error = error
        }
    }

    /// The conversation's name.
    public let conversation: String
    /// Every failure, in the order the receivers were called.
    public let failures: [Failure]

    @usableFromInline
    init(conversation: String, failures: [Failure]) {
        self.conversation = conversation
        self.failures = failures
    }

    /// Which receivers failed and why.
    public var description: String {
        let list = failures.map { "\($0.receiver): \($0.error)" }.joined(separator: "; ")
        return "\(failures.count) receiver(s) of \(conversation) failed: \(list)"
    }
}
