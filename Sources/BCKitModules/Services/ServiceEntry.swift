public import Foundation

/// One registration, type-erased so the registry can hold registrations of every service in one
/// table; ``TypedServiceEntry`` is the only subclass.
@usableFromInline
class ServiceEntry: @unchecked Sendable {
    @usableFromInline let name: String
    @usableFromInline let scope: ServiceScope

    init(name: String, scope: ServiceScope) {
        self.name = name
        self.scope = scope
    }

    /// A fresh entry with the same factory and no instance.
    func copy() -> ServiceEntry {
        preconditionFailure("ServiceEntry is abstract")
    }
}

/// A registration of one service type and, for a singleton, its instance once made.
///
/// Typed, so that handing out an instance needs no dynamic cast: the registry finds the entry by
/// the service's metatype and downcasts the entry itself, which is a pointer check.
/// `@unchecked Sendable`: the only mutable state, `instance`, is read and written only while
/// holding the registry's lock. The paths that hand out an instance are inlinable, so that a
/// caller's module specializes them for its service type.
@usableFromInline
final class TypedServiceEntry<Service>: ServiceEntry, @unchecked Sendable {
    @usableFromInline let factory: @Sendable (ServiceResolver) throws -> Service
    /// Read and written only while holding the registry's lock, hence no exclusivity checks.
    @usableFromInline @exclusivity(unchecked) var instance: Service?

    init(name: String, scope: ServiceScope, factory: @escaping @Sendable (ServiceResolver) throws -> Service) {
        self.factory = factory
        super.init(name: name, scope: scope)
    }

    override func copy() -> ServiceEntry {
        TypedServiceEntry(name: name, scope: scope, factory: factory)
    }

    /// A fresh instance, for a per-call service.
    @inlinable
    func make(with resolver: ServiceResolver) throws(ServiceError) -> Service {
        do {
            return try factory(resolver)
        } catch {
            throw .fromFactory(error, service: name)
        }
    }

    /// The singleton, made now unless another thread made it first.
    @usableFromInline
    func makeSingleton(with resolver: ServiceResolver, lock: NSRecursiveLock) throws(ServiceError) -> Service {
        // Recursive: a singleton's factory resolves its own dependencies on the same thread.
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let made = try make(with: resolver)
        instance = made
        return made
    }

    /// The singleton if it is made already, without making it.
    @inlinable
    func existingInstance(lock: NSRecursiveLock) -> Service? {
        lock.lock()
        defer { lock.unlock() }
        return instance
    }
}
