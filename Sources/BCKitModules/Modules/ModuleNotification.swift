/// A notification one module sends to the modules of other levels.
///
/// ```swift
/// try host.broadcastDown(ModuleNotification("sessionDidChange", payload: ["user": "ada"]), from: "session")
/// ```
public struct ModuleNotification: Sendable, CustomStringConvertible {
    /// What happened, such as `sessionDidChange`.
    public let name: String

    /// Details.
    public let payload: [String: any Sendable]

    /// Creates a notification.
    ///
    /// - Parameters:
    ///   - name: What happened.
    ///   - payload: Details.
    public init(_ name: String, payload: [String: any Sendable] = [:]) {
        self.name = name
        self.payload = payload
    }

    /// The notification's name.
    public var description: String { name }
}

/// Receives notifications from modules of other levels; see ``ModuleHost/broadcastDown(_:from:to:)``
/// and ``ModuleHost/reportUp(_:from:to:)``.
@MainActor
public protocol ModuleNotificationConversation: AnyObject {
    /// A module of another level sent a notification this module's level is meant to hear.
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - sender: The sending module.
    func moduleDidReceive(_ notification: ModuleNotification, from sender: ModuleInfo)
}

// MARK: - Default implementations

extension ModuleNotificationConversation {
    /// Does nothing.
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - sender: The sending module.
    public func moduleDidReceive(_ notification: ModuleNotification, from sender: ModuleInfo) {}
}
