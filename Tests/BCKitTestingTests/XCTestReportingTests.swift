import BCKit
import BCKitTesting
import Testing
import XCTest

/// The harness used from XCTest, as a team that has not moved to Swift Testing uses it: each of
/// its failures must fail the XCTest test. The failures recorded while the harness runs
/// (``harness(_:)``) are captured rather than failing this suite, so each test can say which
/// failure it expects; the tests' own assertions fail it as usual.
///
/// `Testing` is imported as well: the harness's methods take the caller's source location by
/// default, which is a Swift Testing macro.
final class XCTestReportingTests: XCTestCase {
    /// What each failure the harness recorded said, in order.
    private var failures: [String] = []
    private var isCapturing = false

    /// Runs `body` on the main actor, capturing the failures recorded meanwhile.
    private func harness<Result: Sendable>(_ body: @MainActor @Sendable () -> Result) async -> Result {
        isCapturing = true
        defer { isCapturing = false }
        return await MainActor.run(body: body)
    }

    #if canImport(Darwin)
        override func record(_ issue: XCTIssue) {
            guard isCapturing else { return super.record(issue) }
            failures.append(issue.compactDescription)
        }
    #else
        override func recordFailure(
            withDescription description: String,
            inFile filePath: String,
            atLine lineNumber: Int,
            expected: Bool
        ) {
            guard isCapturing else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            failures.append(description)
        }
    #endif

    func testAnExpectedMessageNeverSentFailsTheTestAtTheExpectationsLine() async {
        let line = await harness {
            let test = TestOwner(testing: ScreenTracker())
            let line = #line + 1
            test.expectSent((any AnalyticsConversation).self)
            test.finish()
            return line
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.contains("XCTestReportingTests.swift:\(line)") == true, "\(failures)")
        XCTAssertTrue(failures.first?.contains("AnalyticsConversation") == true, "\(failures)")
    }

    func testAMessageSentButNeverAssertedFailsTheTestWhenItFinishes() async {
        await harness {
            let test = TestOwner(testing: ScreenTracker())
            test.stub(FakeAnalytics())
            test.drive(to: .loaded)
            test.finish()
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.contains("never asserted") == true, "\(failures)")
        XCTAssertTrue(failures.first?.contains("AnalyticsConversation.track(\"loaded\")") == true, "\(failures)")
    }

    func testATestThatMeetsEveryExpectationRecordsNoFailure() async {
        await harness {
            let test = TestOwner(testing: ScreenTracker())
            test.stub(FakeAnalytics())
            test.drive(to: .loaded)
            test.expectSent((any AnalyticsConversation).self, "track(\"loaded\")")
            test.finish()
        }
        XCTAssertEqual(failures, [])
    }
}
