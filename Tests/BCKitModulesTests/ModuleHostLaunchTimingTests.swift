import BCKit
import BCKitModules
import Testing

/// Both branches of the launch's availability check, on any system: the immediate start of iOS 26,
/// macOS 26 and Linux, and the start at the launch's next suspension of older Apple systems, which
/// most devices run and no CI machine would otherwise take.
@MainActor
@Suite struct ModuleHostLaunchTimingTests {
    let recorder = Recorder()

    /// A concurrent start that suspends once, registered before a sequential one that never does.
    @Test(
        arguments: [
            (
                ModuleHost.ConcurrentStartTiming.immediatelyWhereAvailable,
                ["slow begin", "next begin", "next end", "slow end", "slow launched", "next launched"]
            ),
            (
                .atTheLaunchsNextSuspension,
                ["next begin", "next end", "slow begin", "slow end", "slow launched", "next launched"]
            ),
        ]
    )
    func aConcurrentStartBeginsWhereTheTimingSaysAndTheLaunchWaitsForIt(
        timing: ModuleHost.ConcurrentStartTiming, expected: [String]
    ) async throws {
        let host = ModuleHost()
        let slow = RecordingModule("slow", recorder: recorder)
        slow.suspendsWhileStarting = true
        try host.register(slow, info: ModuleInfo(id: "slow", priority: 9, startsConcurrently: true))
        try host.register(RecordingModule("next", recorder: recorder), info: ModuleInfo(id: "next", priority: 5))
        try await host.launch(concurrentStarts: timing)
        let starts = recorder.entries.filter { !$0.hasSuffix("services") }
        // Where the start begins at once, its end races the next module's; only its place before
        // the announcement is fixed.
        if timing == .immediatelyWhereAvailable {
            #expect(starts.filter { $0 != "slow end" } == expected.filter { $0 != "slow end" })
            #expect(starts.firstIndex(of: "slow end").map { $0 < starts.firstIndex(of: "slow launched")! } == true)
        } else {
            #expect(starts == expected)
        }
    }

    /// A sequential start fails while a concurrent start registered before it has not begun, on
    /// older systems, or has, where starts are immediate.
    @Test(
        arguments: [
            (
                ModuleHost.ConcurrentStartTiming.immediatelyWhereAvailable,
                ["slow begin", "broken begin", "broken fails", "slow cancelled"]
            ),
            (.atTheLaunchsNextSuspension, ["broken begin", "broken fails"]),
        ]
    )
    func noStartBeginsAfterTheFirstFailureWhateverTheTiming(
        timing: ModuleHost.ConcurrentStartTiming, expected: [String]
    ) async throws {
        let host = ModuleHost()
        let recorder = recorder
        let slow = ScriptedModule {
            recorder.record("slow begin")
            for _ in 0..<10_000 where !Task.isCancelled { await Task.yield() }
            recorder.record(Task.isCancelled ? "slow cancelled" : "slow gave up")
        }
        let broken = ScriptedModule {
            recorder.record("broken begin")
            recorder.record("broken fails")
            throw StartRefused()
        }
        try host.register(slow, info: ModuleInfo(id: "slow", priority: 3, startsConcurrently: true))
        try host.register(broken, info: ModuleInfo(id: "broken", priority: 2))
        await #expect(throws: ModuleError.startFailed("broken", reason: "no network")) {
            try await host.launch(concurrentStarts: timing)
        }
        #expect(recorder.entries.filter { !$0.hasSuffix("services") } == expected)
    }
}
