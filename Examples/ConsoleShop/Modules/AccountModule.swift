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
        // No route to reopen it by: after a relaunch nothing waits for it, since a waiting add is
        // not saved, so `--state` saves the screen under it.
        app.push(LoginScreen(transcript: app.transcript))
    }

    func appDidLaunch() {
        guard let app else { return }
        app.transcript.line(
            "Account module: launched, \(app.account.user.map { "signed in as \($0)" } ?? "signed out")")
    }
}
