import Testing

@testable import BCKit

/// The switchboard's index of tables, which remembers the table its last fast-path lookup found:
/// what it remembers is always a table it holds now.
@MainActor
@Suite struct TableIndexTests {
    let journal = Journal()

    func identity(_ table: Unmanaged<AnyObject>?) -> ObjectIdentifier? {
        table.map { ObjectIdentifier($0.takeUnretainedValue()) }
    }

    /// The table a fast-path lookup of `key` uses: the remembered one if `key` names it, else the
    /// one the probe finds (and remembers).
    func lookUp(_ key: ObjectIdentifier, in index: inout TableIndex) -> ObjectIdentifier? {
        identity(index.remembers(key) ? index.recentTable : index.rememberedTable(for: key))
    }

    @Test func lookupsThatAlternateBetweenConversationsEachFindTheirOwnTable() {
        var index = TableIndex()
        let pings = DispatchTable<any PingConversation>.make(capacity: 4)
        let names = DispatchTable<any NameQuery>.make(capacity: 4)
        index.insert(pings)
        index.insert(names)
        let order = [pings.key, names.key, names.key, pings.key, names.key, pings.key, pings.key]
        let found = order.map { lookUp($0, in: &index) }
        let expected = order.map { $0 == pings.key ? ObjectIdentifier(pings) : ObjectIdentifier(names) }
        #expect(found == expected)
        #expect(lookUp(ObjectIdentifier((any BusinessController).self), in: &index) == nil)
    }

    /// A replacement, or a table added since, is what the next lookup finds, also for the
    /// conversation the last lookup named.
    @Test func aLookupAfterAReplacementFindsTheNewTable() {
        var index = TableIndex()
        let pings = DispatchTable<any PingConversation>.make(capacity: 4)
        index.insert(pings)
        #expect(lookUp(pings.key, in: &index) == ObjectIdentifier(pings))
        let fresh = pings.trimmed()
        index.replace(pings, with: fresh)
        #expect(lookUp(pings.key, in: &index) == ObjectIdentifier(fresh))
        #expect(index.allTables.map { ObjectIdentifier($0) } == [ObjectIdentifier(fresh)])
    }

    /// The remembered table is the fast path's gate too: a switchboard that starts to need care
    /// forgets it, so the next dispatch of the same conversation takes the careful path.
    @Test(arguments: CareStart.allCases)
    func aSwitchboardThatStartsToNeedCareForgetsItsRememberedTable(_ start: CareStart) {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        // The first send builds the table, the second finds and remembers it.
        for value in 1...2 { owner.center.send((any PingConversation).self) { $0.ping(value) } }
        let key = ObjectIdentifier((any PingConversation).self)
        #expect(owner.switchboard.index.remembers(key))
        switch start {
        case .tracer: owner.addObserver(ConversationGraph())
        case .upEvent: owner.switchboard.isRunningUp = true
        case .lazyController: owner.switchboard.hasLazyControllers = true
        }
        #expect(!owner.switchboard.index.remembers(key))
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    /// A tracer set after the owner sent a conversation to nobody records the next such send:
    /// the empty table the fast path remembers is answered without a look at the gate.
    @Test func aTracerSetAfterSendsToNobodyRecordsTheNextOne() {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        for value in 1...2 { owner.center.send((any PingConversation).self) { $0.ping(value) } }
        let log = DispatchLog()
        owner.addObserver(log)
        owner.center.send((any PingConversation).self) { $0.ping(3) }
        #expect(log.dispatches.map(\.conversation) == ["PingConversation"])
        #expect(log.dispatches.map(\.receivers) == [[]])
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    enum CareStart: CaseIterable {
        case tracer, upEvent, lazyController
    }

    /// A receiver that attaches a newcomer during a send makes the switchboard replace the table
    /// the send walks; the next send of the same conversation, which looks up the table the last
    /// one found, reaches the newcomer once.
    @Test func aSendAfterANewcomerJoinedDuringTheLastSendReachesIt() throws {
        let owner = Owner()
        let early = Probe("early", journal)
        let newcomer = Probe("newcomer", journal)
        try owner.attach(early)
        early.onPing = { [unowned owner] value in if value == 1 { try? owner.attach(newcomer) } }
        let reached = [1, 2].map { value in owner.center.send((any PingConversation).self) { $0.ping(value) } }
        #expect(reached == [1, 2])
        #expect(
            journal.events.filter { if case .ping = $0 { true } else { false } }
                == [.ping("early", 1), .ping("early", 2), .ping("newcomer", 2)]
        )
    }
}

private final class DispatchLog: DispatchTracer {
    var dispatches: [DispatchRecord] = []
    func didDispatch(_ dispatch: DispatchRecord) { dispatches.append(dispatch) }
}
