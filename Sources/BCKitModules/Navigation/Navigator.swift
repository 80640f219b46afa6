public import BCKit
public import Foundation

/// Opens URLs: matches them with a frozen ``Router``, passes their route's guards and calls the
/// handler; `http` and `https` URLs go to the web handler, the rest to the unmatched handler.
///
/// The router is `Sendable` and can be shared anywhere; the navigator calls main-actor handlers
/// and keeps the navigations waiting on guards, so it lives on the main actor.
///
/// ```swift
/// var routes = RouterBuilder<RouteDestination>()
/// try routes.register("shop://login", to: RouteDestination { _ in showLogin() })
/// try routes.register("shop://cart/add/:id<Int>", to: RouteDestination(guards: ["signedIn"]) { request in
///     addToCart(request.parameters.value("id", as: Int.self))
/// })
/// let navigator = try Navigator(
///     router: routes.build(),
///     guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
/// )
/// try navigator.open("shop://cart/add/42")  // shows the login screen; the add waits
/// navigator.guardDidSucceed("signedIn")     // the add runs now
/// ```
///
/// See ``RouteGuard`` for how waiting navigations resume or are dropped. A controller's
/// navigation request reaches it through its screen's `HostServices`, answered by
/// ``navigate(to:)`` with what became of it:
///
/// ```swift
/// relay.provideServices(HostServices(navigate: { route in navigator.navigate(to: route) }))
/// ```
///
/// In debug builds, a URL no route matches while no ``unmatchedHandler`` is set is reported as a
/// `Diagnostic` (cause `unknownRoute`), once per navigator per scheme and host, as is a URL
/// ``navigate(to:)`` refuses (cause `refusedRoute`), and navigations held on a guard whose
/// condition holds (cause `unreportedGuardSuccess`), once per guard per round of waiting, through
/// ``diagnosticOwner``'s diagnostics hook or the app-wide one; never a crash. In every build, a
/// guard's URL that throws when a round of waiting opens it (a handler that declined passed it to
/// a route that refuses it) is reported there too (cause `unopenedGuardURL`).
@MainActor
public final class Navigator {
    /// The routes this navigator opens.
    public let router: Router<RouteDestination>

    /// Guards by name.
    let guards: [String: RouteGuard]

    /// Receives `http` and `https` URLs when set; when `nil` they are routed like any other.
    public var webHandler: RouteHandler?

    /// Receives URLs no route matches.
    public var unmatchedHandler: RouteHandler?

    /// The schemes, lower-cased, that navigations from outside the app may use (such as
    /// `["shop"]`, or `["shop", "https"]` for universal links); none by default, so nothing
    /// opens from outside until the app says which schemes are its own. Schemes are compared
    /// case-insensitively, so a scheme set in any case is kept lower-cased.
    public var externalSchemes: Set<String> = [] {
        // URL schemes are matched lower-cased: a set written `["Shop"]` would otherwise refuse
        // every link of the scheme it names.
        didSet { externalSchemes = Set(externalSchemes.map { $0.lowercased() }) }
    }

    /// The owner whose diagnostics hook (its `onDiagnostic`, inherited, else the app-wide
    /// `Diagnostic.handler`) hears what the navigator reports, such as an unknown route; `nil` for
    /// the app-wide handler alone. ``ModuleHost`` sets its app owner. Held weakly.
    public weak var diagnosticOwner: Owner?

    /// The barrier each guard holds navigations on, by guard name: the app's for a guard built on
    /// one, else one the navigator made.
    var barriers: [String: GuardBarrier] = [:]

    /// The navigations waiting on each guard, in arrival order.
    var waiting: [String: [WaitingNavigation]] = [:]

    /// What the guard calls running now collect, innermost last: the outcomes of the navigations a
    /// success resumed, the URLs a cancel dropped.
    var resumedOutcomes: [[NavigationOutcome]] = []
    var droppedURLs: [[String]] = []

    /// The schemes and hosts whose unknown routes were reported already (debug builds).
    var reportedUnknownRoutes: Set<String> = []

    /// The schemes and hosts whose refused navigations were reported already (debug builds).
    var reportedRefusedRoutes: Set<String> = []

    /// The guards reported this round of waiting for holding navigations while their condition
    /// holds (debug builds).
    var guardsReportedThisRound: Set<String> = []

    /// The modules' information by the module object's identity, which ``ModuleHost`` gives its
    /// navigator so a diagnostic names a module by the identifier the app registered it with.
    var modules: [ObjectIdentifier: ModuleInfo] = [:]

    /// Creates a navigator.
    ///
    /// - Parameters:
    ///   - router: The routes, built with ``RouterBuilder``.
    ///   - guards: The guards the routes name.
    ///   - webHandler: Receives `http` and `https` URLs.
    ///   - unmatchedHandler: Receives URLs no route matches.
    ///   - externalSchemes: The schemes navigations from outside the app may use.
    /// - Throws: ``RouteError/unknownGuard(_:guardName:)`` when a route names a guard not given,
    ///   ``RouteError/duplicateGuard(_:)`` when two guards share a name, the URL's own error (such
    ///   as ``RouteError/missingScheme(_:)``) when a guard's ``RouteGuard/url`` is not a URL, the
    ///   error matching throws (such as ``RouteError/missingQueryParameter(_:name:)``) when the
    ///   route it matches refuses it, and ``RouteError/guardWaitsOnItself(_:through:)`` when a
    ///   guard's URL opens a route that needs that guard, directly or through other guards' URLs. A
    ///   guard's URL that matches no route is allowed: its navigations still wait, and the app can
    ///   satisfy the guard another way.
    public init(
        router: Router<RouteDestination>,
        guards: [RouteGuard] = [],
        webHandler: RouteHandler? = nil,
        unmatchedHandler: RouteHandler? = nil,
        externalSchemes: Set<String> = []
    ) throws(RouteError) {
        var byName: [String: RouteGuard] = [:]
        // What the navigation each guard's URL opens waits on: its route's guards. A URL no route
        // matches waits on nothing.
        var needs: [String: [String]] = [:]
        for routeGuard in guards {
            guard byName[routeGuard.name] == nil else { throw .duplicateGuard(routeGuard.name) }
            // Matched now, not when a navigation first waits on the guard: a broken URL, or one its
            // route refuses (a required query parameter missing), would then fail unseen and the
            // login screen would never open.
            if let url = routeGuard.url, let match = try router.match(url) {
                needs[routeGuard.name] = match.target.guards
            }
            byName[routeGuard.name] = routeGuard
        }
        for route in router.routes {
            for name in route.target.guards where byName[name] == nil {
                throw .unknownGuard(route.pattern.text, guardName: name)
            }
        }
        try Self.checkNoGuardWaitsOnItself(needs, urls: byName.mapValues { $0.url ?? "" })
        self.router = router
        self.guards = byName
        self.webHandler = webHandler
        self.unmatchedHandler = unmatchedHandler
        self.externalSchemes = Set(externalSchemes.map { $0.lowercased() })
        for routeGuard in guards {
            barriers[routeGuard.name] = routeGuard.barrier ?? ownBarrier(for: routeGuard)
        }
    }

    // A navigation held on a guard would otherwise never end once the navigator is gone: its
    // completion never called, the pending outcome a controller waits on never settled. Its wait
    // leaves the barrier's queue too: a barrier the app shares would otherwise count it as a round
    // already started, and never ask for the sign-in again. Isolated, so that a navigator let go on
    // the main actor is done with both before the next line runs, and one made there to replace it
    // starts a round of its own.
    isolated deinit {
        for (guardName, entries) in waiting.sorted(by: { $0.key < $1.key }) {
            for entry in entries {
                entry.wait?.withdraw()
                entry.navigation.drop(by: guardName)
            }
        }
    }

    /// Refuses a guard whose URL opens a route that needs the guard itself, directly or through
    /// other guards' URLs: the login screen would wait for the sign-in it provides.
    ///
    /// - Parameters:
    ///   - needs: The guards the route of each guard's URL needs, by guard name.
    ///   - urls: Each guard's URL, by guard name.
    private static func checkNoGuardWaitsOnItself(
        _ needs: [String: [String]], urls: [String: String]
    ) throws(RouteError) {
        for start in needs.keys.sorted() {
            // Depth first, in route order, remembering the way back to `start`.
            var cameFrom: [String: String] = [:]
            var stack = [start]
            while let name = stack.popLast() {
                for next in needs[name] ?? [] {
                    if next == start {
                        var cycle = [name]
                        while let previous = cameFrom[cycle[0]] { cycle.insert(previous, at: 0) }
                        throw .guardWaitsOnItself(cycle, through: cycle.map { urls[$0] ?? "" })
                    }
                    guard cameFrom[next] == nil else { continue }
                    cameFrom[next] = name
                    stack.append(next)
                }
            }
        }
    }

    /// The barrier of a guard made with a condition: a round opens the guard's URL.
    private func ownBarrier(for routeGuard: RouteGuard) -> GuardBarrier {
        let url = routeGuard.url
        return GuardBarrier(
            Barrier<Void>(routeGuard.name) { [weak self] _ in
                // Opening the guard's own route may fail to match; the navigation still waits,
                // so the app can satisfy the guard another way. A refusal is said, not swallowed:
                // the login screen did not open, and nothing else would tell.
                guard let url, let self else { return }
                do throws(RouteError) {
                    try open(url)
                } catch {
                    reportUnopenedGuardURL(url, of: routeGuard.name, error: error)
                }
            })
    }

    /// Opens a URL.
    ///
    /// - Parameters:
    ///   - url: The URL, such as `shop://goods/detail/42`.
    ///   - context: Complex parameters for the handler, which do not fit in a URL.
    ///   - completion: Handed to the handler through ``RouteRequest/completion``; called with a
    ///     ``NavigationCancellation`` if a guard drops the navigation.
    /// - Returns: Whether the route opened, went to the web or unmatched handler, or waits on a guard.
    /// - Throws: A ``RouteError`` when the URL is malformed or misses a declared query parameter.
    @discardableResult
    public func open(
        _ url: String,
        context: [String: any Sendable] = [:],
        completion: RouteCompletion? = nil
    ) throws(RouteError) -> NavigationOutcome {
        try open(RouteURL(url), text: url, from: .app, context: context, completion: completion)
    }

    /// Opens a URL that comes from a given origin.
    ///
    /// A navigation from ``NavigationOrigin/outside`` (a launch argument, a pasted link) opens
    /// only a route marked external (``RouteDestination/isExternal``) of a scheme in
    /// ``externalSchemes``; the route is chosen as for an in-app navigation, then refused if it
    /// is internal. In-app navigations open every route.
    ///
    /// ```swift
    /// navigator.externalSchemes = ["shop"]
    /// try navigator.open("shop://goods/detail/42", from: .outside)  // an external route: opens
    /// try navigator.open("shop://cart/add/42", from: .outside)      // throws internalRoute
    /// ```
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - origin: Where the navigation comes from.
    ///   - context: Complex parameters for the handler.
    ///   - completion: Handed to the handler; called with a ``NavigationCancellation`` on a drop.
    /// - Returns: What became of the navigation.
    /// - Throws: ``RouteError/schemeNotAllowed(_:scheme:)`` or ``RouteError/internalRoute(_:route:)``
    ///   for an outside navigation it refuses, and the errors of ``open(_:context:completion:)-(String,_,_)``.
    @discardableResult
    public func open(
        _ url: String,
        from origin: NavigationOrigin,
        context: [String: any Sendable] = [:],
        completion: RouteCompletion? = nil
    ) throws(RouteError) -> NavigationOutcome {
        try open(RouteURL(url), text: url, from: origin, context: context, completion: completion)
    }

    /// Opens a URL.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - context: Complex parameters for the handler.
    ///   - completion: Handed to the handler; called with a ``NavigationCancellation`` on a drop.
    /// - Returns: What became of the navigation.
    /// - Throws: A ``RouteError`` when the URL is malformed or misses a declared query parameter.
    @discardableResult
    public func open(
        _ url: URL,
        context: [String: any Sendable] = [:],
        completion: RouteCompletion? = nil
    ) throws(RouteError) -> NavigationOutcome {
        try open(RouteURL(url), text: url.absoluteString, from: .app, context: context, completion: completion)
    }

    /// Opens a URL that comes from a given origin, such as the one an app is handed when another
    /// app or the system opens it.
    ///
    /// ```swift
    /// try navigator.open(url, from: .outside)  // from application(_:open:options:) or onOpenURL
    /// ```
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - origin: Where the navigation comes from.
    ///   - context: Complex parameters for the handler.
    ///   - completion: Handed to the handler; called with a ``NavigationCancellation`` on a drop.
    /// - Returns: What became of the navigation.
    /// - Throws: The errors of ``open(_:from:context:completion:)-(String,_,_,_)``.
    @discardableResult
    public func open(
        _ url: URL,
        from origin: NavigationOrigin,
        context: [String: any Sendable] = [:],
        completion: RouteCompletion? = nil
    ) throws(RouteError) -> NavigationOutcome {
        try open(RouteURL(url), text: url.absoluteString, from: origin, context: context, completion: completion)
    }

    /// Opens a parsed URL. Every refusal (a scheme or an internal route from outside, a missing
    /// query parameter) is thrown before `beforeOpening` runs, and nothing opens before it: a
    /// ``ModuleHost`` announces there only a URL the navigator accepts.
    func open(
        _ url: RouteURL,
        text: String,
        from origin: NavigationOrigin,
        context: [String: any Sendable],
        completion: RouteCompletion?,
        settlement: Barrier<HostNavigationOutcome>? = nil,
        beforeOpening: () -> Void = {}
    ) throws(RouteError) -> NavigationOutcome {
        if origin.isExternal, !externalSchemes.contains(url.scheme) {
            throw .schemeNotAllowed(text, scheme: url.scheme)
        }
        let web = url.scheme == "http" || url.scheme == "https" ? webHandler : nil
        // The route carries its handler: the match the trie found is the one that runs, and a
        // handler that declines sends the lookup on to the next candidate.
        var firstDecline: String?
        var found: RouteMatch<RouteDestination>?
        if web == nil {
            found = try router.match(url) { candidate in
                guard let accepts = candidate.target.accepts else { return true }
                let taken = accepts(
                    RouteRequest(
                        url: text, routeName: candidate.route.name, parameters: candidate.parameters,
                        context: context, completion: completion))
                if !taken, firstDecline == nil { firstDecline = candidate.route.name }
                return taken
            }
        }
        if let found, origin.isExternal, !found.target.isExternal {
            throw .internalRoute(text, route: found.route.name)
        }
        beforeOpening()
        if let web {
            web(RouteRequest(url: text, context: context, completion: completion))
            return .web
        }
        guard let match = found else {
            if let unmatchedHandler {
                unmatchedHandler(RouteRequest(url: text, context: context, completion: completion))
            } else if firstDecline == nil {
                reportUnknownRoute(url, text: text)
            }
            return firstDecline.map { .declined(by: $0) } ?? .unmatched
        }
        let navigation = PendingNavigation(
            url: text, match: match, context: context, completion: completion, settlement: settlement)
        return proceed(navigation, fromGuard: 0)
    }

    /// Checks the route's guards from `first` on, then runs the handler or holds the navigation on
    /// the barrier of the first guard that is unmet or already holds navigations.
    func proceed(_ navigation: PendingNavigation, fromGuard first: Int) -> NavigationOutcome {
        let destination = navigation.match.target
        for position in destination.guards.indices.dropFirst(first) {
            let name = destination.guards[position]
            // The initializer checked every route's guard names and made each one's barrier.
            let routeGuard = guards[name]!
            let barrier = barriers[name]!
            let othersWait = barrier.hasWaiters()
            if routeGuard.isSatisfied() {
                // Only the barrier's overcoming lets held navigations go, in arrival order: one
                // let through on the condition alone would overtake them.
                guard othersWait else { continue }
                reportUnreportedGuardSuccess(name)
            } else if barrier.isOvercome() {
                // A guard whose condition the app answers found the barrier overcome from an
                // earlier success, while the condition says otherwise (signed out since): a new
                // round.
                barrier.reset()
            }
            // The first to wait starts a round, which may report its guard again.
            if !othersWait { guardsReportedThisRound.remove(name) }
            var held = navigation
            held.nextGuard = position + 1
            let entry = WaitingNavigation(held)
            // Listed before it waits: the barrier's `whenNeeded` may resume or drop it at once.
            waiting[name, default: []].append(entry)
            entry.wait = barrier.wait { [weak self] isOvercome in
                self?.end(entry, on: name, isOvercome: isOvercome)
            }
            return .held(by: name)
        }
        let match = navigation.match
        let request = RouteRequest(
            url: navigation.url,
            routeName: match.route.name,
            parameters: match.parameters,
            context: navigation.context,
            completion: navigation.completion
        )
        destination.handler(request)
        // Found only once the handler ran: no module can tell beforehand whether its own
        // handle(_:) or the empty default answers.
        if let module = request.state.defaultHandler {
            reportDefaultHandler(
                type: module.type, identity: module.identity, route: match.route.name, url: navigation.url)
            unmatchedHandler?(
                RouteRequest(url: navigation.url, context: navigation.context, completion: navigation.completion))
            let outcome = NavigationOutcome.declined(by: match.route.name)
            navigation.settlement?.overcome(with: outcome.hostOutcome)
            return outcome
        }
        navigation.settlement?.overcome(with: .opened(match.route.name))
        return .opened(match.route.name)
    }

    /// A held navigation's guard was overcome (it goes on) or cancelled (it is dropped).
    private func end(_ entry: WaitingNavigation, on guardName: String, isOvercome: Bool) {
        waiting[guardName]?.removeAll { $0 === entry }
        let navigation = entry.navigation
        if isOvercome {
            let outcome = proceed(navigation, fromGuard: navigation.nextGuard)
            if !resumedOutcomes.isEmpty { resumedOutcomes[resumedOutcomes.count - 1].append(outcome) }
        } else {
            if !droppedURLs.isEmpty { droppedURLs[droppedURLs.count - 1].append(navigation.url) }
            navigation.drop(by: guardName)
        }
    }
}

/// A matched navigation that may wait on a guard.
struct PendingNavigation: Sendable {
    let url: String
    let match: RouteMatch<RouteDestination>
    let context: [String: any Sendable]
    let completion: RouteCompletion?
    /// Overcome with the navigation's final outcome, for a controller that asked through its
    /// screen (``Navigator/navigate(to:)``); `nil` otherwise.
    var settlement: Barrier<HostNavigationOutcome>?
    var nextGuard = 0

    /// Ends the navigation unopened: its completion gets a ``NavigationCancellation``, and a
    /// controller that asked for it learns it was dropped.
    @MainActor
    func drop(by guardName: String) {
        completion?(NavigationCancellation(url: url, guardName: guardName))
        settlement?.overcome(with: .dropped(by: guardName))
    }
}

/// A navigation held on a guard's barrier: a class, so its guard's list can tell it apart.
@MainActor
final class WaitingNavigation {
    let navigation: PendingNavigation
    /// Its place in the guard barrier's queue; `nil` once the barrier resumed it at once.
    var wait: BarrierWait?

    init(_ navigation: PendingNavigation) {
        self.navigation = navigation
    }

    var url: String { navigation.url }
}
