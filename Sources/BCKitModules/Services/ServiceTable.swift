public import BCKit

/// A registry's registrations and singleton coordinator, in one object, so that a ``ServiceResolver`` handed to
/// each factory copies one reference instead of the registry's three.
///
/// Resolution finds an entry with ``entry(for:)`` in BCKit's ``IdentityTable``: a multiply, a
/// shift and usually one comparison, where a `Dictionary` lookup hashes the key with SipHash.
@usableFromInline
final class ServiceTable: Sendable {
    let entries: [ObjectIdentifier: ServiceEntry]
    @usableFromInline let coordinator = SingletonCoordinator()
    /// The names of the registered services, sorted.
    let registeredServices: [String]
    /// The entries by the service's metatype, for lookups.
    @usableFromInline let table: IdentityTable<ServiceEntry>
    /// Whether this is the empty stand-in a module host shows before its launch builds the real
    /// registry, so a miss says the host has not launched rather than that nobody registers it.
    let awaitsHostLaunch: Bool

    init(entries: [ObjectIdentifier: ServiceEntry], awaitsHostLaunch: Bool = false) {
        self.entries = entries
        self.awaitsHostLaunch = awaitsHostLaunch
        self.registeredServices = entries.values.map(\.name).sorted()
        var table = IdentityTable<ServiceEntry>(capacity: entries.count)
        for (key, entry) in entries {
            table.insert(entry, for: key)
        }
        self.table = table
    }

    /// The registration of a service, or `nil`.
    @inlinable
    func entry(for key: ObjectIdentifier) -> ServiceEntry? {
        table.value(for: key)
    }

    /// The error for a service that is not registered.
    @usableFromInline
    func missing<Service>(_ service: Service.Type) -> ServiceError {
        if awaitsHostLaunch { return .hostNotLaunched(serviceName(of: service)) }
        return .missing(serviceName(of: service), registered: registeredServices)
    }
}
