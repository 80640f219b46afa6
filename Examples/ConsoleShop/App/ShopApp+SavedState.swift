import BCKit
public import BCKitModules

// `--state FILE`: the app saves what is the app's (the shopper, the cart, which screen is open)
// and the open screen's owner saves its controllers' pieces; a relaunch puts the app's part back
// itself and hands the screen's owner its archive, so each controller gets its own piece back.

extension ShopApp {
    /// The route of the home screen, which every launch opens first.
    static let homeRoute = "shop://home"

    /// Starts the modules and brings back what a previous run saved in `path`, as `--state FILE`
    /// asks; a run with nothing to restore is a first run.
    ///
    /// No file yet is a first run, and the transcript says so. A file that cannot be read, is not
    /// a saved state or is of another version is reported through `warn`, naming the file and what
    /// to do, and the run starts afresh: it never fails the launch.
    ///
    /// - Parameters:
    ///   - path: The file a previous run's ``saveState(to:)`` wrote.
    ///   - warn: Receives the one line that says why the file was not restored, for standard error.
    /// - Throws: A ``ModuleError`` when a module fails to start or its routes conflict.
    public func launch(restoringFrom path: String, warn: (String) -> Void) async throws(ModuleError) {
        let state: ShopState?
        do {
            state = try ShopState.read(from: path)
            if state == nil {
                transcript.line("no saved state yet: a first run; the state is saved when the session ends")
            }
        } catch {
            warn("\(error)")
            transcript.line("the saved state was not restored (see the error): a first run")
            state = nil
        }
        try await launch(restoring: state)
    }

    /// Starts the modules and opens the home screen, then brings `state` back: the shopper signed
    /// in, the cart refilled, and the saved screen reopened over home with its controllers'
    /// pieces.
    ///
    /// The shopper is signed in quietly, as the app coming back rather than a `login`: nothing
    /// waited for them. The cart's units are taken from the warehouse again, as adding them did;
    /// a line the store no longer sells or has too few of is left out, with a line saying so. The
    /// saved route opens as a link from outside the app, since a file is outside input: only the
    /// routes modules.json marks `external` open. Its screen's owner restores from
    /// ``ShopState/archive`` after its session's tracer is installed and before it loads, so
    /// `--trace` shows a `restored` line for each controller that gets a piece back. A route that
    /// no longer opens (an article the store stopped selling) leaves the home screen on show, and
    /// a line says so. One line at the end sums up what was restored.
    ///
    /// - Parameter state: What ``savedState()`` gave in a previous run, or `nil` for a first run.
    /// - Throws: A ``ModuleError`` when a module fails to start or its routes conflict.
    public func launch(restoring state: ShopState?) async throws(ModuleError) {
        guard let state else {
            try await host.launch()
            open(Self.homeRoute)
            return
        }
        if let user = state.user { account.signIn(as: user) }
        let units = refillCart(from: state.cart)
        try await host.launch()
        let screen = reopen(state.route ?? Self.homeRoute, restoring: state.archive ?? SavedStateArchive())
        let who = state.user.map { "signed in as \($0)" } ?? "signed out"
        transcript.line("restored the saved state: \(who), \(Self.items(units)) in the cart, \(screen)")
    }

    /// Opens the home screen, then the saved screen over it, whose owner restores from `archive`
    /// when it is pushed.
    ///
    /// - Returns: What became of the saved screen, for the summing-up line.
    private func reopen(_ route: String, restoring archive: SavedStateArchive) -> String {
        if route == Self.homeRoute { pendingRestore = (route, archive) }
        open(Self.homeRoute)
        if route != Self.homeRoute {
            transcript.line("the saved screen reopens over home, as a link from outside: \(route)")
            pendingRestore = (route, archive)
            openLink(route)
        }
        // The push of the route takes the archive; one still pending found no screen to restore.
        let reopened = pendingRestore == nil
        pendingRestore = nil
        guard reopened else {
            transcript.line("the saved screen \(route) no longer opens; its saved pieces are dropped")
            return "\(current?.route ?? Self.homeRoute) instead of \(route)"
        }
        let restored = current?.tracer.restoredControllers ?? []
        guard !restored.isEmpty else { return "\(route) reopened, no controller had a piece to restore" }
        let pieces = restored.count == 1 ? "its piece" : "their pieces"
        return "\(route) reopened, \(restored.joined(separator: ", ")) got \(pieces) back"
    }

    /// What to save now: the shopper, the cart, and the top screen that reopens by URL with its
    /// owner's archive (``Owner/saveState()``); the login screen is passed over for the screen
    /// under it, since what it waited for is not saved.
    ///
    /// - Returns: The state, of ``ShopState/currentVersion``.
    public func savedState() -> ShopState {
        let open = sessions.last { $0.route != nil }
        let archive = open?.screen.owner.saveState()
        return ShopState(
            user: account.user,
            cart: store.cart.sorted { $0.key < $1.key }.map { ShopState.CartLine(goodsID: $0.key, units: $0.value) },
            route: open?.route,
            archive: archive?.isEmpty == false ? archive : nil
        )
    }

    /// Writes ``savedState()`` to `path`, as `--state FILE` asks when the session ends, and says
    /// in one line what was saved.
    ///
    /// - Parameter path: The file; written atomically.
    /// - Throws: ``ShopStateError/notWritten(_:reason:)`` when it cannot be written.
    public func saveState(to path: String) throws(ShopStateError) {
        let state = savedState()
        try state.write(to: path)
        let who = state.user.map { "signed in as \($0)" } ?? "signed out"
        let units = state.cart.reduce(0) { $0 + $1.units }
        let keys = state.archive?.keys ?? []
        let named = keys.count == 1 ? "its piece" : "its pieces"
        let pieces = keys.isEmpty ? "no piece" : "\(named) \(keys.joined(separator: ", "))"
        let screen = state.route ?? Self.homeRoute
        transcript.line("saved the state: \(who), \(Self.items(units)) in the cart, \(screen) open with \(pieces)")
    }

    /// Hands the reopened screen's controllers their pieces.
    func restore(_ session: Session, from archive: SavedStateArchive) {
        do {
            try session.screen.owner.restoreState(from: archive)
        } catch {
            transcript.line("\(session.screen.owner.name) did not restore its saved pieces: \(error)")
        }
    }

    /// Puts the saved cart back; returns the units put back.
    private func refillCart(from lines: [ShopState.CartLine]) -> Int {
        var units = 0
        for line in lines {
            guard line.units > 0 else {
                transcript.line("left out of the restored cart: \(line.units) units of #\(line.goodsID) is no quantity")
                continue
            }
            guard store.addToCart(goodsID: line.goodsID, units: line.units) else {
                let left =
                    store.goods(id: line.goodsID).map { "only \($0.stock) left" } ?? "the store has no such goods"
                transcript.line("left out of the restored cart: \(line.units) of #\(line.goodsID); \(left)")
                continue
            }
            units += line.units
        }
        return units
    }

    /// `1 item`, `3 items`.
    private static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }
}
