import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Who is making which singleton, and who waits for whom, for one registry; and which threads are
/// making which per-call service for a resolution through the registry.
///
/// Only first resolutions of a singleton come here: a singleton already made is read from its entry under the
/// entry's own lock. The coordinator's lock is held to claim a singleton, to start or end a wait
/// and to publish a result, never while a factory runs, so a slow factory holds up only the
/// threads that need what it makes.
///
/// A thread that finds another making the singleton it needs waits for it, unless that other
/// thread is (through any chain of such waits) waiting for a singleton this thread is making:
/// that wait would never end, so the thread gets the cycle instead. Waits therefore never form
/// a loop, and every wait ends when some running factory returns.
///
/// Its sendability is checked by hand: `waiting` and every entry's `maker` and `perCallMakers`
/// are read and written only while holding `condition`.
@usableFromInline
// safe: its one mutable property, `waiting`, and every entry's `maker` and `perCallMakers` are
// touched only between `condition.lock()` and `condition.unlock()`.
final class SingletonCoordinator: @unchecked Sendable {
    /// What a thread asking for an unmade singleton is to do.
    enum Claim {
        /// Make it: the thread is now its maker and must call ``finish(_:publish:)``.
        case make
        /// Another thread made it meanwhile: read it from the entry.
        case made
        /// Waiting would close a loop of threads waiting on each other; the names are the
        /// singletons along the loop, the one asked for first.
        case cycle([String])
    }

    private let condition = NSCondition()
    /// The singleton each waiting thread waits for, by thread.
    private var waiting: [UInt: ServiceEntry] = [:]

    /// Claims a singleton for the calling thread, or waits until it is made or free.
    ///
    /// - Parameters:
    ///   - entry: The singleton's entry.
    ///   - isMade: Whether the entry holds its instance; called with the coordinator's lock held.
    func claim(_ entry: ServiceEntry, isMade: () -> Bool) -> Claim {
        let me = Self.currentThread
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isMade() { return .made }
            guard let maker = entry.maker else {
                entry.maker = me
                return .make
            }
            // This thread is making it already, so it was asked for again from inside its own
            // factory, outside the resolver's chain (through the registry itself).
            if maker == me { return .cycle([entry.name]) }
            var loop = [entry.name]
            var thread = maker
            while let awaited = waiting[thread], let next = awaited.maker {
                loop.append(awaited.name)
                if next == me { return .cycle(loop) }
                thread = next
            }
            waiting[me] = entry
            condition.wait()
            waiting[me] = nil
        }
    }

    /// Ends the calling thread's making of a singleton: publishes the instance (or nothing, when
    /// the factory failed) and wakes the threads waiting for it. After a failure one of them
    /// claims the singleton and runs its factory again.
    ///
    /// - Parameters:
    ///   - entry: The singleton's entry.
    ///   - publish: Stores the instance in the entry; called with the coordinator's lock held.
    func finish(_ entry: ServiceEntry, publish: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        publish()
        entry.maker = nil
        condition.broadcast()
    }

    /// Marks the calling thread as making a per-call service for a resolution through the
    /// registry; `false` when it is making it already, from inside its own factory. A factory is
    /// synchronous, so the mark is the thread's until ``endMaking(_:)``, and work the factory
    /// starts elsewhere never sees it.
    func beginMaking(_ entry: ServiceEntry) -> Bool {
        let me = Self.currentThread
        condition.lock()
        defer { condition.unlock() }
        if entry.perCallMakers.contains(me) { return false }
        entry.perCallMakers.append(me)
        return true
    }

    /// Ends the calling thread's making of a per-call service.
    func endMaking(_ entry: ServiceEntry) {
        let me = Self.currentThread
        condition.lock()
        defer { condition.unlock() }
        if let position = entry.perCallMakers.lastIndex(of: me) { entry.perCallMakers.remove(at: position) }
    }

    /// The calling thread, as a number no other live thread has.
    private static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
