import BCKit

/// A controller that speaks every benchmark conversation.
final class Listener: BusinessController, Ping, OpenPing, RelayPing, ValueQuery, LookupQuery, IndirectLookup,
    IndirectValue
{
    weak var owner: Owner?
    let tally: Tally
    /// Whether this one answers `lookup()`; only the last listener does.
    let answers: Bool

    init(tally: Tally, answers: Bool = false) {
        self.tally = tally
        self.answers = answers
    }

    func ping() { tally.bump() }
    func openPing() { tally.bump() }
    func relayPing() { tally.bump() }

    var value: Int {
        tally.bump()
        return 1
    }

    func lookup() -> Int? {
        tally.bump()
        return answers ? 42 : nil
    }

    func ownerWillAppear() { tally.bump() }
    func ownerDidAppear() { tally.bump() }
    func ownerWillDisappear() { tally.bump() }
    func ownerDidDisappear() { tally.bump() }
}

/// A controller that speaks none of them: half of every owner, so tables have something to skip.
final class Bystander: BusinessController {
    weak var owner: Owner?
}

/// The second conformer of the indirect queries, answering as a ``Listener`` does.
final class Replier: BusinessController, IndirectLookup, IndirectValue {
    weak var owner: Owner?
    let tally: Tally
    let answers: Bool

    init(tally: Tally, answers: Bool) {
        self.tally = tally
        self.answers = answers
    }

    var value: Int {
        tally.bump()
        return 1
    }

    func lookup() -> Int? {
        tally.bump()
        return answers ? 42 : nil
    }
}
