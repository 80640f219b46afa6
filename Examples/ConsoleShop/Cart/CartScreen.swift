public import BCKit

/// The cart: its lines and its total, each a business controller.
@MainActor
public final class CartScreen: Screen {
    /// The owner holding the screen's controllers.
    public let owner = Owner(name: "Cart")
    /// Every controller the screen made.
    public let parts: [ScreenPart]

    /// Builds the screen and attaches its controllers.
    ///
    /// - Parameters:
    ///   - store: The shop's back end.
    ///   - transcript: Where the controllers say what they do.
    public init(store: Store, transcript: Transcript) {
        parts = [
            ScreenPart(name: "CartLines", controller: CartLinesController(store: store, transcript: transcript)),
            ScreenPart(name: "CartTotal", controller: CartTotalController(store: store, transcript: transcript)),
        ]
        owner.host = self
        attachParts()
    }
}
