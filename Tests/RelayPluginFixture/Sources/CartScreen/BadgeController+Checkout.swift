import BCKit
import CartKit

extension BadgeController: CheckoutConversation, LegacyConversation {
    /// Notes the new count.
    public func cartDidChange(count: Int) { hear("cartDidChange(\(count))") }

    /// Answers with this badge's name.
    public func cartTitle() -> String? { "\(name)'s cart" }

    /// Notes the check; it never fails.
    public func validateCart() throws { hear("validateCart") }

    /// Notes the save.
    public func saveCart() async { hear("saveCart") }

    /// Notes the item and calls `done`.
    public func cartDidPick<Item: Sendable>(_ item: Item, then done: () -> Void) where Item: CustomStringConvertible {
        hear("cartDidPick(\(item))")
        done()
    }

    func checkoutDidStart(items: [String]) { hear("checkoutDidStart(\(items))") }

    func legacyDidHappen() { hear("legacyDidHappen") }
}

extension BadgeController: StockConversation {
    package func stockDidChange(units: Int) { hear("stockDidChange(\(units))") }
}
