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

    @Test func lookupsThatAlternateBetweenConversationsEachFindTheirOwnTable() {
        var index = TableIndex()
        let pings = DispatchTable<any PingConversation>.make(capacity: 4)
        let names = DispatchTable<any NameQuery>.make(capacity: 4)
        index.insert(pings)
        index.insert(names)
        let order = [pings.key, names.key, names.key, pings.key, names.key, pings.key, pings.key]
        let found = order.map { identity(index.table(for: $0)) }
        let expected = order.map { $0 == pings.key ? ObjectIdentifier(pings) : ObjectIdentifier(names) }
        #expect(found == expected)
        #expect(index.table(for: ObjectIdentifier((any BusinessController).self)) == nil)
    }

    /// A replacement, or a table added since, is what the next lookup finds, also for the
    /// conversation the last lookup named.
    @Test func aLookupAfterAReplacementFindsTheNewTable() {
        var index = TableIndex()
        let pings = DispatchTable<any PingConversation>.make(capacity: 4)
        index.insert(pings)
        #expect(identity(index.table(for: pings.key)) == ObjectIdentifier(pings))
        let fresh = pings.trimmed()
        index.replace(pings, with: fresh)
        #expect(identity(index.table(for: pings.key)) == ObjectIdentifier(fresh))
        #expect(index.allTables.map { ObjectIdentifier($0) } == [ObjectIdentifier(fresh)])
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
