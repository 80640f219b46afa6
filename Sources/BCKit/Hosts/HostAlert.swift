/// An alert a controller asks its screen to show: a title, a message and the choices it offers.
///
/// ```swift
/// center.showAlert(HostAlert(title: "Out of stock", message: "Only 2 left.", actions: ["OK"]))
/// ```
public struct HostAlert: Hashable, Sendable, CustomStringConvertible {
    /// The alert's title.
    public var title: String
    /// The text under the title.
    public var message: String
    /// The buttons' titles, in order.
    public var actions: [String]

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The text under the title.
    ///   - actions: The buttons' titles; one "OK" by default. A host shows an empty list with one
    ///     "OK" button anyway (AppKit's `NSAlert` does so itself), so the alert can be closed.
    public init(title: String, message: String = "", actions: [String] = ["OK"]) {
        self.title = title
        self.message = message
        self.actions = actions
    }

    /// `title: message [action, …]`.
    public var description: String {
        "\(title): \(message) [\(actions.joined(separator: ", "))]"
    }
}
