import BCKit
import Testing

/// The recorders of the test owners each running test made, so that a diagnostic that belongs to
/// no owner fails the test it was raised in instead of printing a line.
///
/// A controller that left its test owner (unmounted, or after `finish()`) sends through a center
/// that knows no owner, so the kit reports it app-wide. Inside a test that made a test owner,
/// ``route(_:)`` hands it to that test's newest recorder, which records it as the test's issue
/// like any other diagnostic; in every other test, and outside tests, the app-wide handler gets
/// it as before. Keyed by the test, never by creation order, so one test's owners never change
/// what another test sees, whichever ran first.
@MainActor
enum RecordersByTest {
    private struct Entry {
        weak var recorder: Recorder?
    }

    private static var recorders: [Test.ID: [Entry]] = [:]

    /// Notes a recorder made inside the current test, if any, and installs the route.
    static func add(_ recorder: Recorder) {
        guard let test = Test.current else { return }
        // Drop what tests that ended left: their recorders went with their test owners.
        recorders = recorders.filter { $0.value.contains { $0.recorder != nil } }
        recorders[test.id, default: []].append(Entry(recorder: recorder))
        Diagnostic.testRoute = route
    }

    /// Records `diagnostic` as an issue of the current test through its newest live recorder.
    ///
    /// - Returns: Whether the current test made a test owner that is still alive, and so took it.
    private static func route(_ diagnostic: Diagnostic) -> Bool {
        guard let test = Test.current,
            let recorder = recorders[test.id]?.last(where: { $0.recorder != nil })?.recorder
        else { return false }
        recorder.record(diagnostic)
        return true
    }
}
