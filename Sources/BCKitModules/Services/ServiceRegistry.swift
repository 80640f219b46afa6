/// An immutable set of service registrations that hands out instances by service protocol;
/// build one with ``ServiceRegistryBuilder``.
///
/// ```swift
/// let cart = try registry.resolve((any CartService).self)
/// ```
///
/// Lookup is one hash of the protocol's metatype identity, O(1) in the number of services. The
/// registry is `Sendable`: registrations never change, and each singleton is made exactly once
/// even when first resolved from several threads at once; the others wait for that one factory.
/// Nothing else waits for a factory: a singleton already made is read under its own lock, held
/// only for that read, and no lock is held while a factory runs, so a slow factory never holds
/// up a resolution of another service.
///
/// A dependency cycle throws ``ServiceError/cycle(_:)``, within one thread and across threads:
/// when A's factory, on one thread, asks for B while B's factory, on another, asks for A, the
/// thread whose wait would close the loop gets the cycle error, its factory fails, and the other
/// thread then makes that service itself and meets the cycle in its own chain. Both end in the
/// cycle error; neither hangs. A singleton whose factory failed is not stored: the next
/// resolution, or a thread that was waiting for it, runs the factory again.
///
/// A factory asks its ``ServiceResolver`` for what it needs, which carries the chain of what is
/// being made. One that asks a registry instead starts a chain of its own; asking that way for a
/// service its thread is making still throws the cycle error for a singleton, and in debug builds
/// for a per-call service too (the check costs two locks per make, so release builds leave it
/// out, and such a factory recurses until the stack runs out). A task the factory starts is not
/// inside it: it may ask for the same service.
///
/// A singleton is shared by everyone who resolves it: one used from several threads must
/// itself be thread-safe.
public struct ServiceRegistry: Sendable {
    @usableFromInline let table: ServiceTable

    /// The names of the registered services, sorted, for diagnostics.
    public var registeredServices: [String] { table.registeredServices }

    init(entries: [ObjectIdentifier: ServiceEntry]) {
        table = ServiceTable(entries: entries)
    }

    /// The empty registry a ``ModuleHost`` shows before its launch builds the modules' services:
    /// every resolution throws ``ServiceError/hostNotLaunched(_:)``.
    static var beforeHostLaunch: Self { Self(table: ServiceTable(entries: [:], awaitsHostLaunch: true)) }

    /// The registry of `table`, which a resolver hands out.
    init(table: ServiceTable) {
        self.table = table
    }

    /// An instance of a service.
    ///
    /// - Parameter service: The service protocol's metatype, such as `(any CartService).self`.
    /// - Returns: The singleton, or a new instance for a ``ServiceScope/perCall`` service.
    /// - Throws: A ``ServiceError``: the service (or one it depends on) is missing, a dependency
    ///   cycle (with its chain), or a factory failed; ``ServiceError/hostNotLaunched(_:)`` from a
    ///   ``ModuleHost``'s registry before its launch built the modules' services.
    /// - Complexity: O(1), plus the factory when an instance is made.
    @inlinable
    public func resolve<Service>(_ service: Service.Type = Service.self) throws(ServiceError) -> Service {
        try ServiceResolver(table: table).resolve(service)
    }

    /// Whether a service is registered.
    ///
    /// - Parameter service: The service protocol's metatype.
    /// - Returns: `true` when ``resolve(_:)`` would find a registration.
    public func contains<Service>(_ service: Service.Type) -> Bool {
        table.entries[ObjectIdentifier(service)] != nil
    }
}
