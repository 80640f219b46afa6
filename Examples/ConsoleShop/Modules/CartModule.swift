import BCKit
import BCKitModules

/// Answers `shop://cart` with the cart screen and `shop://cart/add/:id<Int>` (behind the
/// `signedIn` guard) by adding the article.
final class CartModule: Module {
    weak var owner: Owner?
    private weak var app: ShopApp?

    init(app: ShopApp?) {
        self.app = app
    }

    func handle(_ request: RouteRequest) {
        guard let app else { return }
        if request.routeName == "cart.add" {
            guard let id = request.parameters.value("id", as: Int.self) else { return }
            app.addToCart(goodsID: id)
        } else {
            app.push(CartScreen(store: app.store, transcript: app.transcript))
        }
    }
}
