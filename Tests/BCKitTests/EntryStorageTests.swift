import Testing

@testable import BCKit

/// A dispatch table's entry storage, which reaches its memory only inside `withEntries`: order
/// kept through removals at either end and insertions anywhere, and snapshots that stay readable
/// after the table moves on.
@MainActor
@Suite struct EntryStorageTests {
    let journal = Journal()

    /// Attachments in attach order, each with a probe kept alive by the attachment.
    func attachments(_ count: Int) -> [BCKit.Attachment] {
        (0..<count).map { BCKit.Attachment(controller: Probe("P\($0)", journal), priority: 0, sequence: UInt32($0)) }
    }

    func entry(_ attachment: BCKit.Attachment) throws -> Entry<any PingConversation> {
        Entry(receiver: try #require(attachment.controller as? any PingConversation), attachment: attachment)
    }

    func sequences(_ storage: EntryStorage<any PingConversation>) -> [UInt32] {
        EntrySnapshot(storage).map(\.attachment.sequence)
    }

    @Test func removalsAtTheFrontAndTheBackAndInsertionsAnywhereKeepTheOrder() throws {
        let all = attachments(6)
        let storage = EntryStorage<any PingConversation>.make(capacity: 4)
        for attachment in all[0..<4] { storage.append(try entry(attachment)) }
        #expect(sequences(storage) == [0, 1, 2, 3])

        storage.remove(at: 0)
        storage.remove(at: 0)
        #expect(storage.start == 2)
        #expect(sequences(storage) == [2, 3])

        // A newcomer that goes first takes a slot freed at the front.
        storage.insert(try entry(all[1]), at: 0)
        #expect(storage.start == 1)
        #expect(sequences(storage) == [1, 2, 3])

        // No slot left at the end: the entries move to the front first.
        #expect(storage.hasRoom(at: 3))
        storage.insert(try entry(all[4]), at: 3)
        #expect(storage.start == 0)
        #expect(sequences(storage) == [1, 2, 3, 4])

        storage.remove(at: 3)
        storage.remove(at: 1)
        #expect(sequences(storage) == [1, 3])
        storage.remove(at: 0)
        storage.remove(at: 0)
        #expect(storage.count == 0)
        #expect(storage.start == 0)
    }

    @Test func copiesInsertAndRemoveWithoutChangingTheOriginal() throws {
        let all = attachments(5)
        let storage = EntryStorage<any PingConversation>.make(capacity: 4)
        for attachment in [all[0], all[1], all[3]] { storage.append(try entry(attachment)) }
        storage.remove(at: 0)

        let grown = storage.resized(to: 8, inserting: try entry(all[2]), at: 1)
        #expect(grown.entryCapacity == 8)
        #expect(sequences(grown) == [1, 2, 3])
        let shrunk = storage.resized(to: 4, removingAt: 1)
        #expect(sequences(shrunk) == [1])
        #expect(sequences(storage) == [1, 3])

        let trimmed = grown.trimmed()
        #expect(sequences(trimmed) == [1, 2, 3])
        #expect(grown.count == 0)
    }

    @Test func aSnapshotKeepsTheStorageItReadAliveAfterTheTableReplacesIt() throws {
        let all = attachments(3)
        weak var original: EntryStorage<any PingConversation>?
        let snapshot: EntrySnapshot<any PingConversation>
        do {
            let storage = EntryStorage<any PingConversation>.make(capacity: 4)
            original = storage
            for attachment in all { storage.append(try entry(attachment)) }
            let table = DispatchTable(storage: storage)
            snapshot = table.entries
            table.replaceStorage(with: storage.resized(to: 4, removingAt: 0), parkingIn: Switchboard())
            #expect(table.count == 2)
        }
        #expect(original != nil)
        #expect(snapshot.map(\.attachment.sequence) == [0, 1, 2])
    }

    @Test func aTableFindsWhereEachAttachmentStandsOrWouldStand() throws {
        let all = attachments(7)
        let storage = EntryStorage<any PingConversation>.make(capacity: 8)
        for attachment in [all[1], all[3], all[5]] { storage.append(try entry(attachment)) }
        let table = DispatchTable(storage: storage)
        #expect(all.map { table.rank(of: $0, in: storage).0 } == [0, 0, 1, 1, 2, 2, 3])
        #expect(all.map { table.position(of: $0, in: storage) } == [nil, 0, nil, 1, nil, 2, nil])
    }
}
