import BCKit

/// Answers `HostServiceConversation` for one console screen: what the screen's controllers ask of
/// their screen goes to the app (navigation) or to the transcript (alerts and filled slots, which
/// the console shows as lines).
///
/// The ``Session`` driving a screen attaches one, so a controller asks `center.navigate(to:)` or
/// `center.showAlert(_:)` and knows neither the app nor the screen's type; a test swaps in
/// BCKitTesting's `HostServicesStub`. It holds the screen and the app weakly: the app holds the
/// sessions, and a session its screen. A screen driven without an app (a bare ``Session``) writes
/// down where it was asked to go, and stays.
final class ScreenServicesController: BusinessController, HostServiceConversation {
    /// Above every shop controller's priority, so the services come first.
    static let priority = 1_000

    weak var owner: Owner?
    private weak var screen: (any Screen)?
    private weak var app: ShopApp?
    private let transcript: Transcript

    /// Creates the services of one screen.
    ///
    /// - Parameters:
    ///   - screen: The screen they serve.
    ///   - app: The app that navigates, or `nil` for a screen driven alone.
    ///   - transcript: Where alerts and slots are shown.
    init(screen: any Screen, app: ShopApp?, transcript: Transcript) {
        self.screen = screen
        self.app = app
        self.transcript = transcript
    }

    private var screenName: String { screen?.owner.name ?? "a closed screen" }

    func fill(_ slot: String, with view: AnyObject) {
        transcript.line("\(screenName) shows \(view) in its \(slot)")
    }

    func navigate(to route: String) -> HostNavigationOutcome {
        guard let app else {
            transcript.line("\(screenName) is driven alone: no app opens \(route)")
            return .declined("\(screenName) is driven alone, with no app to open it")
        }
        return app.open(route)
    }

    func present(_ presented: AnyObject) {
        guard let shown = presented as? any Screen else {
            transcript.line("\(screenName) cannot present a \(type(of: presented)): the console presents only screens")
            return
        }
        guard let app else {
            transcript.line("\(screenName) is driven alone: no app presents \(shown.owner.name)")
            return
        }
        app.push(shown)
    }

    func dismiss() {
        guard let app, let screen else {
            transcript.line("\(screenName) is driven alone: no app dismisses it")
            return
        }
        app.dismiss(screen)
    }

    func showAlert(_ alert: HostAlert) {
        transcript.line("\(screenName) shows an alert: \(alert)")
    }
}
