import BCKit
import BCKitTesting
import Testing

/// Loads in a task when the screen loads, then tells analytics.
private final class LoaderController: BusinessController {
    weak var owner: Owner?
    private(set) var loaded = false

    func ownerDidLoad() {
        task { context in
            await Task.yield()
            context.controller?.loaded = true
            context.controller?.center.send((any AnalyticsConversation).self) { $0.track("loaded") }
        }
    }
}

/// Hears analytics and starts a task of its own for each event: work started by other work.
private final class EchoController: BusinessController, AnalyticsConversation {
    weak var owner: Owner?

    func track(_ event: String) {
        guard !event.hasPrefix("echo") else { return }
        task { context in
            await Task.yield()
            context.controller?.center.send((any AnalyticsConversation).self) { $0.track("echo \(event)") }
        }
    }
}

/// Says when its task has started, then waits for something nobody ever provides.
private final class WaitingController: BusinessController {
    weak var owner: Owner?
    private(set) var isWaiting = false

    func ownerDidLoad() {
        task { context in
            context.controller?.isWaiting = true
            try? await Task.sleep(for: .seconds(3600))
        }
    }
}

/// Waits for something nobody ever provides.
private final class SleepyController: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() {
        task { _ in try? await Task.sleep(for: .seconds(3600)) }
    }
}

/// Waits on the test's clock in a task it can cancel itself, as a timeout no longer needed.
private final class TimeoutController: BusinessController {
    weak var owner: Owner?
    private var timeout: Task<Void, Never>?

    func ownerDidLoad() {
        timeout = task { context in try? await context.sleep(for: .seconds(3)) }
    }

    func stopWaiting() { timeout?.cancel() }
}

/// Cancels its own task, which waits on something its cancellation does not reach.
private final class StubbornController: BusinessController {
    weak var owner: Owner?
    /// What the task waits for: a task of its own, so cancelling the controller's task leaves it
    /// running until the test cancels it.
    let release = Task { try? await Task.sleep(for: .seconds(3600)) }
    private(set) var isWaiting = false
    private var work: Task<Void, Never>?

    func ownerDidLoad() {
        let release = release
        work = task { context in
            context.controller?.isWaiting = true
            await release.value
        }
    }

    func stopWorking() { work?.cancel() }
}

@MainActor
@Suite struct TestOwnerSettlingTests {
    @Test func settleWaitsForTheControllersTasksSoTheirMessagesCanBeAsserted() async {
        let test = TestOwner(testing: LoaderController())
        test.stub(FakeAnalytics())
        test.drive(to: .loaded)
        #expect(test.sentMessages.isEmpty)

        await test.settle()

        #expect(test.controller.loaded)
        test.expectSent((any AnalyticsConversation).self, "track(\"loaded\")")
        test.finish()
    }

    @Test func settleWaitsForTasksThatOtherTasksStartedAndNamesEachSender() async {
        let test = TestOwner(testing: LoaderController())
        test.mount(EchoController())
        test.stub(FakeAnalytics())
        test.drive(to: .loaded)

        await test.settle()

        #expect(test.sentMessages.map(\.sender) == ["LoaderController", "EchoController"])
        test.expectSent(["AnalyticsConversation.track(\"loaded\")", "AnalyticsConversation.track(\"echo loaded\")"])
        test.finish()
    }

    @Test func settleReturnsAtOnceWhenNothingRuns() async {
        let test = TestOwner(testing: QuietController())
        test.drive(to: .appeared)
        await test.settle()
        test.finish()
    }

    @Test func finishingWhileATaskStillRunsFailsTheTest() async {
        let creation = #line + 1
        let test = TestOwner(testing: WaitingController())
        test.drive(to: .loaded)
        while !test.controller.isWaiting { await Task.yield() }

        withKnownIssue {
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == creation
                && issue.comments.contains { $0.rawValue.contains("1 task of WaitingController was still running") }
        }
        await test.settle()
    }

    @Test func finishingRightAfterTheControllerCancelledItsTaskSaysItWasCancelled() async {
        let creation = #line + 1
        let test = TestOwner(testing: TimeoutController())
        test.drive(to: .loaded)
        await test.settle()
        test.controller.stopWaiting()

        withKnownIssue {
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == creation
                && issue.comments.contains {
                    $0.rawValue.contains("1 task of TimeoutController was cancelled but had not ended yet")
                        && $0.rawValue.contains("Call `await settle()` before `finish()`")
                }
        }
        await test.settle()
    }

    @Test func aTaskTheControllerCancelledEndsWhenTheTestSettles() async {
        let test = TestOwner(testing: TimeoutController())
        test.drive(to: .loaded)
        await test.settle()
        test.controller.stopWaiting()

        await test.settle()
        test.finish()
    }

    @Test func settleGivingUpOnATaskTheControllerCancelledSaysItWasCancelled() async {
        let test = TestOwner(testing: StubbornController())
        test.drive(to: .loaded)
        while !test.controller.isWaiting { await Task.yield() }
        test.controller.stopWorking()

        await withKnownIssue {
            await test.settle(timeout: .milliseconds(20))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("a task of StubbornController, cancelled but not ended yet")
            }
        }

        test.controller.release.cancel()
        await test.settle()
        test.finish()
    }

    @Test func finishingWithoutExhaustivityLeavesARunningTaskAlone() async {
        let test = TestOwner(testing: WaitingController(), exhaustivity: .nonExhaustive)
        test.drive(to: .loaded)
        while !test.controller.isWaiting { await Task.yield() }
        test.finish()
        await test.settle()
    }

    @Test func aTaskSettleGaveUpOnIsNotReportedAgainWhenTheTestFinishes() async {
        let test = TestOwner(testing: WaitingController())
        test.drive(to: .loaded)

        await withKnownIssue {
            await test.settle(timeout: .milliseconds(20))
            test.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("settle() gave up") }
        }
        await test.settle()
    }

    @Test func settleGivesUpAndNamesTheControllerWhoseTaskStillRuns() async {
        let test = TestOwner(testing: SleepyController())
        test.drive(to: .loaded)

        await withKnownIssue {
            await test.settle(timeout: .milliseconds(20))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1 task of SleepyController still running") }
        }

        test.finish()
        await test.settle()
    }
}
