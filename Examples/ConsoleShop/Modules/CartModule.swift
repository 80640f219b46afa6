import BCKit
import BCKitModules

/// Answers `shop://cart` with the cart screen and `shop://cart/add/:id<Int>` (behind the
/// `signedIn` guard) by adding the article. Each route gets its own handler at launch, so a
/// navigation runs the route's handler directly.
final class CartModule: Module {
    weak var owner: Owner?
    private weak var app: ShopApp?

    init(app: ShopApp?) {
        self.app = app
    }

    func handler(for route: ModuleRoute) -> ModuleRouteHandler? {
        guard route.name == "cart.add" else { return nil }
        return ModuleRouteHandler { [weak self] request in
            guard let id = request.parameters.value("id", as: Int.self) else { return }
            self?.app?.addToCart(goodsID: id)
        }
    }

    func handle(_ request: RouteRequest) {
        guard let app else { return }
        app.push(CartScreen(store: app.store, transcript: app.transcript), route: request.url)
    }
}
