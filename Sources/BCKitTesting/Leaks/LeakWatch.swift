import BCKit

/// The objects mounted by test owners inside one ``expectNoLeaks(sourceLocation:_:)-68p2j``
/// body, held weakly so they can be checked once the body is over.
@MainActor
final class LeakWatch {
    private struct Watched {
        let description: String
        weak var object: AnyObject?
    }

    /// The innermost watch of the running task. A task local, not a global, so tests running
    /// concurrently never see each other's objects.
    @TaskLocal static var current: LeakWatch?

    private var watched: [Watched] = []
    /// The controllers under test and the stubs, held until the drop probe is done with them: the
    /// owner's tear-down lets go of one the test kept no reference to (mounted or stubbed with its
    /// result discarded), and the probe would miss it, or miss its answers.
    private var mounted: [ObjectIdentifier: any BusinessController] = [:]
    /// What the drop probe found (LeakWatch+DropProbe.swift), one sentence per controller.
    var findings: [String] = []

    func watch(_ object: AnyObject, as description: String) {
        guard !watched.contains(where: { $0.object === object }) else { return }
        watched.append(Watched(description: description, object: object))
    }

    /// Watches a controller under test or a stub, and keeps it until the drop probe is done.
    func watchUntilProbed(_ controller: any BusinessController, as description: String) {
        watch(controller, as: description)
        mounted[ObjectIdentifier(controller)] = controller
    }

    /// Lets go of a controller under test or a stub once the drop probe is done with it.
    func release(_ id: ObjectIdentifier) -> (any BusinessController)? {
        mounted.removeValue(forKey: id)
    }

    /// What is still alive, in the order it was watched, once the watch itself lets go of what
    /// it held for a probe that never ran (a test owner that outlives the body).
    func survivors() -> [String] {
        mounted.removeAll()
        return watched.filter { $0.object != nil }.map(\.description)
    }
}
