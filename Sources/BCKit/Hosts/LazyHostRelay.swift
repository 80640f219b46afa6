/// A box that creates its ``HostRelay`` (and so the owner) on first use, and tears the owner down
/// when the box itself goes away.
///
/// Made for SwiftUI: a `@State` property's initial value is evaluated on every initialization of
/// the view, and all but the first are thrown away. An empty box costs nothing to throw away; the
/// box SwiftUI keeps creates the owner the first time the view appears, and is released (tearing
/// the owner down) when the view's identity leaves the hierarchy for good, not on every
/// `onDisappear`.
///
/// ```swift
/// @MainActor  // a ViewModifier is main-actor only from Xcode 16's SDKs on
/// struct OwnerOnAppear: ViewModifier {
///     let makeOwner: @MainActor () -> Owner
///     @State private var box = LazyHostRelay()
///
///     func body(content: Content) -> some View {
///         content.onAppear { box.relay(makeOwner).appeared() }
///     }
/// }
/// ```
@MainActor
public final class LazyHostRelay {
    private var made: HostRelay?

    /// Creates an empty box; no owner exists until ``relay(_:)`` is first called.
    public init() {}

    /// Whether the relay (and its owner) exists yet.
    public var isCreated: Bool { made != nil }

    /// The relay, created with an owner from `makeOwner` on the first call; later calls return the
    /// same relay and do not call `makeOwner`.
    ///
    /// - Parameter makeOwner: Builds the owner and attaches its controllers.
    /// - Returns: The box's relay.
    public func relay(_ makeOwner: () -> Owner) -> HostRelay {
        if let made { return made }
        let relay = HostRelay(owner: makeOwner())
        made = relay
        return relay
    }

    /// The relay, created on the first call with an owner from `makeOwner` and the host services
    /// from `makeServices` (see ``HostRelay/provideServices(_:)``); later calls call neither.
    ///
    /// ```swift
    /// box.relay({ Owner(name: "Profile") }, services: { HostServices(dismiss: { dismiss() }) }).appeared()
    /// ```
    ///
    /// - Parameters:
    ///   - makeOwner: Builds the owner and attaches its controllers.
    ///   - makeServices: Builds what answers the controllers' ``HostServiceConversation``.
    /// - Returns: The box's relay.
    public func relay(_ makeOwner: () -> Owner, services makeServices: () -> HostServices) -> HostRelay {
        if let made { return made }
        let relay = relay(makeOwner)
        relay.provideServices(makeServices())
        return relay
    }
}
