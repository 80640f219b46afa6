/// A message's name as a conversation's default relays it, and whether its conversation is quiet.
///
/// You rarely write one: the relay plugin passes each message's name, and a hand-written relaying
/// default names itself through `#function`. A message often sent with nobody handling it, such
/// as a host event, is quiet, so the debug diagnostics (``Diagnostic``) do not report it when
/// unhandled. Mark it with a `/// - Quiet` line in its doc comment in the protocol (on the
/// protocol itself, it makes every message quiet), and the plugin relays it with `.quiet(…)`; a
/// hand-written default passes it itself:
///
/// ```swift
/// extension ConnectivityConversation {
///     func connectivityDidChange(isOnline: Bool) {
///         relay((any ConnectivityConversation).self, message: .quiet()) { $0.connectivityDidChange(isOnline: isOnline) }
///     }
/// }
/// ```
public struct Message: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The message's name, such as `cartDidChange(count:)`.
    public let name: String
    /// Whether a message nobody handled goes unreported.
    public let isQuiet: Bool
    /// Whether the message is retained for controllers attached later: one that reaches nobody
    /// now is kept, not unhandled.
    let isRetained: Bool

    /// A message of a conversation that reports unhandled messages.
    ///
    /// - Parameter name: The message's name.
    public init(_ name: String) {
        self.init(name: name, isQuiet: false)
    }

    /// A message named by a string literal, such as the `#function` of a relaying default.
    ///
    /// - Parameter value: The message's name.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A message of a quiet conversation: nobody handling it is normal, so it is not reported.
    ///
    /// - Parameter name: The message's name; the default, `#function`, names the calling default.
    /// - Returns: The message, marked quiet.
    public static func quiet(_ name: String = #function) -> Message {
        Message(name: name, isQuiet: true)
    }

    private init(name: String, isQuiet: Bool, isRetained: Bool = false) {
        self.name = name
        self.isQuiet = isQuiet
        self.isRetained = isRetained
    }

    /// A retained message kept under `key` (``CommunicationCenter/sendRetained(_:message:fileID:line:_:)``),
    /// quiet when its relay says so.
    static func retained(_ key: String, isQuiet: Bool = false) -> Message {
        Message(name: key, isQuiet: isQuiet, isRetained: true)
    }

    /// The message's name.
    public var description: String { name }
}
