import BCKit

// The screen-session benchmark's cast: 20 controller types, each speaking two of eight
// conversations, four of them answering one of two queries. Written out (not generic) so every
// type is distinct, as on a real screen; generated once by hand from a short script.

/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk0: AnyObject { func hear0(_ value: Int) }
/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk1: AnyObject { func hear1(_ value: Int) }
/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk2: AnyObject { func hear2(_ value: Int) }
/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk3: AnyObject { func hear3(_ value: Int) }
/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk4: AnyObject { func hear4(_ value: Int) }
/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk5: AnyObject { func hear5(_ value: Int) }
/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk6: AnyObject { func hear6(_ value: Int) }
/// A conversation of the benchmark screen.
@MainActor protocol ScreenTalk7: AnyObject { func hear7(_ value: Int) }
/// A query of the benchmark screen.
@MainActor protocol ScreenAsk0: AnyObject { func answer0() -> Int? }
/// A query of the benchmark screen.
@MainActor protocol ScreenAsk1: AnyObject { func answer1() -> Int? }
/// Controller 0 of the benchmark screen.
final class ScreenPart0: BusinessController, ScreenTalk0, ScreenTalk3, ScreenAsk0 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear0(_ value: Int) { tally.bump() }
    func hear3(_ value: Int) { tally.bump() }
    func answer0() -> Int? {
        tally.bump()
        return 1
    }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 1 of the benchmark screen.
final class ScreenPart1: BusinessController, ScreenTalk1, ScreenTalk4, ScreenAsk1 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear1(_ value: Int) { tally.bump() }
    func hear4(_ value: Int) { tally.bump() }
    func answer1() -> Int? {
        tally.bump()
        return 2
    }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 2 of the benchmark screen.
final class ScreenPart2: BusinessController, ScreenTalk2, ScreenTalk5, ScreenAsk0 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear2(_ value: Int) { tally.bump() }
    func hear5(_ value: Int) { tally.bump() }
    func answer0() -> Int? {
        tally.bump()
        return 3
    }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 3 of the benchmark screen.
final class ScreenPart3: BusinessController, ScreenTalk3, ScreenTalk6, ScreenAsk1 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear3(_ value: Int) { tally.bump() }
    func hear6(_ value: Int) { tally.bump() }
    func answer1() -> Int? {
        tally.bump()
        return 4
    }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 4 of the benchmark screen.
final class ScreenPart4: BusinessController, ScreenTalk4, ScreenTalk7 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear4(_ value: Int) { tally.bump() }
    func hear7(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 5 of the benchmark screen.
final class ScreenPart5: BusinessController, ScreenTalk0, ScreenTalk5 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear0(_ value: Int) { tally.bump() }
    func hear5(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 6 of the benchmark screen.
final class ScreenPart6: BusinessController, ScreenTalk1, ScreenTalk6 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear1(_ value: Int) { tally.bump() }
    func hear6(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 7 of the benchmark screen.
final class ScreenPart7: BusinessController, ScreenTalk2, ScreenTalk7 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear2(_ value: Int) { tally.bump() }
    func hear7(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 8 of the benchmark screen.
final class ScreenPart8: BusinessController, ScreenTalk0, ScreenTalk3 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear0(_ value: Int) { tally.bump() }
    func hear3(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 9 of the benchmark screen.
final class ScreenPart9: BusinessController, ScreenTalk1, ScreenTalk4 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear1(_ value: Int) { tally.bump() }
    func hear4(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 10 of the benchmark screen.
final class ScreenPart10: BusinessController, ScreenTalk2, ScreenTalk5 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear2(_ value: Int) { tally.bump() }
    func hear5(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 11 of the benchmark screen.
final class ScreenPart11: BusinessController, ScreenTalk3, ScreenTalk6 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear3(_ value: Int) { tally.bump() }
    func hear6(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 12 of the benchmark screen.
final class ScreenPart12: BusinessController, ScreenTalk4, ScreenTalk7 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear4(_ value: Int) { tally.bump() }
    func hear7(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 13 of the benchmark screen.
final class ScreenPart13: BusinessController, ScreenTalk0, ScreenTalk5 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear0(_ value: Int) { tally.bump() }
    func hear5(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 14 of the benchmark screen.
final class ScreenPart14: BusinessController, ScreenTalk1, ScreenTalk6 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear1(_ value: Int) { tally.bump() }
    func hear6(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 15 of the benchmark screen.
final class ScreenPart15: BusinessController, ScreenTalk2, ScreenTalk7 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear2(_ value: Int) { tally.bump() }
    func hear7(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 16 of the benchmark screen.
final class ScreenPart16: BusinessController, ScreenTalk0, ScreenTalk3 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear0(_ value: Int) { tally.bump() }
    func hear3(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 17 of the benchmark screen.
final class ScreenPart17: BusinessController, ScreenTalk1, ScreenTalk4 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear1(_ value: Int) { tally.bump() }
    func hear4(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 18 of the benchmark screen.
final class ScreenPart18: BusinessController, ScreenTalk2, ScreenTalk5 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear2(_ value: Int) { tally.bump() }
    func hear5(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// Controller 19 of the benchmark screen.
final class ScreenPart19: BusinessController, ScreenTalk3, ScreenTalk6 {
    weak var owner: Owner?
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
    func hear3(_ value: Int) { tally.bump() }
    func hear6(_ value: Int) { tally.bump() }
    func ownerDidLoad() { tally.bump() }
    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// One of each part, in screen order (`copies` of the whole set for larger owners).
@MainActor
func makeScreenParts(_ tally: Tally, copies: Int = 1) -> [any BusinessController] {
    var parts: [any BusinessController] = []
    parts.reserveCapacity(20 * copies)
    for _ in 0..<copies {
        parts.append(ScreenPart0(tally: tally))
        parts.append(ScreenPart1(tally: tally))
        parts.append(ScreenPart2(tally: tally))
        parts.append(ScreenPart3(tally: tally))
        parts.append(ScreenPart4(tally: tally))
        parts.append(ScreenPart5(tally: tally))
        parts.append(ScreenPart6(tally: tally))
        parts.append(ScreenPart7(tally: tally))
        parts.append(ScreenPart8(tally: tally))
        parts.append(ScreenPart9(tally: tally))
        parts.append(ScreenPart10(tally: tally))
        parts.append(ScreenPart11(tally: tally))
        parts.append(ScreenPart12(tally: tally))
        parts.append(ScreenPart13(tally: tally))
        parts.append(ScreenPart14(tally: tally))
        parts.append(ScreenPart15(tally: tally))
        parts.append(ScreenPart16(tally: tally))
        parts.append(ScreenPart17(tally: tally))
        parts.append(ScreenPart18(tally: tally))
        parts.append(ScreenPart19(tally: tally))
    }
    return parts
}

/// How many parts of one set speak each conversation.
let screenReceivers = [5, 5, 5, 6, 5, 5, 5, 4]

/// The same screen hand-wired as a massive view controller does it: stored properties of the
/// concrete types and direct calls, the down events in reverse.
@MainActor
final class HandWiredScreen {
    let part0: ScreenPart0
    let part1: ScreenPart1
    let part2: ScreenPart2
    let part3: ScreenPart3
    let part4: ScreenPart4
    let part5: ScreenPart5
    let part6: ScreenPart6
    let part7: ScreenPart7
    let part8: ScreenPart8
    let part9: ScreenPart9
    let part10: ScreenPart10
    let part11: ScreenPart11
    let part12: ScreenPart12
    let part13: ScreenPart13
    let part14: ScreenPart14
    let part15: ScreenPart15
    let part16: ScreenPart16
    let part17: ScreenPart17
    let part18: ScreenPart18
    let part19: ScreenPart19

    init(tally: Tally) {
        part0 = ScreenPart0(tally: tally)
        part1 = ScreenPart1(tally: tally)
        part2 = ScreenPart2(tally: tally)
        part3 = ScreenPart3(tally: tally)
        part4 = ScreenPart4(tally: tally)
        part5 = ScreenPart5(tally: tally)
        part6 = ScreenPart6(tally: tally)
        part7 = ScreenPart7(tally: tally)
        part8 = ScreenPart8(tally: tally)
        part9 = ScreenPart9(tally: tally)
        part10 = ScreenPart10(tally: tally)
        part11 = ScreenPart11(tally: tally)
        part12 = ScreenPart12(tally: tally)
        part13 = ScreenPart13(tally: tally)
        part14 = ScreenPart14(tally: tally)
        part15 = ScreenPart15(tally: tally)
        part16 = ScreenPart16(tally: tally)
        part17 = ScreenPart17(tally: tally)
        part18 = ScreenPart18(tally: tally)
        part19 = ScreenPart19(tally: tally)
    }

    func viewDidLoad() {
        part0.ownerDidLoad()
        part1.ownerDidLoad()
        part2.ownerDidLoad()
        part3.ownerDidLoad()
        part4.ownerDidLoad()
        part5.ownerDidLoad()
        part6.ownerDidLoad()
        part7.ownerDidLoad()
        part8.ownerDidLoad()
        part9.ownerDidLoad()
        part10.ownerDidLoad()
        part11.ownerDidLoad()
        part12.ownerDidLoad()
        part13.ownerDidLoad()
        part14.ownerDidLoad()
        part15.ownerDidLoad()
        part16.ownerDidLoad()
        part17.ownerDidLoad()
        part18.ownerDidLoad()
        part19.ownerDidLoad()
    }

    func viewWillAppear() {
        part0.ownerWillAppear()
        part1.ownerWillAppear()
        part2.ownerWillAppear()
        part3.ownerWillAppear()
        part4.ownerWillAppear()
        part5.ownerWillAppear()
        part6.ownerWillAppear()
        part7.ownerWillAppear()
        part8.ownerWillAppear()
        part9.ownerWillAppear()
        part10.ownerWillAppear()
        part11.ownerWillAppear()
        part12.ownerWillAppear()
        part13.ownerWillAppear()
        part14.ownerWillAppear()
        part15.ownerWillAppear()
        part16.ownerWillAppear()
        part17.ownerWillAppear()
        part18.ownerWillAppear()
        part19.ownerWillAppear()
    }

    func viewDidAppear() {
        part0.ownerDidAppear()
        part1.ownerDidAppear()
        part2.ownerDidAppear()
        part3.ownerDidAppear()
        part4.ownerDidAppear()
        part5.ownerDidAppear()
        part6.ownerDidAppear()
        part7.ownerDidAppear()
        part8.ownerDidAppear()
        part9.ownerDidAppear()
        part10.ownerDidAppear()
        part11.ownerDidAppear()
        part12.ownerDidAppear()
        part13.ownerDidAppear()
        part14.ownerDidAppear()
        part15.ownerDidAppear()
        part16.ownerDidAppear()
        part17.ownerDidAppear()
        part18.ownerDidAppear()
        part19.ownerDidAppear()
    }

    func viewWillDisappear() {
        part19.ownerWillDisappear()
        part18.ownerWillDisappear()
        part17.ownerWillDisappear()
        part16.ownerWillDisappear()
        part15.ownerWillDisappear()
        part14.ownerWillDisappear()
        part13.ownerWillDisappear()
        part12.ownerWillDisappear()
        part11.ownerWillDisappear()
        part10.ownerWillDisappear()
        part9.ownerWillDisappear()
        part8.ownerWillDisappear()
        part7.ownerWillDisappear()
        part6.ownerWillDisappear()
        part5.ownerWillDisappear()
        part4.ownerWillDisappear()
        part3.ownerWillDisappear()
        part2.ownerWillDisappear()
        part1.ownerWillDisappear()
        part0.ownerWillDisappear()
    }

    func viewDidDisappear() {
        part19.ownerDidDisappear()
        part18.ownerDidDisappear()
        part17.ownerDidDisappear()
        part16.ownerDidDisappear()
        part15.ownerDidDisappear()
        part14.ownerDidDisappear()
        part13.ownerDidDisappear()
        part12.ownerDidDisappear()
        part11.ownerDidDisappear()
        part10.ownerDidDisappear()
        part9.ownerDidDisappear()
        part8.ownerDidDisappear()
        part7.ownerDidDisappear()
        part6.ownerDidDisappear()
        part5.ownerDidDisappear()
        part4.ownerDidDisappear()
        part3.ownerDidDisappear()
        part2.ownerDidDisappear()
        part1.ownerDidDisappear()
        part0.ownerDidDisappear()
    }

    func talk0(_ value: Int) {
        part0.hear0(value)
        part5.hear0(value)
        part8.hear0(value)
        part13.hear0(value)
        part16.hear0(value)
    }

    func talk1(_ value: Int) {
        part1.hear1(value)
        part6.hear1(value)
        part9.hear1(value)
        part14.hear1(value)
        part17.hear1(value)
    }

    func talk2(_ value: Int) {
        part2.hear2(value)
        part7.hear2(value)
        part10.hear2(value)
        part15.hear2(value)
        part18.hear2(value)
    }

    func talk3(_ value: Int) {
        part0.hear3(value)
        part3.hear3(value)
        part8.hear3(value)
        part11.hear3(value)
        part16.hear3(value)
        part19.hear3(value)
    }

    func talk4(_ value: Int) {
        part1.hear4(value)
        part4.hear4(value)
        part9.hear4(value)
        part12.hear4(value)
        part17.hear4(value)
    }

    func talk5(_ value: Int) {
        part2.hear5(value)
        part5.hear5(value)
        part10.hear5(value)
        part13.hear5(value)
        part18.hear5(value)
    }

    func talk6(_ value: Int) {
        part3.hear6(value)
        part6.hear6(value)
        part11.hear6(value)
        part14.hear6(value)
        part19.hear6(value)
    }

    func talk7(_ value: Int) {
        part4.hear7(value)
        part7.hear7(value)
        part12.hear7(value)
        part15.hear7(value)
    }

    func ask0() -> Int? { part0.answer0() ?? part2.answer0() }

    func ask1() -> Int? { part1.answer1() ?? part3.answer1() }
}
