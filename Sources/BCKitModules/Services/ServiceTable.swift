public import Foundation

/// A registry's registrations and lock, in one object, so that a ``ServiceResolver`` handed to
/// each factory copies one reference instead of the registry's three.
@usableFromInline
final class ServiceTable: Sendable {
    @usableFromInline let entries: [ObjectIdentifier: ServiceEntry]
    @usableFromInline let lock = NSRecursiveLock()
    /// The names of the registered services, sorted.
    let registeredServices: [String]

    init(entries: [ObjectIdentifier: ServiceEntry]) {
        self.entries = entries
        self.registeredServices = entries.values.map(\.name).sorted()
    }

    /// The error for a service that is not registered.
    @usableFromInline
    func missing<Service>(_ service: Service.Type) -> ServiceError {
        .missing(serviceName(of: service), registered: registeredServices)
    }
}
