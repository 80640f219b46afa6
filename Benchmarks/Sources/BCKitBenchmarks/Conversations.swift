import BCKit

/// The conversations the benchmarks send. Each call bumps a tally, so every case can prove it made
/// the calls it claims and nothing was optimised away.

/// A class-bound conversation, as the docs advise.
@MainActor
protocol Ping: AnyObject {
    func ping()
}

extension Ping {
    func ping() {}
}

/// The same conversation without `: AnyObject`, to show what the advice saves.
@MainActor
protocol OpenPing {
    func openPing()
}

extension OpenPing {
    func openPing() {}
}

/// The one-call form (DESIGN 14): a conversation refining `Conversation`, whose default relays,
/// sent as `center.relayPing()`. Class-bound, as every conversation refining `Conversation` is.
protocol RelayPing: Conversation {
    func relayPing()
}

extension RelayPing {
    func relayPing() { relay((any RelayPing).self) { $0.relayPing() } }
}

extension CommunicationCenter: RelayPing {}

/// A query every receiver answers (`all`).
@MainActor
protocol ValueQuery: AnyObject {
    var value: Int { get }
}

/// A query only the last receiver answers (`first` walks them all).
@MainActor
protocol LookupQuery: AnyObject {
    func lookup() -> Int?
}

/// `first` and `all` again, with two conformer types among the receivers (``Listener`` and
/// ``Replier``): no call through them can be devirtualized, in the kit or in the hand loops, as
/// calls through a conversation with one conformer in the module were.
@MainActor
protocol IndirectLookup: AnyObject {
    func lookup() -> Int?
}

@MainActor
protocol IndirectValue: AnyObject {
    var value: Int { get }
}
