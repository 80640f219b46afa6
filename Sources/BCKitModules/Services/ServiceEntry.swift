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
/// holding the registry's lock.
@usableFromInline
final class TypedServiceEntry<Service>: ServiceEntry, @unchecked Sendable {
    let factory: @Sendable (ServiceResolver) throws -> Service
    private var instance: Service?

    init(name: String, scope: ServiceScope, factory: @escaping @Sendable (ServiceResolver) throws -> Service) {
        self.factory = factory
        super.init(name: name, scope: scope)
    }

    override func copy() -> ServiceEntry {
        TypedServiceEntry(name: name, scope: scope, factory: factory)
    }

    /// The instance to hand out: the singleton (made now if needed) or a fresh one.
    func resolve(with resolver: ServiceResolver, lock: NSRecursiveLock) throws -> Service {
        guard scope.isSingleton else { return try factory(resolver) }
        // Recursive: a singleton's factory resolves its own dependencies on the same thread.
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let made = try factory(resolver)
        instance = made
        return made
    }

    /// The singleton if it is made already, without making it.
    @usableFromInline
    func existingInstance(lock: NSRecursiveLock) -> Service? {
        lock.lock()
        defer { lock.unlock() }
        return instance
    }
}
