/// What a service factory uses to resolve its own dependencies; it remembers which services
/// are being made, so a dependency cycle is reported with its chain instead of recursing forever.
///
/// ```swift
/// try services.register((any CartService).self) { resolver in
///     CartClient(api: try resolver.resolve((any APIClient).self))
/// }
/// ```
public struct ServiceResolver: Sendable {
    let registry: ServiceRegistry
    /// The services being made, outermost first.
    let chain: [ObjectIdentifier]

    @usableFromInline
    init(registry: ServiceRegistry, chain: [ObjectIdentifier]) {
        self.registry = registry
        self.chain = chain
    }

    /// An instance of a dependency.
    ///
    /// - Parameter service: The service protocol's metatype.
    /// - Returns: The instance.
    /// - Throws: A ``ServiceError``, as for ``ServiceRegistry/resolve(_:)``.
    public func resolve<Service>(_ service: Service.Type = Service.self) throws(ServiceError) -> Service {
        let key = ObjectIdentifier(service)
        guard let erased = registry.entries[key] else {
            throw .missing(serviceName(of: service), registered: registry.registeredServices)
        }
        // The table is keyed by the metatype the entry was registered with, so this is its type.
        let entry = unsafeDowncast(erased, to: TypedServiceEntry<Service>.self)
        if entry.scope.isSingleton, let instance = entry.existingInstance(lock: registry.lock) {
            return instance
        }
        if chain.contains(key) {
            let names = (chain + [key]).map { registry.entries[$0]?.name ?? "?" }
            throw .cycle(Array(names.drop { $0 != entry.name }))
        }
        do {
            return try entry.resolve(
                with: ServiceResolver(registry: registry, chain: chain + [key]), lock: registry.lock)
        } catch let error as ServiceError {
            throw error
        } catch {
            throw .factoryFailed(entry.name, reason: String(describing: error))
        }
    }
}
