import BCKit
import Testing

/// A clock whose every sleep fails at once with ``UsedTheOwnersClock``, so a test can tell which
/// clock a controller task slept on without waiting.
private struct TellingClock: Clock {
    struct UsedTheOwnersClock: Error {}

    var now: ContinuousClock.Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        throw UsedTheOwnersClock()
    }
}

/// How a nap ended; shared, so it outlives a detached controller.
@MainActor
private final class NapOutcome {
    var text = "not yet"
}

/// Sleeps in a controller task and notes how the sleep ended.
private final class NappingController: BusinessController {
    weak var owner: Owner?
    let outcome = NapOutcome()

    @discardableResult
    func nap(for duration: Duration) -> Task<Void, Never> {
        let outcome = outcome
        return task { context in
            do {
                try await context.sleep(for: duration)
                outcome.text = "woke"
            } catch is TellingClock.UsedTheOwnersClock {
                outcome.text = "slept on the owner's clock"
            } catch is CancellationError {
                outcome.text = "cancelled"
            } catch {
                outcome.text = "\(error)"
            }
        }
    }
}

@MainActor
@Suite struct OwnerClockTests {
    @Test func anOwnersClockIsContinuousUntilSetAndNestedOwnersInheritTheirParents() throws {
        let parent = Owner(name: "Parent")
        let nested = Owner(name: "Nested")
        try parent.attach(nested)
        #expect(parent.clock is ContinuousClock)

        parent.clock = SuspendingClock()
        #expect(nested.clock is SuspendingClock)

        nested.clock = TellingClock()
        #expect(nested.clock is TellingClock)
        #expect(parent.clock is SuspendingClock)
    }

    @Test func aControllerTaskSleepsOnItsOwnersClockAlsoWhenInherited() async throws {
        let parent = Owner(name: "Parent")
        parent.clock = TellingClock()
        let nested = Owner(name: "Nested")
        try parent.attach(nested)
        let napper = NappingController()
        try nested.attach(napper)

        await napper.nap(for: .seconds(3600)).value

        #expect(napper.outcome.text == "slept on the owner's clock")
    }

    @Test func aSleepEndsWithCancellationWhenTheControllerIsDetached() async throws {
        let owner = Owner()
        let napper = NappingController()
        try owner.attach(napper)
        let nap = napper.nap(for: .seconds(3600))
        while owner.unfinishedTasks.first?.waiting == nil { await Task.yield() }
        #expect(owner.unfinishedTasks.first?.waiting == "sleeping 3600.0 seconds on ContinuousClock")

        try owner.detach(napper)
        await nap.value

        #expect(napper.outcome.text == "cancelled")
    }
}
