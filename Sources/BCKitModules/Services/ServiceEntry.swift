import Foundation

/// One registration and, for a singleton, its instance once made.
///
/// `@unchecked Sendable`: the only mutable state, `instance`, is read and written only while
/// holding the registry's lock.
final class ServiceEntry: @unchecked Sendable {
    let name: String
    let scope: ServiceScope
    let factory: @Sendable (ServiceResolver) throws -> Any
    private var instance: Any?

    init(name: String, scope: ServiceScope, factory: @escaping @Sendable (ServiceResolver) throws -> Any) {
        self.name = name
        self.scope = scope
        self.factory = factory
    }

    func copy() -> ServiceEntry {
        ServiceEntry(name: name, scope: scope, factory: factory)
    }

    /// The instance to hand out: the singleton (made now if needed) or a fresh one.
    func resolve(with resolver: ServiceResolver, lock: NSRecursiveLock) throws -> Any {
        guard scope.isSingleton else { return try factory(resolver) }
        // Recursive: a singleton's factory resolves its own dependencies on the same thread.
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let made = try factory(resolver)
        instance = made
        return made
    }
}
