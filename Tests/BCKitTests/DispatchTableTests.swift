import Testing

@testable import BCKit

/// A dispatch table, which reaches its memory only inside `withEntries`: order kept through
/// removals at either end and insertions anywhere, and snapshots that stay readable after the
/// switchboard replaces the table.
@MainActor
@Suite struct DispatchTableTests {
    let journal = Journal()

    /// Attachments in attach order, each with a probe kept alive by the attachment.
    func attachments(_ count: Int) -> [BCKit.Attachment] {
        (0..<count).map { BCKit.Attachment(controller: Probe("P\($0)", journal), priority: 0, sequence: UInt32($0)) }
    }

    func entry(_ attachment: BCKit.Attachment) throws -> Entry<any PingConversation> {
        Entry(receiver: try #require(attachment.controller as? any PingConversation), attachment: attachment)
    }

    func sequences(_ table: DispatchTable<any PingConversation>) -> [UInt32] {
        EntrySnapshot(table).map(\.attachment.sequence)
    }

    @Test func removalsAtTheFrontAndTheBackAndInsertionsAnywhereKeepTheOrder() throws {
        let all = attachments(6)
        let table = DispatchTable<any PingConversation>.make(capacity: 4)
        for attachment in all[0..<4] { table.append(try entry(attachment)) }
        #expect(sequences(table) == [0, 1, 2, 3])

        table.remove(at: 0)
        table.remove(at: 0)
        #expect(table.start == 2)
        #expect(sequences(table) == [2, 3])

        // A newcomer that goes first takes a slot freed at the front.
        table.insert(try entry(all[1]), at: 0)
        #expect(table.start == 1)
        #expect(sequences(table) == [1, 2, 3])

        // No slot left at the end: the entries move to the front first.
        #expect(table.hasRoom(at: 3))
        table.insert(try entry(all[4]), at: 3)
        #expect(table.start == 0)
        #expect(sequences(table) == [1, 2, 3, 4])

        table.remove(at: 3)
        table.remove(at: 1)
        #expect(sequences(table) == [1, 3])
        table.remove(at: 0)
        table.remove(at: 0)
        #expect(table.count == 0)
        #expect(table.start == 0)
    }

    @Test func copiesInsertAndRemoveWithoutChangingTheOriginal() throws {
        let all = attachments(5)
        let table = DispatchTable<any PingConversation>.make(capacity: 4)
        for attachment in [all[0], all[1], all[3]] { table.append(try entry(attachment)) }
        table.remove(at: 0)

        let grown = table.resized(to: 8, inserting: try entry(all[2]), at: 1)
        #expect(grown.entryCapacity == 8)
        #expect(sequences(grown) == [1, 2, 3])
        let shrunk = table.resized(to: 4, removingAt: 1)
        #expect(sequences(shrunk) == [1])
        #expect(sequences(table) == [1, 3])

        let trimmed = grown.trimmed()
        #expect(sequences(trimmed) == [1, 2, 3])
        #expect(grown.count == 0)
    }

    @Test func aSnapshotKeepsTheTableItReadAliveAfterTheSwitchboardReplacesIt() throws {
        let all = attachments(3)
        let switchboard = Switchboard()
        weak var original: DispatchTable<any PingConversation>?
        let snapshot: EntrySnapshot<any PingConversation>
        do {
            let table = DispatchTable<any PingConversation>.make(capacity: 4)
            original = table
            for attachment in all { table.append(try entry(attachment)) }
            switchboard.index.insert(table)
            snapshot = table.entries
            switchboard.replace(table, with: table.resized(to: 4, removingAt: 0))
        }
        #expect(switchboard.table(for: (any PingConversation).self).count == 2)
        #expect(original != nil)
        #expect(snapshot.map(\.attachment.sequence) == [0, 1, 2])
    }

    @Test func aTableFindsWhereEachAttachmentStandsOrWouldStand() throws {
        let all = attachments(7)
        let table = DispatchTable<any PingConversation>.make(capacity: 8)
        for attachment in [all[1], all[3], all[5]] { table.append(try entry(attachment)) }
        #expect(all.map { table.rank(of: $0).0 } == [0, 0, 1, 1, 2, 2, 3])
        #expect(all.map { table.position(of: $0) } == [nil, 0, nil, 1, nil, 2, nil])
    }
}
