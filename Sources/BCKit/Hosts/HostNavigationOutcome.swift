/// What became of a navigation a controller asked its screen for
/// (``HostServiceConversation/navigate(to:)``): opened, held by a guard (and later opened or
/// dropped), declined, unmatched, or no host answered.
///
/// ```swift
/// func checkoutTapped() {
///     let outcome = center.navigate(to: "shop://checkout")
///     status = "\(outcome)"                          // "held by signedIn"
///     guard let pending = outcome.pending else { return }
///     task { context in
///         let final = try? await context.wait(for: pending)  // nil if the controller left first
///         context.controller?.status = final.map { "\($0)" } ?? ""  // "opened checkout"
///     }
/// }
/// ```
///
/// The screen's provider answers with it (``HostServices/onNavigate``); BCKitModules' navigator
/// maps its own `NavigationOutcome` onto it. Two outcomes are equal when they say the same thing;
/// ``pending`` is left out.
public struct HostNavigationOutcome: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case opened(String)
        case held(String)
        case dropped(String)
        case declined(String)
        case unmatched
        case noHost
    }

    private let kind: Kind

    /// For a navigation held by a guard: overcome with its final outcome, ``opened(_:)`` or
    /// ``dropped(by:)`` (or another, should the route change meanwhile), once the guard lets it
    /// through or drops it. A controller waits for it with ``ControllerTaskContext/wait(for:)``.
    /// `nil` for every other outcome, which is final.
    public let pending: Barrier<HostNavigationOutcome>?

    private init(_ kind: Kind, pending: Barrier<HostNavigationOutcome>? = nil) {
        self.kind = kind
        self.pending = pending
    }

    /// The screen opened the route.
    ///
    /// - Parameter destination: What opened, as the host names it: a route's name, or the URL.
    /// - Returns: The outcome.
    public static func opened(_ destination: String) -> Self { Self(.opened(destination)) }

    /// A guard holds the navigation until its condition is met (the user signs in); ``pending``
    /// then says how it ends.
    ///
    /// - Parameters:
    ///   - guardName: The guard's name.
    ///   - pending: Overcome with the final outcome once the guard lets the navigation through or
    ///     drops it; `nil` when the host cannot tell.
    /// - Returns: The outcome.
    public static func held(by guardName: String, pending: Barrier<HostNavigationOutcome>? = nil) -> Self {
        Self(.held(guardName), pending: pending)
    }

    /// A guard held the navigation and then dropped it (sign-in was cancelled): the final outcome
    /// of a held navigation that never opened.
    ///
    /// - Parameter guardName: The guard's name.
    /// - Returns: The outcome.
    public static func dropped(by guardName: String) -> Self { Self(.dropped(guardName)) }

    /// The host refused the navigation: a route's handler declined it, the URL is malformed, or
    /// the route may not be opened from here.
    ///
    /// - Parameter reason: Why, in words a log can show.
    /// - Returns: The outcome.
    public static func declined(_ reason: String) -> Self { Self(.declined(reason)) }

    /// No route matches the URL.
    public static let unmatched = Self(.unmatched)

    /// Nobody answered: no host services are provided, or the provider has no navigation action.
    public static let noHost = Self(.noHost)

    /// Whether the screen opened the route.
    public var isOpened: Bool {
        if case .opened = kind { return true }
        return false
    }

    /// Whether a guard holds the navigation: ``pending`` says how it ends.
    public var isHeld: Bool {
        if case .held = kind { return true }
        return false
    }

    /// A short description: `opened goods.detail`, `held by signedIn`, `dropped by signedIn`,
    /// `declined: …`, `unmatched`, `no host answered`.
    public var description: String {
        switch kind {
        case .opened(let destination): "opened \(destination)"
        case .held(let guardName): "held by \(guardName)"
        case .dropped(let guardName): "dropped by \(guardName)"
        case .declined(let reason): "declined: \(reason)"
        case .unmatched: "unmatched"
        case .noHost: "no host answered"
        }
    }

    /// Whether two outcomes say the same thing; ``pending`` is left out.
    ///
    /// - Parameters:
    ///   - lhs: An outcome.
    ///   - rhs: Another outcome.
    /// - Returns: `true` when they are of the same kind with the same details.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes what `==` compares.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}
