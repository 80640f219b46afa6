import BCKit
import BCKitTesting
import Testing

/// Registered to be made for price questions on the screen's appearance, but answers none: its
/// creation is reported as it happens.
private final class SilentBanner: BusinessController {
    weak var owner: Owner?
}

/// Keeps a scroll offset under the key `ScrollKeeper` uses too: a duplicate key.
@MainActor
private final class OtherScrollKeeper: RestorableController {
    weak var owner: Owner?
    var savedStateKey: String { "comments.scroll" }

    func saveState() -> Double? { 1 }
    func restoreState(_ state: Double) {}
}

/// A kit diagnostic made while a harness call runs fails the test at that call's line, where the
/// test did what caused it, not at the line that created the test owner.
@MainActor
@Suite struct DiagnosticLocationTests {
    @Test func aDiagnosticOfADriveIsReportedAtTheDrive() throws {
        let test = TestOwner(testing: QuietController())
        try test.owner.attach(lazily: { SilentBanner() }, speaking: [(any PriceQuery).self])
        let line = #_sourceLocation.line + 2
        withKnownIssue {
            test.drive(to: .appeared)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("lazy controller does not speak its conversation") }
        }
        test.finish()
    }

    @Test func aDiagnosticOfTheSaveARelaunchMakesIsReportedAtTheRelaunch() {
        let test = TestOwner(testing: ScrollKeeper())
        let line = #_sourceLocation.line + 3
        withKnownIssue {
            test.mount(OtherScrollKeeper())
            let relaunched = test.relaunch { ScrollKeeper() }
            relaunched.finish()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("duplicate saved-state key") }
        }
    }

    @Test func aDiagnosticOutsideAHarnessCallIsReportedWhereTheTestOwnerWasCreated() throws {
        let line = #_sourceLocation.line + 1
        let test = TestOwner(testing: QuietController())
        try test.owner.attach(lazily: { SilentBanner() }, speaking: [(any PriceQuery).self])
        try withKnownIssue {
            try test.owner.didLoad()
            try test.owner.willAppear()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("lazy controller does not speak its conversation") }
        }
        test.finish()
    }
}
