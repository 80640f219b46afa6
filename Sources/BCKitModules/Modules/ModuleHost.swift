public import BCKit

/// Hosts an app's modules: orders them, attaches them to one app-level `Owner`,
/// builds their services and routes at launch, starts them and carries app events and directed
/// notifications to them through the owner's communication center.
///
/// ```swift
/// let host = ModuleHost()
/// try host.register(CartModule(), info: ModuleInfo(id: "cart", priority: 50, level: .feature),
///                   routes: [ModuleRoute("shop://cart", name: "cart")])
/// host.guards = [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
/// try await host.launch()
/// try host.open("shop://cart")
/// ```
///
/// ## Launch
/// ``launch()`` runs once: every module registers its services (in start order) into one
/// frozen ``ServiceRegistry``; every module route goes into one frozen ``Router`` behind a
/// ``Navigator``; then each module starts, in priority order (higher first, ties in registration
/// order). A module's start is awaited before the next begins, unless its
/// ``ModuleInfo/startsConcurrently`` is set: then the next module begins as soon as that start
/// suspends. Once every start has finished, ``AppEventConversation/appDidLaunch()`` reaches
/// every module. The first failure, in time, stops the launch: no module starts after it, the
/// concurrent starts still running are cancelled, and ``launch()`` throws once they have ended,
/// without announcing the launch. A host launches once, even when its launch failed.
@MainActor
public final class ModuleHost {
    /// The app-level owner; every module is one of its business controllers.
    public let owner: Owner

    /// Guards the modules' routes may require, each with its own name; set before ``launch()``,
    /// which checks them (``ModuleError/invalidGuards(_:)``).
    ///
    /// > Important: Setting it once ``launch()`` has begun stops the program with a message that
    /// > says to set it before the launch: the navigator is built with the guards the launch
    /// > checked, and the navigations held on them, so a later list would never take effect.
    public var guards: [RouteGuard] = [] {
        willSet {
            if isLaunched {
                // fatalError, not preconditionFailure: optimized builds drop a precondition's message.
                fatalError(
                    "BCKitModules: ModuleHost.guards was set after launch(); the navigator keeps the guards the "
                        + "launch checked, so set every guard before launch().")
            }
        }
    }

    /// Receives `http` and `https` URLs.
    ///
    /// Before ``launch()`` the host keeps it for the navigator it builds; after, it is the
    /// ``navigator``'s own ``Navigator/webHandler``, so a change takes effect at the next URL.
    public var webHandler: RouteHandler? {
        get { if let navigator { navigator.webHandler } else { webHandlerBeforeLaunch } }
        set {
            if let navigator { navigator.webHandler = newValue } else { webHandlerBeforeLaunch = newValue }
        }
    }

    /// Receives URLs no route matches, and the matches every route declined.
    ///
    /// Before ``launch()`` the host keeps it for the navigator it builds; after, it is the
    /// ``navigator``'s own ``Navigator/unmatchedHandler``, so a change takes effect at the next URL.
    public var unmatchedHandler: RouteHandler? {
        get { if let navigator { navigator.unmatchedHandler } else { unmatchedHandlerBeforeLaunch } }
        set {
            if let navigator {
                navigator.unmatchedHandler = newValue
            } else {
                unmatchedHandlerBeforeLaunch = newValue
            }
        }
    }

    /// The schemes links from outside the app may use. See ``Navigator/externalSchemes``.
    ///
    /// Before ``launch()`` the host keeps them for the navigator it builds; after, they are the
    /// ``navigator``'s own, kept lower-cased, so a change takes effect at the next URL.
    public var externalSchemes: Set<String> {
        get { if let navigator { navigator.externalSchemes } else { externalSchemesBeforeLaunch } }
        set {
            if let navigator {
                navigator.externalSchemes = newValue
            } else {
                externalSchemesBeforeLaunch = newValue
            }
        }
    }

    /// The navigation settings made before the launch, for the navigator it builds; unused once
    /// the navigator exists, which then holds the only copy.
    var webHandlerBeforeLaunch: RouteHandler?
    var unmatchedHandlerBeforeLaunch: RouteHandler?
    var externalSchemesBeforeLaunch: Set<String> = []

    /// The services the modules registered; empty before ``launch()``, and after a launch that
    /// failed before building them, where resolving any service throws
    /// ``ServiceError/hostNotLaunched(_:)``.
    public internal(set) var services = ServiceRegistry.beforeHostLaunch

    /// The navigator over the modules' routes; `nil` before ``launch()``, and again once a launch
    /// failed.
    public internal(set) var navigator: Navigator?

    /// The modules in start order.
    var records: [ModuleRecord] = []
    /// Each module's information by the module object's identity, for notifications.
    var infoByObject: [ObjectIdentifier: ModuleInfo] = [:]
    /// Each module by identifier.
    var modulesByID: [String: any Module] = [:]
    /// Where the host is in its one launch.
    var launchState = LaunchState.notLaunched

    /// A host launches once.
    enum LaunchState {
        /// ``launch()`` was not called yet.
        case notLaunched
        /// The launch is running or done.
        case launched
        /// The launch failed, so the host opens no URL.
        case failed(ModuleError)
    }

    /// Whether ``launch()`` was called, whatever came of it.
    var isLaunched: Bool {
        if case .notLaunched = launchState { false } else { true }
    }

    /// Creates a host with no modules.
    ///
    /// - Parameter name: The app owner's name, for descriptions and traces.
    public init(name: String = "App") {
        owner = Owner(name: name)
    }

    /// The modules' information, in start order.
    public var modules: [ModuleInfo] { records.map(\.info) }

    /// A module by identifier.
    ///
    /// - Parameter id: The module's identifier.
    /// - Returns: The module, or `nil`.
    public func module(id: String) -> (any Module)? {
        modulesByID[id]
    }

    /// Adds a module.
    ///
    /// - Parameters:
    ///   - module: The module.
    ///   - info: Its identifier, name, priority and level.
    ///   - routes: The routes it answers, each through ``Module/handler(for:)`` or ``Module/handle(_:)``.
    /// - Throws: A ``ModuleError`` when the host is launched, the identifier is taken or the
    ///   module is attached elsewhere.
    public func register(_ module: any Module, info: ModuleInfo, routes: [ModuleRoute] = []) throws(ModuleError) {
        guard !isLaunched else { throw .alreadyLaunched }
        guard modulesByID[info.id] == nil else { throw .duplicateModule(info.id) }
        do {
            try owner.attach(module, priority: info.priority)
        } catch {
            throw .attachRefused(info.id, reason: error.description)
        }
        // Same rule as the owner's order: higher priority first, ties in registration order.
        let position = records.partitioningIndex { $0.info.priority < info.priority }
        records.insert(ModuleRecord(info: info, module: module, routes: routes), at: position)
        infoByObject[ObjectIdentifier(module)] = info
        modulesByID[info.id] = module
    }
}

/// One registered module.
struct ModuleRecord {
    let info: ModuleInfo
    let module: any Module
    let routes: [ModuleRoute]
}
