public import BCKit

/// A screen the console session can drive: an ``Owner`` and its named business controllers.
///
/// The session knows screens only through this protocol, so more screens (home, cart, login,
/// opened by URL) can be added without touching it. A screen builds its owner and controllers
/// itself and keeps every controller it made, so a detached one can be attached again by name.
///
/// ```swift
/// let screen: any Screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: transcript)
/// try screen.owner.attach(screen.part(named: "stock").controller)
/// ```
@MainActor
public protocol Screen: AnyObject {
    /// The owner holding the screen's business controllers.
    var owner: Owner { get }

    /// Every business controller the screen made, attached or not, in the screen's order.
    var parts: [ScreenPart] { get }
}

// MARK: - API

extension Screen {
    /// The part whose name matches, ignoring case, dashes and a `Controller` suffix.
    ///
    /// `stock`, `Stock` and `StockController` all name the stock part; `add-to-cart` names
    /// `AddToCart`.
    ///
    /// - Parameter name: The name the user typed.
    /// - Returns: The matching part.
    /// - Throws: ``ScreenError/unknownPart(_:screen:known:)`` when no part has that name.
    public func part(named name: String) throws(ScreenError) -> ScreenPart {
        let wanted = ScreenPart.normalized(name)
        if let found = parts.first(where: { ScreenPart.normalized($0.name) == wanted }) {
            return found
        }
        throw .unknownPart(name, screen: owner.name, known: parts.map(\.name))
    }
}
