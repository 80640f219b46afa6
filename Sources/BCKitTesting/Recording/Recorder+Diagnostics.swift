import BCKit
import Testing

extension Recorder: RetainedKeyCollisionObserver {
    /// Fails the running test with the collision: a message lost to another of the same key is
    /// never silent in a test.
    func retainedKeyDidCollide(_ collision: RetainedKeyCollision) {
        Issue.record(
            Comment(rawValue: "Retained-key collision: \(collision)"),
            sourceLocation: issueLocation ?? #_sourceLocation
        )
    }
}
