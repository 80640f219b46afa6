public import BCKit
public import BCKitModules
import Foundation

/// The console shop as an app of modules: `modules.json` declares Account, Home, Goods and
/// Cart, their routes and the `signedIn` guard on `shop://cart/add/:id<Int>`; each module opens
/// its screens by pushing them on a stack of sessions.
///
/// Signing in is the account's barrier (``Account/signedIn``): the goods screen's add-to-cart
/// waits for it, and so does the `signedIn` route guard, built on it. Whoever waits first opens
/// the login screen; `login` overcomes the barrier, `cancel` cancels it.
///
/// ```swift
/// let app = try ShopApp(transcript: .standardOutput())
/// try await app.launch()        // opens shop://home
/// app.open("shop://goods/detail/42")
/// ```
@MainActor
public final class ShopApp {
    /// The shop's back end.
    public let store: Store
    /// Who is signed in; the `signedIn` guard asks it.
    public let account: Account
    /// The module host built from `modules.json`.
    public let host: ModuleHost
    /// Where screens and modules write.
    let transcript: Transcript
    private let trace: Bool
    /// The conversation transcript of every screen, as `--record` asks, or `nil`.
    public let recording: ConversationTranscript?
    /// A tracer every screen opened from now on also reports to, such as the recorder of
    /// `--inspect`, or `nil`.
    public var inspector: (any DispatchTracer)?
    /// One session per open screen; the last one is on top.
    public private(set) var sessions: [Session] = []
    /// The saved screen's route and owner archive while ``launch(restoring:)`` reopens it: the
    /// push of that route restores the new screen's owner from the archive.
    var pendingRestore: (route: String, archive: SavedStateArchive)?

    /// Loads the manifest and registers its modules; call ``launch()`` or ``launch(restoring:)``
    /// next.
    ///
    /// - Parameters:
    ///   - store: The shop's back end.
    ///   - account: Who is signed in.
    ///   - transcript: Where everything is written.
    ///   - trace: Whether every screen's dispatches are written as they happen.
    ///   - records: Whether every screen adds its dispatches to ``recording``, as `--record` asks.
    /// - Throws: A ``ManifestError`` when `modules.json` is broken.
    public init(
        store: Store = .sample(),
        account: Account = Account(),
        transcript: Transcript,
        trace: Bool = false,
        records: Bool = false
    ) throws(ManifestError) {
        self.store = store
        self.account = account
        self.transcript = transcript
        self.trace = trace
        recording = records ? ConversationTranscript() : nil
        host = ModuleHost(name: "Shop")
        host.guards = [RouteGuard(name: "signedIn", barrier: account.signedIn)]
        host.unmatchedHandler = { request in transcript.line("not found: no screen answers \(request.url)") }
        host.webHandler = { request in transcript.line("a browser would open \(request.url)") }
        // Links from outside (a pasted link, --link) may use the shop's own scheme only.
        host.externalSchemes = ["shop"]
        var catalog = ModuleCatalog()
        catalog.register("AccountModule") { [weak self] in AccountModule(app: self) }
        catalog.register("HomeModule") { [weak self] in HomeModule(app: self) }
        catalog.register("GoodsModule") { [weak self] in GoodsModule(app: self) }
        catalog.register("CartModule") { [weak self] in CartModule(app: self) }
        try host.register(ModuleManifest(json: Self.manifest()), catalog: catalog)
        // The first action or navigation to wait for a shopper opens the login screen.
        account.signedIn.whenNeeded = { [weak self] _ in self?.open("shop://login") }
    }

    /// The `modules.json` shipped with the example as a resource.
    static func manifest() -> Data {
        guard let url = Bundle.module.url(forResource: "modules", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { preconditionFailure("ConsoleShop: modules.json is missing from the resources") }
        return data
    }

    /// Starts the modules and opens the home screen.
    ///
    /// - Throws: A ``ModuleError`` when a module fails to start or its routes conflict.
    public func launch() async throws(ModuleError) {
        try await launch(restoring: nil)
    }

    /// Writes ``recording`` to a file, as `--record FILE` asks; does nothing when not recording.
    ///
    /// - Parameter path: The file to write.
    /// - Throws: The file system's error when the file cannot be written.
    public func writeRecording(to path: String) throws {
        guard let recording else { return }
        try recording.text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The session of the screen on top, if any.
    public var current: Session? { sessions.last }

    /// Opens a URL through the modules' navigator and says what became of it.
    ///
    /// - Parameter url: The URL, such as `shop://goods/detail/42`.
    /// - Returns: What became of it, as a controller that asked its screen sees it.
    @discardableResult
    public func open(_ url: String) -> HostNavigationOutcome {
        transcript.line("host opens \(url)")
        // The throwing form, answered as `navigate(to:)` answers: the console prints a refusal
        // itself, which `navigate(to:)` would also report as a diagnostic, printing it twice.
        let outcome: HostNavigationOutcome
        do {
            outcome = try transcript.indented { () throws(RouteError) in try host.open(url) }.hostOutcome
        } catch {
            outcome = .declined(error.description)
        }
        transcript.line("\(url): \(outcome)")
        return outcome
    }

    /// Opens a link that comes from outside the app, as a pasted link or a launch argument
    /// would: only the routes modules.json marks `external` open, and only for `shop://`.
    ///
    /// - Parameter url: The link, such as `shop://goods/detail/42`.
    public func openLink(_ url: String) {
        transcript.line("host opens the outside link \(url)")
        do {
            let outcome = try transcript.indented { () throws(RouteError) in try host.open(url, from: .outside) }
            transcript.line("\(url): \(outcome.hostOutcome)")
        } catch {
            transcript.line("refused: \(error)")
        }
    }

    /// Shows a screen on top of the current one, which disappears.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - route: The URL that opened it and reopens it after a relaunch, or `nil` for a screen
    ///     that is not reopened.
    func push(_ screen: any Screen, route: String? = nil) {
        transcript.line("host pushes \(screen.owner.name)")
        recording?.note("host pushes \(screen.owner.name)")
        transcript.indented {
            current?.perform(.disappear)
            let session = Session(
                screen: screen, transcript: transcript, trace: trace, recording: recording, inspector: inspector,
                app: self, route: route)
            sessions.append(session)
            // After the session's tracer is installed, so `--trace` shows each restore, and before
            // the screen loads, so its controllers start from their saved pieces.
            if let route, let pending = pendingRestore, pending.route == route {
                pendingRestore = nil
                restore(session, from: pending.archive)
            }
            session.perform(.appear)
        }
    }

    /// Closes the screen on top and shows the one below again.
    ///
    /// - Returns: `false` when only one screen is open, so there is nothing to go back to.
    @discardableResult
    public func back() -> Bool {
        guard sessions.count > 1 else {
            transcript.line("nothing to go back to: \(current?.screen.owner.name ?? "no screen") is the first screen")
            return false
        }
        let closing = sessions.removeLast()
        transcript.line("host closes \(closing.screen.owner.name)")
        recording?.note("host closes \(closing.screen.owner.name)")
        transcript.indented {
            closing.perform(.disappear)
            try? closing.screen.owner.tearDown()
            current?.perform(.appear)
        }
        return true
    }

    /// Closes what a screen shows on top of it, or the screen itself when it is on top, as UIKit's
    /// `dismiss` does; what the screens' ``ScreenServicesController`` does when a controller asks
    /// its screen to dismiss.
    ///
    /// - Parameter screen: The screen that asked.
    func dismiss(_ screen: any Screen) {
        guard let index = sessions.firstIndex(where: { $0.screen === screen }) else {
            transcript.line("\(screen.owner.name) asked to dismiss, but it is not open")
            return
        }
        if index == sessions.count - 1 {
            back()
        } else {
            while sessions.count > index + 1, back() {}
        }
    }

    /// Signs in: tells the screen on top (the login screen closes itself when it hears it), then
    /// overcomes the account's barrier, so what waited for a shopper goes on: the navigations the
    /// `signedIn` guard held at once, an action (add-to-cart) in its task right after.
    ///
    /// - Parameter user: The shopper's name.
    public func login(as user: String) {
        transcript.line("signed in as \(user)")
        tellScreenOnTop("accountDidSignIn") { $0.accountDidSignIn(as: user) }
        let waiting = account.signedIn.waiterCount
        transcript.line("signedIn barrier: overcome as \(user); \(Self.waiters(waiting, "go on", "goes on"))")
        transcript.indented { account.signIn(as: user) }
    }

    /// Tells the screen on top that signing in was given up (the login screen closes itself), then
    /// cancels the account's barrier: what waited for a shopper is dropped.
    public func cancelLogin() {
        tellScreenOnTop("signInWasCancelled") { $0.signInWasCancelled() }
        let waiting = account.signedIn.waiterCount
        let dropped = transcript.indented { host.navigator?.guardDidCancel("signedIn") ?? [] }
        let navigations = dropped.isEmpty ? "" : " (\(dropped.joined(separator: ", ")))"
        transcript.line("signedIn barrier: cancelled; \(Self.waiters(waiting, "dropped", "dropped"))\(navigations)")
    }

    /// `nothing waited`, `1 waiter goes on`, `2 waiters go on`.
    private static func waiters(_ count: Int, _ plural: String, _ singular: String) -> String {
        switch count {
        case 0: "nothing waited"
        case 1: "1 waiter \(singular)"
        default: "\(count) waiters \(plural)"
        }
    }

    /// Sends the screen on top an ``AccountConversation`` message, as the host; a screen that does
    /// not speak it (signing in from the home screen) ignores it.
    private func tellScreenOnTop(_ message: String, _ deliver: (any AccountConversation) -> Void) {
        guard let owner = current?.screen.owner else { return }
        transcript.line("host -> AccountConversation.\(message) on \(owner.name)")
        transcript.indented { _ = owner.center.quietly.send((any AccountConversation).self, deliver) }
    }

    /// Signs out.
    public func logout() {
        account.signOut()
        transcript.line("signed out")
    }

    /// Writes every route: name, pattern, the guards it requires and whether outside links may
    /// open it.
    public func listRoutes() {
        let routes = host.navigator?.router.routes ?? []
        let width = routes.map(\.name.count).max() ?? 0
        for route in routes {
            let guards = route.target.guards.isEmpty ? "" : "  (guard: \(route.target.guards.joined(separator: ", ")))"
            let external = route.target.isExternal ? "  (external)" : ""
            let padding = String(repeating: " ", count: width - route.name.count)
            transcript.line("\(route.name)\(padding)  \(route.pattern.text)\(guards)\(external)")
        }
    }

    /// Adds one unit to the cart: through the goods screen's button when that article is on
    /// show, so its controllers hear about it, else straight through the store.
    func addToCart(goodsID: Int) {
        if let screen = current?.screen as? GoodsDetailScreen, screen.goodsID == goodsID {
            current?.perform(.addToCart)
            return
        }
        let added = store.addToCart(goodsID: goodsID)
        transcript.line(added ? "put 1 of #\(goodsID) in the cart" : "refused: #\(goodsID) is unknown or sold out")
    }
}
