import BCKit

/// The recorders of the test owners alive now, so that a diagnostic about a controller that left
/// its test owner fails the test instead of printing a line.
///
/// A controller that left its test owner (unmounted, or after `finish()`) sends through a center
/// that knows no owner, so the kit reports it app-wide, naming the controller. ``route(_:from:)``
/// hands it to the recorder of the test owner that controller was mounted or stubbed in, which
/// records it as the test's issue like any other diagnostic. A controller no live test owner ever
/// held (one a test never attached) reaches `Diagnostic.handler` as before. Matched by the
/// controller itself, so the cases of a parameterized test, or tests running side by side, never
/// take each other's reports.
@MainActor
enum LiveRecorders {
    private struct Entry {
        weak var recorder: Recorder?
    }

    private static var entries: [Entry] = []

    /// Notes a recorder, and installs the route.
    static func add(_ recorder: Recorder) {
        // Drop what ended tests left: their recorders went with their test owners.
        entries.removeAll { $0.recorder == nil }
        entries.append(Entry(recorder: recorder))
        Diagnostic.testRoute = route
    }

    /// Records `diagnostic` through the live recorder whose test owner held `sender`.
    ///
    /// - Returns: Whether one did, and so took it.
    private static func route(_ diagnostic: Diagnostic, from sender: AnyObject) -> Bool {
        guard let recorder = entries.lazy.compactMap(\.recorder).first(where: { $0.held(sender) }) else {
            return false
        }
        recorder.record(diagnostic)
        return true
    }
}
