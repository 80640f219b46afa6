import BCKit
import BCKitTesting
import Testing

/// Ticks on the owner's clock: every second, three times, noting each tick, and at the first
/// tick starts a half-second task of its own.
private final class MetronomeController: BusinessController {
    weak var owner: Owner?
    private(set) var log: [String] = []

    func ownerDidLoad() {
        task { context in
            for beat in 1...3 {
                guard (try? await context.sleep(for: .seconds(1))) != nil else { return }
                context.controller?.log.append("beat \(beat)")
                if beat == 1 { context.controller?.startOffbeat() }
            }
        }
        task { context in
            guard (try? await context.sleep(for: .seconds(2))) != nil else { return }
            context.controller?.log.append("two seconds")
        }
    }

    private func startOffbeat() {
        task { context in
            guard (try? await context.sleep(for: .milliseconds(500))) != nil else { return }
            context.controller?.log.append("offbeat")
        }
    }
}

/// Waits a minute on the owner's clock, then says so.
private final class MinuteController: BusinessController {
    weak var owner: Owner?
    private(set) var waited = false

    func ownerDidLoad() {
        task { context in
            guard (try? await context.sleep(for: .seconds(60))) != nil else { return }
            context.controller?.waited = true
        }
    }
}

/// Waits a day on the owner's clock when loaded: on a real clock, it outlives any test run, however
/// slow the machine (a minute did not, in a full run on a loaded machine).
private final class DayController: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() {
        task { context in try? await context.sleep(for: .seconds(86_400)) }
    }
}

/// Ticks every second on the owner's clock, for as long as it runs.
private final class TickerController: BusinessController {
    weak var owner: Owner?
    private(set) var ticks = 0

    func ownerDidLoad() {
        task { context in
            while (try? await context.sleep(for: .seconds(1))) != nil {
                context.controller?.ticks += 1
            }
        }
    }
}

/// Sleeps a second and two seconds at once, from two child tasks of one controller task.
private final class TwoNapsController: BusinessController {
    weak var owner: Owner?
    private(set) var log: [String] = []

    func ownerDidLoad() {
        task { context in
            async let short: Void = Self.nap(for: 1, in: context)
            async let long: Void = Self.nap(for: 2, in: context)
            _ = await (short, long)
        }
    }

    private static func nap(for seconds: Int64, in context: ControllerTaskContext<TwoNapsController>) async {
        guard (try? await context.sleep(for: .seconds(seconds))) != nil else { return }
        context.controller?.log.append("woke after \(seconds) s")
    }
}

/// Two timers set in one callback with the same deadline.
private final class TwinTimersController: BusinessController {
    weak var owner: Owner?
    private(set) var log: [String] = []

    func ownerDidLoad() {
        for name in ["first", "second"] {
            task { context in
                guard (try? await context.sleep(for: .seconds(1))) != nil else { return }
                context.controller?.log.append(name)
            }
        }
    }
}

@MainActor
@Suite struct TestOwnerClockTests {
    @Test func theTypingIndicatorTimesOutOnTheOwnersClockWithNoRealWaiting() async {
        let test = TestOwner(testing: TypingIndicatorController())
        test.stub(FakeTypingBanner())
        test.drive(to: .appeared)

        test.center.peerDidStartTyping(userID: "bob")
        await test.advance(by: .milliseconds(2999))
        #expect(test.controller.typing == ["bob"])
        test.expectNoMoreSent()

        await test.advance(by: .milliseconds(1))
        #expect(test.controller.typing == [])
        test.expectSent((any TypingConversation).self, "peerDidStopTyping(userID: \"bob\")")
        #expect(test.clock.now == ManualClock.Instant(offset: .seconds(3)))
        test.finish()
    }

    @Test func typingAgainRestartsTheTimeout() async {
        let test = TestOwner(testing: TypingIndicatorController())
        test.stub(FakeTypingBanner())

        test.center.peerDidStartTyping(userID: "bob")
        await test.advance(by: .seconds(2))
        test.center.peerDidStartTyping(userID: "bob")
        await test.advance(by: .seconds(2))
        test.expectNoMoreSent()

        await test.advance(by: .seconds(1))
        test.expectSent((any TypingConversation).self, "peerDidStopTyping(userID: \"bob\")")
        #expect(test.clock.deadlines == [])
        test.finish()
    }

    @Test func sleepersWithOneDeadlineWakeInTheOrderTheyBeganToSleep() async {
        let test = TestOwner(testing: TypingIndicatorController())
        test.stub(FakeTypingBanner())

        test.center.peerDidStartTyping(userID: "bob")
        test.center.peerDidStartTyping(userID: "alice")
        await test.advance(by: .seconds(3))

        test.expectSent([
            "TypingConversation.peerDidStopTyping(userID: \"bob\")",
            "TypingConversation.peerDidStopTyping(userID: \"alice\")",
        ])
        test.finish()

        let twins = TestOwner(testing: TwinTimersController())
        twins.drive(to: .loaded)
        await twins.advance(by: .seconds(1))
        #expect(twins.controller.log == ["first", "second"])
        twins.finish()
    }

    @Test func whatWakesInOneAdvanceRunsInOrderOfDeadlineSleepsStartedMeanwhileIncluded() async {
        let test = TestOwner(testing: MetronomeController())
        test.drive(to: .loaded)

        await test.advance(by: .seconds(3))

        // "two seconds" began to sleep before "beat 2", for the same deadline: it wakes first.
        #expect(test.controller.log == ["beat 1", "offbeat", "two seconds", "beat 2", "beat 3"])
        #expect(test.clock.now == ManualClock.Instant(offset: .seconds(3)))
        await test.settle()
        test.finish()
    }

    @Test func aTaskStartedJustBeforeAdvancingCountsItsSleepFromThatMoment() async {
        let test = TestOwner(testing: MinuteController())
        await test.advance(by: .seconds(30))
        test.drive(to: .loaded)

        await test.advance(by: .seconds(60))

        #expect(test.controller.waited)
        test.finish()
    }

    @Test func aDetachedControllersSleepingTaskIsCancelledAndNeverWakes() async {
        let test = TestOwner(testing: QuietController())
        let minute = test.mount(MinuteController())
        test.drive(to: .loaded)
        await test.settle()
        #expect(test.clock.deadlines == [ManualClock.Instant(offset: .seconds(60))])

        test.unmount(minute)
        await test.settle()

        #expect(test.clock.deadlines == [])
        await test.advance(by: .seconds(60))
        #expect(!minute.waited)
        test.finish()
    }

    @Test func settleReturnsWhileTasksSleepOnTheClock() async {
        let test = TestOwner(testing: MinuteController())
        test.drive(to: .loaded)

        await test.settle()

        #expect(test.clock.deadlines == [ManualClock.Instant(offset: .seconds(60))])
        #expect(!test.controller.waited)
        test.finish()
    }

    /// A task whose child tasks sleep at once says it sleeps for as long as one of them does: the
    /// first to wake does not hide the other.
    @Test(.timeLimit(.minutes(1)))
    func aTaskStillSleepingInOneChildAfterTheOtherWokeSaysSo() async {
        let test = TestOwner(testing: TwoNapsController())
        test.drive(to: .loaded)
        await test.settle()
        await yieldUntil { test.clock.deadlines.count == 2 }
        // The two began to sleep in whichever order the executor ran them.
        let both = test.owner.unfinishedTasks.first?.waiting ?? ""
        #expect(both.contains("sleeping 1.0 seconds on ManualClock"))
        #expect(both.contains("sleeping 2.0 seconds on ManualClock"))

        await test.advance(by: .seconds(1))
        #expect(test.controller.log == ["woke after 1 s"])
        #expect(test.owner.unfinishedTasks.map(\.waiting) == ["sleeping 2.0 seconds on ManualClock"])

        await test.advance(by: .seconds(1))
        #expect(test.controller.log == ["woke after 1 s", "woke after 2 s"])
        await test.settle()
        #expect(test.owner.unfinishedTasks.isEmpty)
        test.finish()
    }

    @Test func settleNamesATaskThatSleepsOnAnotherClockAndWhere() async {
        let test = TestOwner(testing: DayController())
        test.owner.clock = ContinuousClock()
        test.drive(to: .loaded)

        await withKnownIssue {
            await test.settle(timeout: .milliseconds(300))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("1 task of DayController still running")
                && text.contains("sleeping 86400.0 seconds on ContinuousClock, not the test's clock")
        }
        test.finish()
        await test.settle()
    }

    @Test func theTestOwnersClockIsTheOwnersAndNestedOwnersInheritIt() async {
        let test = TestOwner(testing: QuietController())
        let nested = Owner(name: "Nested")
        test.stub(nested)
        let minute = MinuteController()
        try? nested.attach(minute)
        test.drive(to: .loaded)
        await test.advance(by: .zero)

        #expect(test.owner.clock is ManualClock)
        #expect(nested.clock is ManualClock)
        #expect(test.clock.deadlines == [ManualClock.Instant(offset: .seconds(60))])
        await test.advance(by: .seconds(60))
        #expect(minute.waited)
        test.finish()
    }

    @Test func aControllerAsleepOnTheClockIsFreedWithItsTestOwner() async {
        await expectNoLeaks {
            let test = TestOwner(testing: MinuteController())
            test.drive(to: .loaded)
            await test.settle()
            #expect(test.clock.deadlines.count == 1)
            test.finish()
        }
    }
}

@MainActor
@Suite struct TestOwnerClockMisuseTests {
    @Test func advancingByANegativeDurationFailsAndLeavesTheClock() async {
        let test = TestOwner(testing: QuietController())
        let before = test.clock.now
        let line = #line + 2
        await withKnownIssue {
            await test.advance(by: .seconds(-5))
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("backwards") }
        }
        #expect(test.clock.now == before)
        test.finish()
    }

    /// A move past the latest moment the clock shows fails the test, where the sum of the two
    /// durations would otherwise overflow and stop the process.
    @Test func advancingPastTheLatestMomentFailsAndLeavesTheClock() async {
        let test = TestOwner(testing: QuietController())
        await test.advance(by: .seconds(Int64.max / 2))
        let before = test.clock.now
        let line = #line + 2
        await withKnownIssue {
            await test.advance(by: .seconds(Int64.max))
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("latest moment") }
        }
        #expect(test.clock.now == before)
        test.finish()
    }

    /// The clock never reaches its latest moment, and a sleep that would end there or later never
    /// falls due: a poller started as late as the clock goes waits, rather than waking at once
    /// again and again.
    @Test func aSleepEndingPastTheLatestMomentNeverFallsDue() async {
        let test = TestOwner(testing: TickerController())
        await withKnownIssue {
            await test.advance(by: .seconds(Int64.max))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("latest moment") }
        }
        await test.advance(by: .seconds(Int64.max - 1))
        test.drive(to: .loaded)
        await test.settle()
        #expect(test.controller.ticks == 0)
        #expect(test.clock.deadlines.count == 1)
        test.finish()
    }

    @Test(arguments: [Duration.seconds(-1), .seconds(Int64.max) * 2])
    func aManualClockMovedBackwardsOrTooFarFailsAndStays(_ duration: Duration) async {
        let clock = ManualClock()
        await withKnownIssue {
            await clock.advance(by: duration)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("ManualClock.advance(by:") }
        }
        #expect(clock.now == ManualClock.Instant(offset: .zero))
    }
}
