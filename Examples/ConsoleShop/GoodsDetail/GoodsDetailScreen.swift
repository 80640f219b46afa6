public import BCKit

/// The goods-detail screen: one ``Owner`` with seven business controllers that never reference
/// each other.
///
/// - Refresh (priority 100, so it loads first): loads the goods and sends `GoodsConversation`,
///   answers `GoodsQuery`, and on a pull to refresh gathers `ReloadConversation` replies.
/// - Header: shows the title; hears `GoodsConversation`.
/// - Price: shows the price; hears `GoodsConversation`, replies to `ReloadConversation`.
/// - Stock: shows and knows the stock; answers `StockQuery`, hears `GoodsConversation` and
///   `CartConversation`, replies to `ReloadConversation`.
/// - AddToCart: the button; waits for the shopper to be signed in (the account's `signedIn`
///   barrier), asks `StockQuery`, sends `CartConversation`, and asks the screen to show an alert
///   when it cannot sell.
/// - Recommendations: related goods; hears `GoodsConversation`, replies to `ReloadConversation`.
/// - CartBadge: the cart count; hears `CartConversation`, and on a tap asks the screen to open
///   `shop://cart`.
///
/// The shopper's gestures reach the screen as `AddToCartTapConversation`,
/// `CartBadgeTapConversation` and `PullToRefreshConversation` messages sent by the host. What the
/// controllers ask of the screen goes through `HostServiceConversation`, answered by the
/// ``ScreenServicesController`` the session attaches, so no controller knows the app.
///
/// ```swift
/// let screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: .standardOutput())
/// try screen.owner.didLoad()
/// ```
@MainActor
public final class GoodsDetailScreen: Screen {
    /// The owner holding the screen's controllers; the screen is its host.
    public let owner: Owner
    /// Every controller the screen made, in attach order.
    public let parts: [ScreenPart]
    /// The article the screen shows.
    public let goodsID: Int

    /// Builds the screen and attaches its controllers; the owner is not loaded yet.
    ///
    /// - Parameters:
    ///   - goodsID: The article to show, as `shop://goods/detail/:id` would carry it.
    ///   - store: The shop's back end.
    ///   - transcript: Where the controllers say what they do.
    ///   - signedIn: What adding to the cart waits for: the account's barrier in the app; by
    ///     default, for a screen driven alone, a shopper signed in already.
    public init(
        goodsID: Int,
        store: Store,
        transcript: Transcript,
        signedIn: Barrier<String> = Barrier("signedIn", overcomeWith: "shopper")
    ) {
        self.goodsID = goodsID
        owner = Owner(name: "GoodsDetail")
        parts = [
            ScreenPart(
                name: "Refresh",
                controller: RefreshController(goodsID: goodsID, store: store, transcript: transcript),
                priority: 100
            ),
            ScreenPart(name: "Header", controller: HeaderController(transcript: transcript)),
            ScreenPart(name: "Price", controller: PriceController(store: store, transcript: transcript)),
            ScreenPart(name: "Stock", controller: StockController(store: store, transcript: transcript)),
            ScreenPart(
                name: "AddToCart",
                controller: AddToCartController(store: store, transcript: transcript, signedIn: signedIn)
            ),
            ScreenPart(
                name: "Recommendations",
                controller: RecommendationsController(store: store, transcript: transcript)
            ),
            ScreenPart(name: "CartBadge", controller: CartBadgeController(store: store, transcript: transcript)),
        ]
        owner.host = self
        for part in parts {
            do {
                try owner.attach(part.controller, priority: part.priority)
            } catch {
                preconditionFailure("GoodsDetailScreen could not attach \(part.name) to a fresh owner: \(error)")
            }
        }
        // Tables built now list every conversation in `describe` before anything was sent.
        owner.center.prepare((any GoodsConversation).self)
        owner.center.prepare((any GoodsQuery).self)
        owner.center.prepare((any StockQuery).self)
        owner.center.prepare((any CartConversation).self)
        owner.center.prepare((any ReloadConversation).self)
        owner.center.prepare((any AddToCartTapConversation).self)
        owner.center.prepare((any PullToRefreshConversation).self)
        owner.center.prepare((any CartBadgeTapConversation).self)
    }
}
