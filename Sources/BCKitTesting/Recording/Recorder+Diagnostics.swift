import BCKit
import Testing

extension Recorder {
    /// Takes a diagnostic of the owner under test: what the kit would print in a debug app fails
    /// the running test instead, except the messages nobody handled, which the harness judges by
    /// its own rules (what the test sent, what it expects ignored).
    func record(_ diagnostic: Diagnostic) {
        guard diagnostic.cause != .unhandledMessage, diagnostic.cause != .unhonoredHostRequest else { return }
        TestFailure.record(
            Comment(rawValue: "BCKit diagnostic: \(diagnostic)"),
            sourceLocation: issueLocation ?? #_sourceLocation
        )
    }
}
