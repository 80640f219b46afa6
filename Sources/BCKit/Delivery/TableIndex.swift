/// The dispatch tables of one switchboard, by conversation: an ``IdentityTable`` of unretained
/// references, so a send's lookup counts no references, and the tables themselves, which keep
/// them alive for as long as the index.
@usableFromInline
struct TableIndex {
    @usableFromInline
    var tables = IdentityTable<Unmanaged<AnyDispatchTable>>()
    /// Every table, in the order they were built; owns them.
    private(set) var allTables: [AnyDispatchTable] = []

    init() {}

    /// The table for a conversation, or `nil` if none was built yet.
    @inlinable
    @inline(__always)
    func table(for conversation: ObjectIdentifier) -> Unmanaged<AnyDispatchTable>? {
        tables.value(for: conversation)
    }

    @usableFromInline
    mutating func insert(_ table: AnyDispatchTable) {
        // Room for a typical screen's conversations at once, rather than growing from one.
        if allTables.isEmpty { allTables.reserveCapacity(8) }
        allTables.append(table)
        tables.insert(Unmanaged.passUnretained(table), for: table.key)
    }
}
