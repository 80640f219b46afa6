public import BCKit
public import Foundation

/// Every one-call form, in a public conversation of a library target.
public protocol CartConversation: Conversation {
    /// The cart now holds `count` units; a controller attached later still learns it.
    ///
    /// - Retained
    func cartDidChange(count: Int)

    /// The cart was emptied.
    func cartWasCleared()

    /// The cart's title, from the first controller that knows it.
    func cartTitle() -> String?

    /// Checks the cart; every receiver is asked, then their errors are thrown together.
    func validateCart() throws

    /// Saves the cart, one receiver after another.
    func saveCart() async

    /// The cart was synced; nobody handling it is normal.
    ///
    /// - Quiet
    func cartDidSync(with url: URL)

    #if DEBUG
        /// A debug build's dump of one line.
        func cartDebugDump(_: (line: Int, text: String))
    #endif

    /// A generic message with a closure parameter.
    func cartDidPick<Item: Sendable>(_ item: Item, then done: () -> Void) where Item: CustomStringConvertible

    /// The owner's name, as a read-only question.
    var cartOwnerName: String? { get }
}
