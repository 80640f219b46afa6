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
        // Room for a screen's conversations at once (16, 512 bytes of index), rather than
        // growing from one: growing cost a 20-controller screen of 10 conversations about 3,700
        // Ir and three allocations (Benchmarks/callgrind.sh screen-kit).
        if allTables.isEmpty {
            allTables.reserveCapacity(16)
            tables = IdentityTable(capacity: 16)
        }
        allTables.append(table)
        tables.insert(Unmanaged.passUnretained(table), for: table.key)
    }
}
