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
    /// What the drop probe found (LeakWatch+DropProbe.swift), one sentence per controller.
    var findings: [String] = []

    func watch(_ object: AnyObject, as description: String) {
        guard !watched.contains(where: { $0.object === object }) else { return }
        watched.append(Watched(description: description, object: object))
    }

    /// What is still alive, in the order it was watched.
    var survivors: [String] {
        watched.filter { $0.object != nil }.map(\.description)
    }
}
