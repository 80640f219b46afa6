import BCKit
import BCKitTesting
import Testing

private func says(_ phrase: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(phrase) } }
}

/// Counts its resets: a reused cell's controller.
private final class ReusedController: BusinessController {
    weak var owner: Owner?
    var resets = 0

    func ownerWillReuse() { resets += 1 }
}

@MainActor
@Suite struct TestOwnerLifecycleTests {
    @Test(arguments: [
        (LifecycleState.initial, [LifecycleEvent]()),
        (.loaded, [.didLoad]),
        (.appearing, [.didLoad, .willAppear]),
        (.appeared, [.didLoad, .willAppear, .didAppear]),
        (.disappearing, [.didLoad, .willAppear, .didAppear, .willDisappear]),
    ])
    func drivingToAStateDeliversTheUsualPathInOneCall(state: LifecycleState, events: [LifecycleEvent]) {
        let test = TestOwner(testing: QuietController())

        test.drive(to: state)

        #expect(test.owner.state == state)
        #expect(test.owner.state(of: test.controller) == state)
        #expect(test.lifecycle() == events)
        test.finish()
    }

    @Test func drivingBackToLoadedClosesTheAppearance() {
        let test = TestOwner(testing: QuietController())

        test.drive(to: .appeared)
        test.drive(to: .loaded)
        test.drive(to: .appearing)

        test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear, .willAppear])
        test.finish()
    }

    @Test func drivingToTornDownDetachesTheControllerAfterItsDownEvents() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .appeared)

        test.drive(to: .tornDown)

        #expect(test.owner.state == .tornDown)
        #expect(test.controller.owner == nil)
        test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])
        test.finish()
    }

    @Test func aCancelledAppearanceIsDrivenEventByEvent() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .appearing)

        test.handle(.willDisappear)
        test.handle(.didDisappear)

        test.expectLifecycle([.didLoad, .willAppear, .willDisappear, .didDisappear])
        test.finish()
    }

    @Test func aControllerMountedLateCatchesUpWithTheOwner() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .appeared)

        let late = test.mount(QuietController())

        test.expectLifecycle([.didLoad, .willAppear, .didAppear], of: late)
        test.finish()
    }

    /// A controller unmounted and mounted again has the events of its latest mount.
    @Test func aControllerMountedAgainHasTheEventsSinceItsLatestMount() {
        let test = TestOwner(testing: QuietController())
        let other = test.mount(QuietController())
        test.drive(to: .loaded)
        test.unmount(other)
        test.mount(other)
        test.drive(to: .appeared)

        test.expectLifecycle([.didLoad, .willAppear, .didAppear], of: other)
        test.finish()
    }

    @Test func unmountingAVisibleControllerClosesItsAppearance() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .appeared)

        test.unmount(test.controller)

        #expect(test.controller.owner == nil)
        test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])
        test.finish()
    }

    /// A reuse closes the appearance inside its own delivery; the closing events are recorded where
    /// the controller got them, before the next appearance, not inside it.
    @Test func aReuseRecordsItsClosingEventsBeforeTheNextAppearance() throws {
        let test = TestOwner(testing: ReusedController())
        test.drive(to: .appeared)

        try test.owner.prepareForReuse()
        test.drive(to: .appeared)

        #expect(test.controller.resets == 1)
        test.expectLifecycle([
            .didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear, .willAppear, .didAppear,
        ])
        test.finish()
    }

    /// The events are read when asked for, so what the owner delivered without the test owner
    /// shows at once.
    @Test func theLifecycleReadStraightAfterAReuseOfTheOwnerHasItsClosingEvents() throws {
        let test = TestOwner(testing: ReusedController())
        test.drive(to: .appeared)

        try test.owner.prepareForReuse()

        #expect(test.lifecycle() == [.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])
        test.finish()
    }

    @Test func preparingForReuseClosesTheAppearanceAndResetsTheController() {
        let test = TestOwner(testing: ReusedController())

        test.drive(to: .appeared)
        test.prepareForReuse()
        test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])

        #expect(test.owner.state == .loaded)
        #expect(test.controller.resets == 1)
        test.finish()
    }

    @Test func aRefusedReuseIsReportedAtTheCallAndResetsNothing() {
        let test = TestOwner(testing: ReusedController())
        test.drive(to: .tornDown)

        let line = #line + 2
        withKnownIssue {
            test.prepareForReuse()
        } matching: { issue in
            issue.sourceLocation?.line == line && says("Cannot prepare for reuse")(issue)
        }

        #expect(test.controller.resets == 0)
        test.finish()
    }

    @Test func finishingTearsTheOwnerDown() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .appeared)

        test.finish()

        #expect(test.owner.state == .tornDown)
        #expect(test.owner.controllers.isEmpty)
        test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])
    }

    @Test func drivingBackToInitialIsReportedAtTheCallSite() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .loaded)

        let line = #line + 2
        withKnownIssue {
            test.drive(to: .initial)
        } matching: { issue in
            issue.sourceLocation?.line == line
        }

        #expect(test.owner.state == .loaded)
        test.finish()
    }

    @Test func aLifecycleMismatchFailsTheTest() {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .loaded)

        withKnownIssue {
            test.expectLifecycle([.didLoad, .willAppear])
        }
        test.finish()
    }

    /// Each refusal of the owner underneath is an issue at the call, never a crash, and changes
    /// nothing: a controller mounted twice, a stub of another owner, an unmount of a stranger, an
    /// event the lifecycle cannot take.
    @Test func refusedRequestsAreReportedAtTheCallAndChangeNothing() throws {
        let elsewhere = Owner()
        let foreignStub = FakeAlerts()
        try elsewhere.attach(foreignStub)
        let test = TestOwner(testing: QuietController())

        withKnownIssue {
            test.mount(test.controller)
        } matching: { issue in
            says("Cannot mount QuietController")(issue)
        }
        withKnownIssue {
            test.stub(foreignStub)
        } matching: { issue in
            says("Cannot attach stub FakeAlerts")(issue)
        }
        withKnownIssue {
            test.unmount(QuietController())
        } matching: { issue in
            says("Cannot unmount")(issue)
        }
        withKnownIssue {
            test.handle(.didAppear)
        } matching: { issue in
            says("Cannot handle did-appear")(issue)
        }

        #expect(foreignStub.owner === elsewhere)
        #expect(test.owner.controllers.count == 1)
        #expect(test.owner.state == .initial)
        test.drive(to: .appeared)
        test.expectLifecycle([.didLoad, .willAppear, .didAppear])
        test.finish()
    }

    @Test func testingAControllerOfAnotherOwnerIsReportedAndLeavesItThere() throws {
        let elsewhere = Owner()
        let controller = QuietController()
        try elsewhere.attach(controller)
        withKnownIssue {
            TestOwner(testing: controller).finish()
        } matching: { issue in
            says("Cannot mount QuietController")(issue)
        }
        #expect(controller.owner === elsewhere)
    }

    /// The recording tells stubs from controllers under test by type name, so a stub of the
    /// tested type, or a controller mounted with a stub's type, is an issue (not a crash that
    /// would stop every other test) and is not attached.
    @Test func aStubAndAControllerUnderTestOfOneTypeAreReportedNotAttached() {
        let test = TestOwner(testing: QuietController())
        let twin = QuietController()
        withKnownIssue {
            test.stub(twin)
        } matching: { issue in
            says("Cannot attach stub QuietController: QuietController is a controller under test")(issue)
        }
        test.stub(FakeAlerts())
        withKnownIssue {
            test.mount(FakeAlerts())
        } matching: { issue in
            says("Cannot mount FakeAlerts: FakeAlerts is already a stub here")(issue)
        }
        #expect(twin.owner == nil)
        #expect(test.owner.controllers.count == 2)
        test.finish()
    }
}
