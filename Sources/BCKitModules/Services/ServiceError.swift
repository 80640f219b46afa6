/// Why a service could not be registered or resolved.
///
/// ```swift
/// do {
///     let cart = try registry.resolve((any CartService).self)
///     cart.add(goodsID: 7)
/// } catch {
///     print(error)  // no service CartService is registered (registered: AccountService); register it with …
/// }
/// ```
public struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case missing(String, [String])
        case cycle([String])
        case duplicate(String)
        case factoryFailed(String, String)
        case hostNotLaunched(String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// Nothing is registered for the service.
    ///
    /// - Parameters:
    ///   - service: The service's name, such as `CartService`.
    ///   - registered: The names of the registered services, sorted.
    public static func missing(_ service: String, registered: [String]) -> Self {
        Self(.missing(service, registered))
    }

    /// The service was asked of a ``ModuleHost``'s ``ModuleHost/services`` before its
    /// ``ModuleHost/launch()`` built them, or after a launch that failed before building them: no
    /// module has registered a service yet, whichever it will register.
    ///
    /// - Parameter service: The service's name.
    public static func hostNotLaunched(_ service: String) -> Self { Self(.hostNotLaunched(service)) }

    /// Making the service needs itself, through the chain of services shown.
    ///
    /// - Parameter chain: The services being made, outermost first, ending with the one that
    ///   was asked for again, such as `["A", "B", "A"]`.
    public static func cycle(_ chain: [String]) -> Self { Self(.cycle(chain)) }

    /// The service was registered twice.
    ///
    /// - Parameter service: The service's name.
    public static func duplicate(_ service: String) -> Self { Self(.duplicate(service)) }

    /// The service's factory threw an error of its own.
    ///
    /// - Parameters:
    ///   - service: The service's name.
    ///   - reason: The factory's error, described.
    public static func factoryFailed(_ service: String, reason: String) -> Self {
        Self(.factoryFailed(service, reason))
    }

    /// What a factory's error becomes: a service error passes through unchanged (it comes from a
    /// dependency), any other is wrapped as ``factoryFailed(_:reason:)``.
    @usableFromInline
    static func fromFactory(_ error: any Error, service: String) -> Self {
        if let error = error as? Self { return error }
        return .factoryFailed(service, reason: String(describing: error))
    }

    /// The service the error is about: the missing, duplicate or failed one, or the one asked
    /// for again in a cycle.
    public var service: String {
        switch code {
        case .missing(let service, _), .duplicate(let service), .factoryFailed(let service, _),
            .hostNotLaunched(let service):
            service
        case .cycle(let chain): chain.last ?? ""
        }
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch code {
        case .missing(let service, let registered):
            let shown = registered.prefix(20).joined(separator: ", ")
            let more = registered.count > 20 ? " and \(registered.count - 20) more" : ""
            let list = registered.isEmpty ? "none" : shown + more
            return "no service \(service) is registered (registered: \(list)); "
                + "register it with ServiceRegistryBuilder.register(_:scope:factory:)."
        case .cycle(let chain):
            return "service dependency cycle: \(chain.joined(separator: " -> ")); "
                + "break it by resolving one of them lazily or injecting it later (a resolver kept past "
                + "its factory meets its own chain again: keep resolver.registry to resolve later)."
        case .duplicate(let service):
            return "service \(service) is registered twice; register each service protocol once."
        case .factoryFailed(let service, let reason):
            return "the factory of service \(service) failed: \(reason)"
        case .hostNotLaunched(let service):
            return "no service \(service) yet: the module host has not launched, and its modules register their "
                + "services in launch() (or its launch failed before they did); resolve it once launch() returns, "
                + "or in a module's start(in:) from context.services."
        }
    }
}
