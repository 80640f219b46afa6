public import BCKit
public import Testing

extension TestOwner {
    /// Simulates process death and a relaunch in one line: saves the owner's state, ends this
    /// test owner as the process dies (finishing it), and mounts a fresh controller in a fresh
    /// owner that restores from what was saved.
    ///
    /// ```swift
    /// @Test func theDraftSurvivesProcessDeath() {
    ///     let test = TestOwner(testing: ComposerController())
    ///     test.drive(to: .appeared)
    ///     test.controller.type("Hello")
    ///
    ///     let relaunched = test.relaunch { ComposerController() }
    ///
    ///     #expect(relaunched.controller.draft == "Hello")
    ///     #expect(relaunched.restoredControllers == ["ComposerController"])
    ///     relaunched.finish()
    /// }
    /// ```
    ///
    /// The archive makes the whole trip a real one does: it is written as bytes and read back, so
    /// a piece that does not survive encoding fails here as it would on a device. The dying
    /// controllers hear nothing more, as in a process that is killed: no disappearance and no
    /// goodbye, their tasks cancelled. So state a controller writes elsewhere on its way out
    /// (from `ownerDidDisappear()` or `willDetach(from:)`) is lost here as it would be on a device. What the
    /// controllers sent before the relaunch must be asserted first (this test owner finishes
    /// with its own exhaustivity); the relaunched test owner has the same exhaustivity and
    /// records afresh, so a test checks the restored state and that the restore sent nothing
    /// else, as for any other test owner. It starts `LifecycleState.initial`, as a rebuilt
    /// screen does: drive it where the test needs it. Mount fresh siblings on it with
    /// ``mount(_:priority:sourceLocation:)``; each gets its piece before its `didAttach(to:)`.
    ///
    /// - Parameters:
    ///   - sourceLocation: Where the relaunched test owner reports; the caller's line by default.
    ///   - makeController: Makes the fresh controller under test, as the relaunched app would.
    /// - Returns: The relaunched test owner.
    public func relaunch(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ makeController: () -> Controller
    ) -> TestOwner<Controller> {
        relaunch(stubbing: [], sourceLocation: sourceLocation, makeController)
    }

    /// Simulates process death and a relaunch, as ``relaunch(sourceLocation:_:)`` does, into a
    /// fresh owner that has `stubs` attached before the controller under test: they hear what
    /// its restore sends.
    ///
    /// A controller may send from `restoreState(_:)`, which runs as the controller is mounted,
    /// before a test could call ``stub(_:priority:sourceLocation:)``. Hand fresh stubs here
    /// instead, and assert what the restore sent as for any other send:
    ///
    /// ```swift
    /// let player = FakePlayer()
    /// let relaunched = test.relaunch(stubbing: [player]) { CaptionsController() }
    ///
    /// relaunched.expectSent((any PlayerConversation).self, "seek(to: 77)")
    /// #expect(player.calls.map(\.description) == ["seek(to: 77)"])
    /// relaunched.finish()
    /// ```
    ///
    /// - Parameters:
    ///   - stubs: Fresh stubs, attached in this order before the controller under test.
    ///   - sourceLocation: Where the relaunched test owner reports; the caller's line by default.
    ///   - makeController: Makes the fresh controller under test, as the relaunched app would.
    /// - Returns: The relaunched test owner.
    public func relaunch(
        stubbing stubs: [any BusinessController],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ makeController: () -> Controller
    ) -> TestOwner<Controller> {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        var archive: SavedStateArchive?
        if isFinished || owner.state == .tornDown {
            TestFailure.record(
                Comment(rawValue: "Cannot save the state of \(label): it is finished or torn down; relaunch before."),
                sourceLocation: sourceLocation
            )
        } else {
            archive = Self.throughBytes(owner.saveState(), sourceLocation)
        }
        finish(asProcessDeath: true)
        let fresh = makeController()
        if fresh === controller {
            TestFailure.record(
                Comment(
                    rawValue:
                        "relaunch was handed the same \(Self.name(of: fresh)); make a new one, as a relaunched app does."
                ),
                sourceLocation: sourceLocation
            )
        }
        return TestOwner(
            testing: fresh, stubbing: stubs, exhaustivity: exhaustivity, restoring: archive,
            sourceLocation: sourceLocation)
    }

    /// The controllers that got a saved piece back, by type name, in the order they got it.
    ///
    /// Empty unless the test owner was made with an archive (``relaunch(sourceLocation:_:)``,
    /// ``init(testing:exhaustivity:restoring:sourceLocation:)``).
    public var restoredControllers: [String] { recorder.restored }

    /// The archive after the trip a real one makes: written as bytes and read back.
    private static func throughBytes(_ archive: SavedStateArchive, _ sourceLocation: SourceLocation)
        -> SavedStateArchive?
    {
        do {
            return try SavedStateArchive(bytes: archive.bytes)
        } catch {
            TestFailure.record(
                Comment(rawValue: "The saved archive did not read back: \(error)"), sourceLocation: sourceLocation)
            return nil
        }
    }
}
