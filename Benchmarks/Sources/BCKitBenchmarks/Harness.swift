import Dispatch

/// Nanoseconds on the monotonic clock.
@inline(__always)
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Runs `body` `iterations` times and returns how long that took; inlined so the loop holds the
/// body itself, not a call through a closure.
@inline(__always)
func timeLoop(_ iterations: Int, _ body: () -> Void) -> UInt64 {
    let start = now()
    for _ in 0..<iterations {
        body()
    }
    return now() - start
}

/// One side of a comparison: the kit or a baseline, ready to run.
@MainActor
struct Runner {
    /// What the side is, as the table prints it (`kit`, `limit`, `NotificationCenter`...).
    let label: String
    /// The operations one iteration stands for: the divisor that gives ns per operation.
    let operations: Int
    /// Calls to receivers one iteration must make; checked before anything is timed.
    let expectedCalls: Int
    let tally: Tally
    /// Runs that many iterations and returns the nanoseconds to report for them.
    let run: (Int) -> UInt64

    /// Fails loudly if the side did not make exactly the calls it should, so nothing the table
    /// reports was optimised away or skipped.
    func verify() {
        for iterations in [1, 3] {
            tally.count = 0
            _ = run(iterations)
            precondition(
                tally.count == expectedCalls * iterations,
                "\(label): \(tally.count) calls for \(iterations) iterations, expected \(expectedCalls * iterations)"
            )
        }
        tally.count = 0
    }

    /// The smallest iteration count whose run takes at least `target` nanoseconds.
    func calibrate(target: UInt64) -> Int {
        var iterations = 1
        while true {
            let elapsed = run(iterations)
            if elapsed >= target { return iterations }
            let scaled = Double(iterations) * Double(target) / Double(max(elapsed, 1)) * 1.2
            iterations = max(iterations * 2, min(Int(scaled), iterations * 100))
        }
    }
}

/// Repeated timings of one side.
struct Samples {
    var values: [Double] = []

    var median: Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// (max - min) / median, in percent: how far apart the repetitions landed.
    var spread: Double {
        guard let low = values.min(), let high = values.max(), median > 0 else { return 0 }
        return (high - low) / median * 100
    }
}

/// How long to run each case and how often.
struct Method {
    var target: UInt64
    var repetitions: Int
    var memoryControllers: Int
    /// The owner sizes of the churn rows; CI's quick run leaves out 20,000.
    var churnSizes: [Int]
    /// Whether the run is long enough to judge a target: the quick run's few milliseconds per case
    /// are not, and CI checks its rows run, not their figures.
    var judgesTargets: Bool

    static let full = Method(
        target: 100_000_000, repetitions: 7, memoryControllers: 100_000, churnSizes: [20, 200, 2000, 20_000],
        judgesTargets: true)
    static let quick = Method(
        target: 2_000_000, repetitions: 3, memoryControllers: 20_000, churnSizes: [20, 200, 2000],
        judgesTargets: false)

    /// How a target's row reads: met or not in a full run, and in the quick run neither, since
    /// nothing gates on it there.
    func verdict(_ isMet: Bool) -> String {
        guard judgesTargets else { return "not gated in CI" }
        return isMet ? "met" : "**not met**"
    }
}

/// Times the kit against its baselines: every side is verified, then calibrated to the target,
/// then each repetition runs every side once, the kit first on even repetitions and last on odd
/// ones, so drift on a noisy machine hits all sides alike.
@MainActor
func compare(_ name: String, n: Int, kit: Runner, baselines: [Runner], method: Method) -> [Row] {
    let sides = [kit] + baselines
    for side in sides {
        side.verify()
    }
    let iterations = sides.map { $0.calibrate(target: method.target) }
    var samples = Array(repeating: Samples(), count: sides.count)
    for repetition in 0..<method.repetitions {
        var order = Array(sides.indices)
        if repetition % 2 == 1 {
            order = Array(order.dropFirst()) + [0]
        }
        for index in order {
            let elapsed = sides[index].run(iterations[index])
            samples[index].values.append(Double(elapsed) / Double(iterations[index] * sides[index].operations))
        }
    }
    return baselines.indices.map { position in
        let baseline = samples[position + 1]
        return Row(
            name: name,
            n: n,
            unit: "ns",
            kit: samples[0].median,
            kitSpread: samples[0].spread,
            baseline: baselines[position].label,
            baselineValue: baseline.median,
            baselineSpread: baseline.spread
        )
    }
}
