import BCKit
import BCKitModules

/// Answers `shop://login` with the login screen; hears the app's launch.
final class AccountModule: Module, AppEventConversation {
    weak var owner: Owner?
    private weak var app: ShopApp?

    init(app: ShopApp?) {
        self.app = app
    }

    func handle(_ request: RouteRequest) {
        guard let app else { return }
        app.push(LoginScreen(transcript: app.transcript))
    }

    func appDidLaunch() {
        guard let app else { return }
        app.transcript.line(
            "Account module: launched, \(app.account.user.map { "signed in as \($0)" } ?? "signed out")")
    }
}
