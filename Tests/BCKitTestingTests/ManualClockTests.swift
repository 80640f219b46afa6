import BCKitTesting
import Testing

@MainActor
@Suite struct ManualClockTests {
    @Test func movingTheClockWakesExactlyTheSleepersThatFallDue() async {
        let clock = ManualClock()
        var sleepers: [Task<Void, any Error>] = []
        for seconds in [2, 1, 3] {
            sleepers.append(Task { try await clock.sleep(for: .seconds(seconds)) })
            while clock.deadlines.count < sleepers.count { await Task.yield() }
        }
        #expect(clock.deadlines.map(\.offset) == [.seconds(1), .seconds(2), .seconds(3)])

        await clock.advance(by: .milliseconds(1500))
        #expect(clock.deadlines.map(\.offset) == [.seconds(2), .seconds(3)])
        #expect(clock.now.description == "1.5 seconds")

        await clock.advance(by: .milliseconds(1500))
        #expect(clock.deadlines.map(\.offset) == [])
        for sleeper in sleepers { try? await sleeper.value }
        #expect(clock.now == ManualClock.Instant(offset: .seconds(3)))
    }

    @Test func aSleepWhoseDeadlineHasPassedReturnsAtOnce() async throws {
        let clock = ManualClock()
        await clock.advance(by: .seconds(10))

        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(3)))

        #expect(clock.deadlines == [])
    }

    @Test func aCancelledSleeperThrowsAndLeavesTheClock() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        while clock.deadlines.isEmpty { await Task.yield() }

        sleeper.cancel()

        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.deadlines == [])
    }

    @Test func copiesShareOneTime() async {
        let clock = ManualClock()
        let copy = clock

        await copy.advance(by: .seconds(2))

        #expect(clock.now.offset == .seconds(2))
        #expect(ManualClock.Instant(offset: .seconds(1)).advanced(by: .seconds(1)) == clock.now)
        #expect(clock.now.duration(to: ManualClock.Instant(offset: .seconds(5))) == .seconds(3))
    }
}
