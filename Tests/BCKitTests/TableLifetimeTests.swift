import Testing

@testable import BCKit

/// A dispatch walks its table borrowed, without retaining it. A receiver that attaches or detaches
/// controllers, or tears the owner down, makes the switchboard replace or drop that table while the
/// dispatch still walks it: the table must stay alive until the dispatch returns, and go then.
///
/// Run these under the address sanitizer too (`swift build --build-tests -Xswiftc
/// -sanitize=address`, then `swift test --skip-build -Xswiftc -sanitize=address --filter
/// TableLifetimeTests`): a table freed too early is then a use after free, not a silent read.
@MainActor
@Suite struct TableLifetimeTests {
    /// What the first receiver does in the middle of the dispatch.
    enum Change: CaseIterable, CustomStringConvertible {
        /// Detaches every controller, itself included, in one batch.
        case detachEveryone
        /// Detaches the receivers after it, one at a time.
        case detachTheOthers
        /// Attaches a new speaker of the same conversation.
        case attachASpeaker
        /// Tears the owner down.
        case tearDown

        var description: String {
            switch self {
            case .detachEveryone: "detach everyone"
            case .detachTheOthers: "detach the others"
            case .attachASpeaker: "attach a speaker"
            case .tearDown: "tear down"
            }
        }
    }

    /// How the dispatch reaches its receivers.
    enum Dispatch: CaseIterable, CustomStringConvertible {
        case send, first, all

        var description: String {
            switch self {
            case .send: "send"
            case .first: "first"
            case .all: "all"
            }
        }
    }

    /// Whether the dispatch finds its table remembered from the dispatch before it, or probes the
    /// index for it.
    enum Lookup: CaseIterable, CustomStringConvertible {
        case remembered, probed

        var description: String {
            switch self {
            case .remembered: "remembered"
            case .probed: "probed"
            }
        }
    }

    let journal = Journal()

    /// Pings every receiver of the owner's center once, the way `dispatch` does.
    func ping(_ owner: Owner, _ value: Int, by dispatch: Dispatch) {
        switch dispatch {
        case .send:
            owner.center.send((any PingConversation).self) { $0.ping(value) }
        case .first:
            _ = owner.center.first((any PingConversation).self) { receiver -> Int? in
                receiver.ping(value)
                return nil
            }
        case .all:
            _ = owner.center.all((any PingConversation).self) { $0.ping(value) }
        }
    }

    func pings(_ value: Int) -> [String] {
        journal.events.compactMap { event in
            if case .ping(let name, value) = event { name } else { nil }
        }
    }

    @Test(arguments: Change.allCases, Dispatch.allCases)
    func aTableReplacedMidDispatchStaysAliveUntilTheDispatchReturns(_ change: Change, _ dispatch: Dispatch) throws {
        for lookup in Lookup.allCases {
            journal.clear()
            let owner = Owner()
            let probes = ["a", "b", "c"].map { Probe($0, journal) }
            let newcomer = Probe("newcomer", journal)
            try owner.attach(probes)
            let key = ObjectIdentifier((any PingConversation).self)
            // The table is built by the first dispatch; a second one remembers it.
            ping(owner, 0, by: dispatch)
            switch lookup {
            case .remembered: ping(owner, 0, by: dispatch)
            case .probed: owner.switchboard.index.forgetRecent()
            }
            #expect(owner.switchboard.index.remembers(key) == (lookup == .remembered))
            weak let walked = owner.switchboard.index.tables.value(for: key)?.takeUnretainedValue()
            #expect(walked != nil)
            var aliveAfterTheChange: Bool?
            var parkedAfterTheChange: Bool?
            probes[0].onPing = { [unowned owner] value in
                guard value == 1 else { return }
                switch change {
                case .detachEveryone: try? owner.detach(probes)
                case .detachTheOthers: for probe in probes.dropFirst() { try? owner.detach(probe) }
                case .attachASpeaker: try? owner.attach(newcomer)
                case .tearDown: try? owner.tearDown()
                }
                aliveAfterTheChange = walked != nil
                parkedAfterTheChange = owner.switchboard.memory.objects.contains { $0 === walked }
            }
            ping(owner, 1, by: dispatch)
            #expect(aliveAfterTheChange == true, "\(lookup): the walked table was freed mid-dispatch")
            #expect(parkedAfterTheChange == true, "\(lookup): nothing holds the walked table but the dispatch")
            #expect(walked == nil, "\(lookup): the replaced table outlived the dispatch")
            switch change {
            case .detachEveryone, .detachTheOthers, .tearDown:
                #expect(pings(1) == ["a"], "\(lookup)")
            case .attachASpeaker:
                #expect(pings(1) == ["a", "b", "c"], "\(lookup)")
                ping(owner, 2, by: dispatch)
                #expect(pings(2) == ["a", "b", "c", "newcomer"], "\(lookup)")
            }
            // The callback holds the probes, one of which holds the callback.
            probes[0].onPing = nil
        }
    }
}
