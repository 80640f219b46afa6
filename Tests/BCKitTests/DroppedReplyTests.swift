import BCKit
import Testing

/// A gathered question a receiver handles, answered through its reply.
@MainActor
protocol QuoteQuery: AnyObject {
    func quote(for destination: String, reply: Reply<Int>)
}

/// Answers with a fixed price.
@MainActor
private final class PricedQuoter: BusinessController, QuoteQuery {
    weak var owner: Owner?
    let price: Int

    init(price: Int) {
        self.price = price
    }

    func quote(for destination: String, reply: Reply<Int>) { reply(price) }
}

/// Handles the question but returns without answering when it has no price: the newcomer's
/// `guard let price else { return }`, which drops the reply.
@MainActor
private final class PricelessQuoter: BusinessController, QuoteQuery {
    weak var owner: Owner?
    func quote(for destination: String, reply: Reply<Int>) {}
}

/// Keeps its reply, to answer it later, or to drop it when told to.
@MainActor
private final class KeepingQuoter: BusinessController, QuoteQuery {
    weak var owner: Owner?
    var kept: Reply<Int>?

    func quote(for destination: String, reply: Reply<Int>) { kept = reply }
}

/// A receiver that releases its reply without calling it can never answer: the gather leaves
/// its answer out rather than waiting for good, and debug builds report the receiver (trial
/// "ride booking", finding 2: the fare never showed, and nothing said why).
@MainActor
@Suite struct DroppedReplyTests {
    private func reportingOwner() -> (Owner, () -> [Diagnostic]) {
        let owner = Owner(name: "Map")
        final class Box { var reported: [Diagnostic] = [] }
        let box = Box()
        owner.onDiagnostic = { box.reported.append($0) }
        return (owner, { box.reported })
    }

    /// Asks `owner`'s quoters for a quote; the answers, `nil` until the completion runs.
    private func askQuotes(in owner: Owner) -> () -> [Int]? {
        final class Box { var answers: [Int]? }
        let box = Box()
        owner.center.gather((any QuoteQuery).self) {
            $0.quote(for: "Moon", reply: $1)
        } completion: {
            box.answers = $0
        }
        return { box.answers }
    }

    @Test func aReplyDroppedWhileAskedIsLeftOutAndTheGatherCompletes() throws {
        let (owner, _) = reportingOwner()
        try owner.attach([PricedQuoter(price: 1200), PricelessQuoter(), PricedQuoter(price: 900)])
        let answers = askQuotes(in: owner)
        #expect(answers() == [1200, 900])
    }

    #if DEBUG
        @Test func aReplyDroppedWhileAskedIsReportedNamingTheReceiver() throws {
            let (owner, reported) = reportingOwner()
            try owner.attach([PricedQuoter(price: 1200), PricelessQuoter()])
            _ = askQuotes(in: owner)
            let dropped = reported().filter { $0.cause == .droppedReply }
            #expect(dropped.count == 1)
            #expect(dropped.first?.ignoredBy == ["PricelessQuoter"])
            #expect(dropped.first?.conversation == "QuoteQuery")
            #expect(dropped.first?.owner == "Map")
        }
    #endif

    @Test func aReplyKeptAndDroppedLaterCompletesTheGatherThen() throws {
        let (owner, reported) = reportingOwner()
        let keeper = KeepingQuoter()
        try owner.attach([PricedQuoter(price: 1200), keeper])
        let answers = askQuotes(in: owner)
        #expect(answers() == nil)
        keeper.kept = nil
        #expect(answers() == [1200])
        #if DEBUG
            #expect(reported().map(\.cause) == [.droppedReply])
        #endif
    }

    @Test func aReplyAnsweredAndThenReleasedIsNotReported() throws {
        let (owner, reported) = reportingOwner()
        let keeper = KeepingQuoter()
        try owner.attach(keeper)
        let answers = askQuotes(in: owner)
        keeper.kept?(300)
        keeper.kept = nil
        #expect(answers() == [300])
        #expect(reported().isEmpty)
    }

    @Test func aReplyOfAReceiverThatLeftIsNotReportedWhenDropped() throws {
        let (owner, reported) = reportingOwner()
        let keeper = KeepingQuoter()
        try owner.attach([PricedQuoter(price: 1200), keeper])
        let answers = askQuotes(in: owner)
        try owner.detach(keeper)
        #expect(answers() == [1200])
        keeper.kept = nil
        #expect(reported().isEmpty)
    }
}
