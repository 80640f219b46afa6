import BCKit
import BCKitModules

/// Answers `shop://home` with the home screen.
final class HomeModule: Module {
    weak var owner: Owner?
    private weak var app: ShopApp?

    init(app: ShopApp?) {
        self.app = app
    }

    func handle(_ request: RouteRequest) {
        guard let app else { return }
        app.push(HomeScreen(store: app.store, account: app.account, transcript: app.transcript), route: request.url)
    }
}
