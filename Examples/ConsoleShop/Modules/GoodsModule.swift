import BCKit
import BCKitModules

/// Answers `shop://goods/detail/:id<Int>` with the goods-detail screen of that article.
final class GoodsModule: Module {
    weak var owner: Owner?
    private weak var app: ShopApp?

    init(app: ShopApp?) {
        self.app = app
    }

    func handle(_ request: RouteRequest) {
        guard let app, let id = request.parameters.value("id", as: Int.self) else { return }
        app.push(GoodsDetailScreen(goodsID: id, store: app.store, transcript: app.transcript))
    }
}
