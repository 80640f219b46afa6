import BCKit
import BCKitModules

/// Answers `shop://goods/detail/:id<Int>` with the goods-detail screen of that article.
///
/// An article the store does not sell is declined at the route (the handler's `accepts`), so the
/// navigation ends in the app's unmatched handler with a "not found" line, never on an empty
/// screen.
final class GoodsModule: Module {
    weak var owner: Owner?
    private weak var app: ShopApp?

    init(app: ShopApp?) {
        self.app = app
    }

    func handler(for route: ModuleRoute) -> ModuleRouteHandler? {
        ModuleRouteHandler(
            accepts: { [weak self] request in self?.sells(request) ?? false },
            handle: { [weak self] request in self?.show(request) }
        )
    }

    /// Whether the store has the article the request names; says so when it has not.
    private func sells(_ request: RouteRequest) -> Bool {
        guard let app, let id = request.parameters.value("id", as: Int.self) else { return false }
        guard app.store.goods(id: id) != nil else {
            app.transcript.line("Goods module: the store has no goods #\(id); declines \(request.url)")
            return false
        }
        return true
    }

    private func show(_ request: RouteRequest) {
        guard let app, let id = request.parameters.value("id", as: Int.self) else { return }
        app.push(
            GoodsDetailScreen(
                goodsID: id, store: app.store, transcript: app.transcript, signedIn: app.account.signedIn),
            route: request.url
        )
    }
}
