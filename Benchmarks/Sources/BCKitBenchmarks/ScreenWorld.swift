import BCKit
import Foundation

/// The headline case: a whole screen session of 20 controllers of 20 types, each speaking two of
/// eight conversations, four answering one of two queries. One session opens the screen (creates
/// and attaches the controllers), loads it, shows it, makes 200 sends (25 rounds over the eight
/// conversations) and 50 queries, hides it and tears it down; against the same session
/// hand-wired. Opening and closing alone is measured at 20 and 200 controllers against casting
/// every (controller, conversation) pair, and the cold session (the first of these types in a
/// process) runs in a fresh process beside the cast floor.
@MainActor
final class ScreenWorld {
    let tally = Tally()
    static let rounds = 25
    static let queryRounds = 25
    /// Receiver calls of one session: five lifecycle events to 20 parts, the sends, one answer per
    /// query.
    static let sessionCalls = 5 * 20 + rounds * screenReceivers.reduce(0, +) + 2 * queryRounds
    /// The conversations and queries every part is asked about on a cold screen.
    static let pairs = 20 * 10

    var kit: Runner {
        Runner(label: "kit", operations: 1, expectedCalls: Self.sessionCalls, tally: tally) { [tally] iterations in
            timeLoop(iterations) { kitSession(tally) }
        }
    }

    var handWired: Runner {
        Runner(label: "hand-wired", operations: 1, expectedCalls: Self.sessionCalls, tally: tally) {
            [tally] iterations in
            timeLoop(iterations) { handWiredSession(tally) }
        }
    }

    /// Asks each part once about each conversation with `as?`: what discovering conformances costs.
    var castFloor: Runner {
        Runner(label: "as? each pair", operations: 1, expectedCalls: 0, tally: tally) { [tally] iterations in
            timeLoop(iterations) {
                let hits = castEveryPair(makeScreenParts(tally))
                precondition(hits == 44, "cast floor: \(hits) conformances")
            }
        }
    }

    /// Opening and closing an owner of `copies` x 20 controllers: attach, one send to each
    /// conversation and one `all` to each query (so every table is built), tear down.
    func openClose(copies: Int) -> Runner {
        let calls = copies * (screenReceivers.reduce(0, +) + 4)
        return Runner(label: "kit", operations: 20 * copies, expectedCalls: calls, tally: tally) {
            [tally] iterations in
            timeLoop(iterations) { kitOpenClose(tally, copies: copies) }
        }
    }

    /// The same controllers cast to every conversation, each hit called once.
    func castOpenClose(copies: Int) -> Runner {
        let calls = copies * (screenReceivers.reduce(0, +) + 4)
        return Runner(label: "as? each pair", operations: 20 * copies, expectedCalls: calls, tally: tally) {
            [tally] iterations in
            timeLoop(iterations) { castAndCall(makeScreenParts(tally, copies: copies)) }
        }
    }

    /// The side the callgrind script names. Every warm side runs once first, so a count over S
    /// sessions holds no first-use cost; the cold ones must be the first of their types.
    func runner(named name: String) -> Runner? {
        let runner: Runner
        switch name {
        case "screen-cold": return kit
        case "screen-floor": return castFloor
        case "screen-kit": runner = kit
        case "screen-hand": runner = handWired
        case "screen-open-kit": runner = openClose(copies: 1)
        case "screen-open-cast": runner = castOpenClose(copies: 1)
        case "screen-open200-kit": runner = openClose(copies: 10)
        case "screen-open200-cast": runner = castOpenClose(copies: 10)
        default: return nil
        }
        _ = runner.run(1)
        return runner
    }
}

@inline(never)
@MainActor
func kitSession(_ tally: Tally) {
    let owner = Owner(name: "Screen")
    try! owner.attach(makeScreenParts(tally))
    try! owner.didLoad()
    try! owner.willAppear()
    try! owner.didAppear()
    let center = owner.center
    for round in 0..<ScreenWorld.rounds {
        center.send((any ScreenTalk0).self) { $0.hear0(round) }
        center.send((any ScreenTalk1).self) { $0.hear1(round) }
        center.send((any ScreenTalk2).self) { $0.hear2(round) }
        center.send((any ScreenTalk3).self) { $0.hear3(round) }
        center.send((any ScreenTalk4).self) { $0.hear4(round) }
        center.send((any ScreenTalk5).self) { $0.hear5(round) }
        center.send((any ScreenTalk6).self) { $0.hear6(round) }
        center.send((any ScreenTalk7).self) { $0.hear7(round) }
    }
    var total = 0
    for _ in 0..<ScreenWorld.queryRounds {
        total &+= center.first((any ScreenAsk0).self) { $0.answer0() } ?? 0
        total &+= center.first((any ScreenAsk1).self) { $0.answer1() } ?? 0
    }
    precondition(total == 3 * ScreenWorld.queryRounds, "screen: wrong answers")
    try! owner.willDisappear()
    try! owner.didDisappear()
    try! owner.tearDown()
}

@inline(never)
@MainActor
func handWiredSession(_ tally: Tally) {
    let screen = HandWiredScreen(tally: tally)
    screen.viewDidLoad()
    screen.viewWillAppear()
    screen.viewDidAppear()
    for round in 0..<ScreenWorld.rounds {
        screen.talk0(round)
        screen.talk1(round)
        screen.talk2(round)
        screen.talk3(round)
        screen.talk4(round)
        screen.talk5(round)
        screen.talk6(round)
        screen.talk7(round)
    }
    var total = 0
    for _ in 0..<ScreenWorld.queryRounds {
        total &+= screen.ask0() ?? 0
        total &+= screen.ask1() ?? 0
    }
    precondition(total == 3 * ScreenWorld.queryRounds, "hand-wired: wrong answers")
    screen.viewWillDisappear()
    screen.viewDidDisappear()
}

@inline(never)
@MainActor
func kitOpenClose(_ tally: Tally, copies: Int) {
    let owner = Owner(name: "Screen")
    try! owner.attach(makeScreenParts(tally, copies: copies))
    let center = owner.center
    center.send((any ScreenTalk0).self) { $0.hear0(0) }
    center.send((any ScreenTalk1).self) { $0.hear1(0) }
    center.send((any ScreenTalk2).self) { $0.hear2(0) }
    center.send((any ScreenTalk3).self) { $0.hear3(0) }
    center.send((any ScreenTalk4).self) { $0.hear4(0) }
    center.send((any ScreenTalk5).self) { $0.hear5(0) }
    center.send((any ScreenTalk6).self) { $0.hear6(0) }
    center.send((any ScreenTalk7).self) { $0.hear7(0) }
    let answers =
        center.all((any ScreenAsk0).self) { $0.answer0() }.count + center.all((any ScreenAsk1).self) { $0.answer1() }.count
    precondition(answers == 4 * copies, "open + close: \(answers) answers")
    try! owner.tearDown()
}

/// Every part cast to each of the ten conversations once; returns the conformances found.
@inline(never)
@MainActor
func castEveryPair(_ parts: [any BusinessController]) -> Int {
    var hits = 0
    for part in parts {
        if part is any ScreenTalk0 { hits += 1 }
        if part is any ScreenTalk1 { hits += 1 }
        if part is any ScreenTalk2 { hits += 1 }
        if part is any ScreenTalk3 { hits += 1 }
        if part is any ScreenTalk4 { hits += 1 }
        if part is any ScreenTalk5 { hits += 1 }
        if part is any ScreenTalk6 { hits += 1 }
        if part is any ScreenTalk7 { hits += 1 }
        if part is any ScreenAsk0 { hits += 1 }
        if part is any ScreenAsk1 { hits += 1 }
    }
    return hits
}

/// Every part cast to each conversation, each hit called once: building the tables by hand.
@inline(never)
@MainActor
func castAndCall(_ parts: [any BusinessController]) {
    for part in parts {
        (part as? any ScreenTalk0)?.hear0(0)
        (part as? any ScreenTalk1)?.hear1(0)
        (part as? any ScreenTalk2)?.hear2(0)
        (part as? any ScreenTalk3)?.hear3(0)
        (part as? any ScreenTalk4)?.hear4(0)
        (part as? any ScreenTalk5)?.hear5(0)
        (part as? any ScreenTalk6)?.hear6(0)
        (part as? any ScreenTalk7)?.hear7(0)
        _ = (part as? any ScreenAsk0)?.answer0()
        _ = (part as? any ScreenAsk1)?.answer1()
    }
}

/// The cold session and the cast floor, each the first of these types in a fresh process (this
/// binary run with `--case screen-cold --time` and `--case screen-floor --time`), alternating,
/// medians of `repetitions`.
@MainActor
func measureColdScreen(repetitions: Int) -> [Row] {
    func fresh(_ name: String) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--case", name, "--n", "20", "--sends", "1", "--time"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let text = String(data: output, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            let nanoseconds = Double(text)
        else { fatalError("\(name): the fresh process failed") }
        return nanoseconds
    }
    var cold = Samples()
    var floor = Samples()
    for repetition in 0..<repetitions {
        if repetition % 2 == 0 {
            cold.values.append(fresh("screen-cold"))
            floor.values.append(fresh("screen-floor"))
        } else {
            floor.values.append(fresh("screen-floor"))
            cold.values.append(fresh("screen-cold"))
        }
    }
    return [
        Row(name: "screen session, cold (fresh process)", n: 20, unit: "ns", kit: cold.median, kitSpread: cold.spread,
            baseline: "as? each pair, cold", baselineValue: floor.median, baselineSpread: floor.spread)
    ]
}
