public import BCKit

/// A unit of an app (cart, goods, account) that registers services, answers routes and hears
/// app events, without referencing other modules.
///
/// A module is a `BusinessController` of the app-level `Owner` that
/// ``ModuleHost`` keeps: app events and notifications between modules reach it through that
/// owner's communication center, as conversations. Every requirement has an empty default, so
/// a module implements only what it needs:
///
/// ```swift
/// final class CartModule: Module, AppEventConversation {
///     weak var owner: Owner?
///
///     func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError) {
///         try services.register((any CartService).self) { _ in CartStore() }
///     }
///
///     func handle(_ request: RouteRequest) { /* show the cart */ }
///
///     func appDidEnterBackground() { /* save the cart */ }
/// }
/// ```
@MainActor
public protocol Module: BusinessController {
    /// Registers the services this module provides; called once at launch, in start order,
    /// before any module starts.
    ///
    /// - Parameter services: The builder to register into.
    /// - Throws: A ``ServiceError`` when a registration is refused.
    func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError)

    /// Starts the module; called once at launch, in priority order, after every service is
    /// registered and the routes are built.
    ///
    /// - Parameter context: The module's information, the services and the navigator.
    /// - Throws: Anything; the launch fails with ``ModuleError/startFailed(_:reason:)``.
    func start(in context: ModuleContext) async throws

    /// The handler of one of the module's routes; asked once per route at launch, so every
    /// match of the route calls it directly.
    ///
    /// - Parameter route: The route, as the module was registered with it or the manifest
    ///   declares it.
    /// - Returns: The route's handler, which may decline matches; `nil` sends the route's
    ///   matches to ``handle(_:)``.
    func handler(for route: ModuleRoute) -> ModuleRouteHandler?

    /// Opens one of the module's routes that ``handler(for:)`` gave no handler of its own.
    ///
    /// Implement it with exactly this signature: a method with other labels, such as
    /// `handle(request:)`, is a different method, and the route then reaches the empty default,
    /// which opens nothing.
    ///
    /// - Parameter request: The URL, parameters, complex parameters and completion.
    func handle(_ request: RouteRequest)
}

// MARK: - Default implementations

extension Module {
    /// Registers nothing.
    ///
    /// - Parameter services: The builder to register into.
    public func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError) {}

    /// Does nothing.
    ///
    /// - Parameter context: The module's context.
    public func start(in context: ModuleContext) async throws {}

    /// No handler of its own: the route's matches go to ``handle(_:)``.
    ///
    /// - Parameter route: The route.
    /// - Returns: `nil`.
    public func handler(for route: ModuleRoute) -> ModuleRouteHandler? { nil }

    /// Opens nothing, and says so: a module that declares routes and implements neither
    /// ``handler(for:)`` nor this method (or misspells it) would otherwise answer every match
    /// with silence.
    ///
    /// The navigation's outcome is ``NavigationOutcome/declined(by:)`` rather than opened, the
    /// unmatched handler (if any) runs, and debug builds report a `Diagnostic` (cause
    /// `unhandledMessage`, conversation the module's type, message `handle(_:)`) naming the
    /// module and the route, once per module type and owner tree. A module that declares no
    /// routes never reaches it.
    ///
    /// - Parameter request: The request.
    public func handle(_ request: RouteRequest) {
        request.state.reachDefaultHandler(of: self)
    }
}
