import Testing

#if canImport(XCTest)
    internal import XCTest
#endif

/// Where the harness reports a failure: to Swift Testing always, and outside one of its tests to
/// the XCTest test that is running as well.
///
/// `Issue.record` alone fails only a Swift Testing test. Called from an `XCTestCase`'s test method
/// it reached no test on Swift 6.3, so a test written with XCTest passed whatever the harness
/// found. Every failure of BCKitTesting goes through ``record(_:sourceLocation:)``, the one place
/// that makes this choice.
enum TestFailure {
    /// Fails the running test with `comment`, pointing at `sourceLocation`.
    ///
    /// Outside a Swift Testing test (`Test.current` is `nil`) the failure goes to `XCTFail` as
    /// well, which fails the XCTest test that is running and does nothing when none is; Swift
    /// Testing still hears `Issue.record` from a detached task of one of its tests. `XCTFail`
    /// takes no run-time source location, so the message starts with the caller's file path and
    /// line. (A toolchain that forwards Swift Testing's issues to XCTest may then show an XCTest
    /// failure twice.)
    static func record(_ comment: Comment, sourceLocation: SourceLocation) {
        #if canImport(XCTest)
            if Test.current == nil {
                XCTFail("\(sourceLocation.filePath):\(sourceLocation.line): \(comment.rawValue)")
            }
        #endif
        Issue.record(comment, sourceLocation: sourceLocation)
    }
}
