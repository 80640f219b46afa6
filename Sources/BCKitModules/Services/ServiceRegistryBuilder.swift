import BCKit

/// Collects service registrations and builds an immutable ``ServiceRegistry``.
///
/// ```swift
/// var services = ServiceRegistryBuilder()
/// try services.register((any APIClient).self) { _ in HTTPClient() }
/// try services.register((any CartService).self, scope: .perCall) { resolver in
///     CartClient(api: try resolver.resolve((any APIClient).self))
/// }
/// let registry = services.build()
/// ```
///
/// Factories run lazily, on first resolution for a singleton and on every resolution for
/// ``ServiceScope/perCall``; they receive a ``ServiceResolver`` to ask for their dependencies.
public struct ServiceRegistryBuilder: Sendable {
    private var entries: [ObjectIdentifier: ServiceEntry] = [:]

    /// Creates an empty builder.
    public init() {}

    /// How many services have been registered.
    public var count: Int { entries.count }

    /// Registers an implementation for a service protocol.
    ///
    /// - Parameters:
    ///   - service: The service protocol's metatype, such as `(any CartService).self`.
    ///   - scope: ``ServiceScope/singleton`` (the default) or ``ServiceScope/perCall``.
    ///   - factory: Makes an instance; it may resolve other services through its argument.
    /// - Throws: ``ServiceError/duplicate(_:)`` when the service is registered already.
    public mutating func register<Service>(
        _ service: Service.Type,
        scope: ServiceScope = .singleton,
        factory: @escaping @Sendable (ServiceResolver) throws -> Service
    ) throws(ServiceError) {
        let key = ObjectIdentifier(service)
        let name = serviceName(of: service)
        guard entries[key] == nil else { throw .duplicate(name) }
        entries[key] = TypedServiceEntry(name: name, scope: scope, factory: factory)
    }

    /// Freezes the registrations into a registry.
    ///
    /// - Returns: An immutable registry; the builder stays usable for another one.
    public func build() -> ServiceRegistry {
        // Fresh entries, so two registries built from one builder never share singletons.
        ServiceRegistry(entries: entries.mapValues { $0.copy() })
    }
}

/// A service protocol's name, as BCKit names conversations: without a leading `any `.
func serviceName<Service>(of service: Service.Type) -> String {
    conversationName(of: service)
}
