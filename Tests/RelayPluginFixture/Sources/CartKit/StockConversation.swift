package import BCKit

/// A package conversation: its relays are `package`.
package protocol StockConversation: Conversation {
    /// The units in stock changed.
    func stockDidChange(units: Int)
}
