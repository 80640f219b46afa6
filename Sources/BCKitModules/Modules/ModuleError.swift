/// Why the module host refused a registration, a launch or a directed notification.
///
/// ```swift
/// #expect(throws: ModuleError.wrongDirection(sender: "cart", from: .feature, to: .feature, direction: .reportUp)) {
///     try host.reportUp(note, from: "cart", to: .feature)
/// }
/// ```
public struct ModuleError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case duplicateModule(String)
        case attachRefused(String, String)
        case alreadyLaunched
        case unknownModule(String)
        case serviceRegistration(String, ServiceError)
        case routeRegistration(String, RouteError)
        case startFailed(String, String)
        case invalidGuards(RouteError)
        case wrongDirection(String, ModuleLevel, ModuleLevel, Direction)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// Two modules share an identifier.
    ///
    /// - Parameter id: The identifier.
    public static func duplicateModule(_ id: String) -> Self { Self(.duplicateModule(id)) }

    /// The app owner refused to attach the module (it is attached already, or elsewhere).
    ///
    /// - Parameters:
    ///   - id: The module's identifier.
    ///   - reason: The owner's refusal, described.
    public static func attachRefused(_ id: String, reason: String) -> Self { Self(.attachRefused(id, reason)) }

    /// The host was launched already; modules register before the launch and it happens once.
    public static let alreadyLaunched = Self(.alreadyLaunched)

    /// No module has this identifier.
    ///
    /// - Parameter id: The identifier.
    public static func unknownModule(_ id: String) -> Self { Self(.unknownModule(id)) }

    /// A module's service registration was refused.
    ///
    /// - Parameters:
    ///   - id: The module's identifier.
    ///   - error: The registry's error.
    public static func serviceRegistration(_ id: String, _ error: ServiceError) -> Self {
        Self(.serviceRegistration(id, error))
    }

    /// One of a module's routes was refused.
    ///
    /// - Parameters:
    ///   - id: The module's identifier.
    ///   - error: The router's error.
    public static func routeRegistration(_ id: String, _ error: RouteError) -> Self {
        Self(.routeRegistration(id, error))
    }

    /// A module's start threw.
    ///
    /// - Parameters:
    ///   - id: The module's identifier.
    ///   - reason: What it threw, described.
    public static func startFailed(_ id: String, reason: String) -> Self { Self(.startFailed(id, reason)) }

    /// The host's ``ModuleHost/guards`` were refused when the launch built the navigator: two
    /// share a name (``RouteError/duplicateGuard(_:)``) or one's URL is not a URL.
    ///
    /// - Parameter error: The navigator's error.
    public static func invalidGuards(_ error: RouteError) -> Self { Self(.invalidGuards(error)) }

    /// Which way a directed notification goes between levels; see ``ModuleLevel``.
    public struct Direction: Hashable, Sendable, CustomStringConvertible {
        private let isDown: Bool

        /// Down, to the levels that build on the sender's: ``ModuleHost/broadcastDown(_:from:to:)``.
        public static let broadcastDown = Self(isDown: true)

        /// Up, to the levels the sender's builds on: ``ModuleHost/reportUp(_:from:to:)``.
        public static let reportUp = Self(isDown: false)

        /// `broadcast down` or `report up`.
        public var description: String { isDown ? "broadcast down" : "report up" }
    }

    /// A directed notification was sent the wrong way: a broadcast goes down to the levels of
    /// higher rank, a report up to the levels of lower rank.
    ///
    /// - Parameters:
    ///   - sender: The sending module's identifier.
    ///   - from: The sender's level.
    ///   - to: The level asked for.
    ///   - direction: ``Direction/broadcastDown`` or ``Direction/reportUp``.
    public static func wrongDirection(
        sender: String, from: ModuleLevel, to: ModuleLevel, direction: Direction
    ) -> Self {
        Self(.wrongDirection(sender, from, to, direction))
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch code {
        case .duplicateModule(let id):
            "two modules have the id '\(id)'; give each module its own id."
        case .attachRefused(let id, let reason):
            "module '\(id)' could not join the app owner: \(reason)"
        case .alreadyLaunched:
            "the module host is launched already; register modules before launch(), and launch once "
                + "(after a failed launch, fix what it named and build a new ModuleHost)."
        case .unknownModule(let id):
            "no module has the id '\(id)'."
        case .serviceRegistration(let id, let error):
            "module '\(id)' could not register its services: \(error)"
        case .routeRegistration(let id, let error):
            "module '\(id)' could not register its routes: \(error)"
        case .startFailed(let id, let reason):
            "module '\(id)' failed to start: \(reason)"
        case .invalidGuards(let error):
            "the module host's guards were refused: \(error)"
        case .wrongDirection(let sender, let from, let to, let direction):
            direction == .broadcastDown
                ? "module '\(sender)' (\(from)) cannot broadcast down to \(to): a broadcast goes down to the "
                    + "levels that build on the sender's (higher ranks); use reportUp(_:from:to:) to reach lower ranks."
                : "module '\(sender)' (\(from)) cannot report up to \(to): a report goes up to the levels the "
                    + "sender's builds on (lower ranks); use broadcastDown(_:from:to:) to reach higher ranks."
        }
    }
}
