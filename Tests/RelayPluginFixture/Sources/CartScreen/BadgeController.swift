import BCKit

/// A controller whose handlers live in extensions in other files.
public final class BadgeController: BusinessController {
    /// The owner it is attached to.
    public weak var owner: Owner?
    /// What the controller heard, in order.
    public private(set) var heard: [String] = []
    let name: String

    /// Makes a badge that prefixes what it hears with `name`.
    public init(name: String) {
        self.name = name
    }

    func hear(_ line: String) {
        heard.append("\(name) \(line)")
    }

    /// Clears the badge alone: a deliberate near-name of `cartWasCleared()`, which the relay
    /// plugin would otherwise warn about, since this type speaks `CartConversation`.
    ///
    /// - NotAMessage
    public func cartWasClear() { hear("cartWasClear") }
}
