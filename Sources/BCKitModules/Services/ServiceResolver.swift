// Frozen, so that `resolve(_:)` stays inlinable (specialized in the caller's module) when the
// library is built with library evolution.
/// What a service factory uses to resolve its own dependencies; it remembers which services
/// are being made, so a dependency cycle is reported with its chain instead of recursing forever.
///
/// ```swift
/// try services.register((any CartService).self) { resolver in
///     CartClient(api: try resolver.resolve((any APIClient).self))
/// }
/// ```
///
/// It is for the factory's own run. An instance that resolves something later, lazily, keeps
/// ``registry`` instead: a resolver kept past its factory still carries the chain it was made in,
/// so asking it again for a service of that chain, its own service say, throws
/// ``ServiceError/cycle(_:)`` though no cycle is left. Keeping the chain in the resolver is what
/// makes a resolution cheap; knowing when its factory returned would cost every one.
///
/// ```swift
/// try services.register((any ProductModel).self, scope: .perCall) { resolver in
///     ProductViewModel(services: resolver.registry)  // resolves related products later
/// }
/// ```
@frozen
public struct ServiceResolver: Sendable {
    @usableFromInline let table: ServiceTable
    /// The service whose factory this resolver is handed to; `nil` for a resolution from outside.
    @usableFromInline let current: ObjectIdentifier?
    /// The services being made around `current`, outermost first. Kept apart from `current` so
    /// that making one service, the common case, needs no array and so no allocation.
    @usableFromInline let outer: [ObjectIdentifier]

    @inlinable
    init(table: ServiceTable, current: ObjectIdentifier? = nil, outer: [ObjectIdentifier] = []) {
        self.table = table
        self.current = current
        self.outer = outer
    }

    /// The registry this resolver resolves from, to keep for resolving later, outside the factory.
    public var registry: ServiceRegistry { ServiceRegistry(table: table) }

    /// An instance of a dependency.
    ///
    /// - Parameter service: The service protocol's metatype.
    /// - Returns: The instance.
    /// - Throws: A ``ServiceError``, as for ``ServiceRegistry/resolve(_:)``.
    @inlinable
    public func resolve<Service>(_ service: Service.Type = Service.self) throws(ServiceError) -> Service {
        // Inlinable so that the caller's module specializes it for `Service`: the entry's downcast,
        // its instance and its factory then need no generic metadata at run time.
        let key = ObjectIdentifier(service)
        guard let erased = table.entry(for: key) else { throw table.missing(service) }
        // The table is keyed by the metatype the entry was registered with, so this cannot fail.
        // Checked: `unsafeDowncast` saved a made singleton only 477 -> 437 Ir (8%, Benchmarks/
        // callgrind.sh resolve-kit) and a per-call resolve 753 -> 702 (7%).
        let entry = erased as! TypedServiceEntry<Service>
        let isSingleton = erased.scope.isSingleton
        if isSingleton, let instance = entry.existingInstance() {
            return instance
        }
        if current == key || (!outer.isEmpty && outer.contains(key)) {
            throw cycle(endingWith: key)
        }
        let resolver =
            current.map { ServiceResolver(table: table, current: key, outer: outer + [$0]) }
            ?? ServiceResolver(table: table, current: key)
        if isSingleton {
            return try entry.makeSingleton(with: resolver, coordinator: table.coordinator)
        }
        #if DEBUG
            // Asked through the registry: a factory that asks it, rather than its resolver, for a
            // service its thread is making starts a fresh chain each time, so the thread is checked
            // instead. Debug builds only: the check takes the coordinator's lock twice per make
            // (Benchmarks/callgrind.sh percall-kit 756 -> 1,483 Ir, past the 10x-Swinject target),
            // and such a cycle recurs on every resolution, so the first debug run meets it.
            if current == nil {
                return try entry.makeFromRegistry(with: resolver, coordinator: table.coordinator)
            }
        #endif
        return try entry.make(with: resolver)
    }

    /// The cycle error for asking again for `key`, which is being made.
    @usableFromInline
    func cycle(endingWith key: ObjectIdentifier) -> ServiceError {
        cycle(after: outer + (current.map { [$0] } ?? []), [table.entries[key]?.name ?? "?"])
    }

    /// The cycle error met while claiming a singleton, called on the resolver made for its
    /// factory: `loop` holds that singleton first, then what the thread making each one waits
    /// for; the last is being made by this thread.
    func cycle(claiming loop: [String]) -> ServiceError {
        cycle(after: outer, loop)
    }

    /// The chain from where the service `loop` ends with was first asked for.
    private func cycle(after made: [ObjectIdentifier], _ loop: [String]) -> ServiceError {
        let names = made.map { table.entries[$0]?.name ?? "?" }
        let repeated = loop.last ?? "?"
        // Asked for outside the resolver's chain (through the registry, from its own factory),
        // the repeated service is not in the chain: the loop alone shows the cycle.
        guard let start = names.firstIndex(of: repeated) else { return .cycle(loop.count > 1 ? loop : loop + loop) }
        return .cycle(Array(names[start...]) + loop)
    }
}
