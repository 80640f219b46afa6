public import Foundation

/// One registration, type-erased so the registry can hold registrations of every service in one
/// table; ``TypedServiceEntry`` is the only subclass.
@usableFromInline
// safe: `name` and `scope` are constants; `maker` and `perCallMakers`, the variables, are touched
// only under the registry's `SingletonCoordinator` lock.
class ServiceEntry: @unchecked Sendable {
    @usableFromInline let name: String
    @usableFromInline let scope: ServiceScope
    /// The thread making the singleton right now; read and written only while holding the
    /// registry's ``SingletonCoordinator``'s lock.
    var maker: UInt?
    /// The threads making this per-call service for a resolution through the registry right now,
    /// likewise.
    var perCallMakers: [UInt] = []

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
/// `@unchecked Sendable`: `instance` is read and written only while holding `lock`, the entry's
/// own, which is held only for that load or store; making the singleton is coordinated by the
/// registry's ``SingletonCoordinator``. The paths that hand out an instance are inlinable, so
/// that a caller's module specializes them for its service type.
@usableFromInline
// safe: `factory` and `lock` are constants and `instance` is touched only under `lock`.
final class TypedServiceEntry<Service>: ServiceEntry, @unchecked Sendable {
    @usableFromInline let factory: @Sendable (ServiceResolver) throws -> Service
    @usableFromInline let lock = NSLock()
    /// Read and written only while holding `lock`, hence no exclusivity checks.
    // measured: resolve-kit N=1000 565.2 -> 480.1 Ir (18%), the instance read with exclusivity checks
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

    /// A fresh instance of a per-call service asked for through the registry, whose resolver
    /// knows nothing of what the calling thread is making already.
    ///
    /// - Throws: The factory's error, or ``ServiceError/cycle(_:)`` when this thread is making the
    ///   service already: its factory asked the registry, not its resolver, for the service again.
    @usableFromInline
    func makeFromRegistry(with resolver: ServiceResolver, coordinator: SingletonCoordinator) throws(ServiceError)
        -> Service
    {
        guard coordinator.beginMaking(self) else { throw resolver.cycle(claiming: [name]) }
        defer { coordinator.endMaking(self) }
        return try make(with: resolver)
    }

    /// The singleton, made now on this thread, or by another thread while this one waited.
    ///
    /// - Throws: The factory's error, or ``ServiceError/cycle(_:)`` when waiting for another
    ///   thread would never end because that thread waits for a singleton this one is making.
    @usableFromInline
    func makeSingleton(with resolver: ServiceResolver, coordinator: SingletonCoordinator) throws(ServiceError)
        -> Service
    {
        var published: Service?
        let claim = coordinator.claim(self) {
            published = existingInstance()
            return published != nil
        }
        switch claim {
        case .made:
            guard let published else {
                preconditionFailure("BCKitModules: \(name) was claimed as made but holds no instance")
            }
            return published
        case .cycle(let loop):
            throw resolver.cycle(claiming: loop)
        case .make:
            break
        }
        let made: Service
        do {
            made = try make(with: resolver)
        } catch {
            coordinator.finish(self) {}
            throw error
        }
        coordinator.finish(self) {
            lock.lock()
            instance = made
            lock.unlock()
        }
        return made
    }

    /// The singleton if it is made already, without making it or waiting for its factory.
    @inlinable
    func existingInstance() -> Service? {
        lock.lock()
        defer { lock.unlock() }
        return instance
    }
}
