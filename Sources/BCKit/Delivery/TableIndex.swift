/// The dispatch tables of one switchboard, by conversation: an ``IdentityTable`` of unretained
/// references, so a send's lookup counts no references, and the tables themselves, which keep
/// them alive for as long as the index.
// measured: kit N=10 234 -> 189 Ir (19%), the tables held strongly, both cast with as!
@usableFromInline
struct TableIndex {
    /// Changed only by ``insert(_:)``, ``replace(_:with:)`` and ``removeAll()``. Any change
    /// forgets the remembered table, so the unretained ``recentTable`` only ever names a table the
    /// index holds: this `didSet` is the one place that keeps that true.
    @usableFromInline
    var tables = IdentityTable<Unmanaged<AnyObject>>() {
        didSet { forgetRecent() }
    }
    /// Every table, in the order they were built; owns them.
    private(set) var allTables: [any AnyDispatchTable] = []
    /// The key of the table the fast path's last lookup found, ``recentTable``: a dispatch that
    /// names the conversation the one before it named (a send in a loop, a cell's reconfigure, a
    /// repeated query) skips the probe. 0, the key of no conversation as in ``IdentityTable``'s
    /// empty slots, once ``tables`` changes, so the pair only ever names a table the index holds;
    /// and 0 while the switchboard needs care, so that this one comparison is also the fast
    /// path's gate (see ``Switchboard/withFastTable(of:_:otherwise:)``).
    ///
    /// Two stored words rather than an optional pair `(key: ObjectIdentifier, table:
    /// Unmanaged<AnyObject>)?`, tried again for issue 33: the optional's test before the
    /// comparison put fixed-all at 41 Ir against 38, over its hard limit of 40 (fixed-send 17 -> 19,
    /// fixed-first 17 -> 21, a screen session 115,411 -> 116,142; Benchmarks/callgrind.sh). An
    /// optional key alone, `ObjectIdentifier?` beside the table, costs more: the compiler cannot
    /// tell that a metatype's identifier is never null, so it tests the optional as well as
    /// comparing (fixed-send 17 -> 23, fixed-first 17 -> 23, fixed-all 38 -> 45, fixed-alternate
    /// 34.5 -> 40.5; tried at be20aba).
    @usableFromInline
    var recentKey: UInt = 0
    /// The table of ``recentKey``, read only while that is not 0, and so never `nil` then:
    /// ``rememberedTable(for:)`` sets the two together. After a replacement or ``removeAll()``,
    /// the table it named then, which may be gone (an unretained reference, never read again).
    @usableFromInline
    // measured: first2-kit N=1 82 -> 69 Ir (15%), every lookup probing the index
    var recentTable: Unmanaged<AnyObject>?

    init() {}

    /// Whether `key` is the conversation of the table the fast path found last, which is then
    /// ``recentTable``.
    @inlinable
    @inline(__always)
    func remembers(_ key: ObjectIdentifier) -> Bool { UInt(bitPattern: key) == recentKey }

    /// The table for a conversation, unretained, or `nil` if none was built yet; remembered as
    /// ``recentTable``. Hand it to ``borrow(_:as:_:)``. Only for the fast path, while the
    /// switchboard needs no care.
    ///
    /// The probe costs about 12 instructions more than the check of ``recentKey``; a dispatch that
    /// names another conversation than the one before pays about 4 for the check and the
    /// remembering (a screen session, whose sends alternate between 8 conversations, 112,207 ->
    /// 113,232 Ir; Benchmarks/callgrind.sh screen-kit).
    @inlinable
    @inline(__always)
    mutating func rememberedTable(for key: ObjectIdentifier) -> Unmanaged<AnyObject>? {
        guard let table = tables.value(for: key) else { return nil }
        recentKey = UInt(bitPattern: key)
        recentTable = table
        return table
    }

    /// Forgets the remembered table, so that the next fast-path lookup probes; for a switchboard
    /// that starts to need care, whose dispatches must then miss it.
    mutating func forgetRecent() {
        recentKey = 0
    }

    /// Runs `body` with the table for `Conversation`, borrowed, or returns `nil` if none was built
    /// yet.
    @inlinable
    @inline(__always)
    func withTable<Conversation, Result>(
        for conversation: Conversation.Type,
        _ body: (DispatchTable<Conversation>) -> Result
    ) -> Result? {
        guard let table = tables.value(for: ObjectIdentifier(Conversation.self)) else { return nil }
        return Self.borrow(table, as: Conversation.self, body)
    }

    /// Runs `body` with `table` borrowed rather than retained and cast to its type: the one place
    /// a table is cast.
    ///
    /// The index keeps every table it built alive, and a switchboard parks a dropped one while a
    /// dispatch runs, so the borrowed table outlives `body`. Static, so no copy of the index is
    /// kept alive (retained) around `body`; nonisolated, so the closure it hands the standard
    /// library gets no main-actor executor check.
    @inlinable
    @inline(__always)
    static func borrow<Conversation, Result>(
        _ table: Unmanaged<AnyObject>,
        as _: Conversation.Type,
        _ body: (DispatchTable<Conversation>) -> Result
    ) -> Result {
        // measured: kit N=10 189 -> 147 Ir (22%), as! instead of unsafeDowncast; with the tables held strongly too 234 -> 147 (37%)
        table._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: DispatchTable<Conversation>.self)) }
    }

    /// Drops every table, for a tear-down.
    mutating func removeAll() {
        tables = IdentityTable()
        allTables = []
    }

    @usableFromInline
    mutating func insert(_ table: some AnyDispatchTable) {
        // Room for a screen's conversations at once rather than growing from one: growing cost
        // a 20-controller screen of 10 conversations about 3,700 Ir and three allocations. The
        // index is sized for 32 (64 slots, 1 KB) though a screen has about 10: in 32 slots,
        // metatypes whose hashes collided paid a second probe on every lookup (a screen session
        // 113,506 -> 112,920 Ir, open + close of 200 controllers 871,429 -> 870,471; of 20,
        // 76,743 -> 76,879; Benchmarks/callgrind.sh screen-kit screen-open-kit).
        if allTables.isEmpty {
            allTables.reserveCapacity(16)
            tables = IdentityTable(capacity: 32)
        }
        allTables.append(table)
        tables.insert(Unmanaged.passUnretained(table), for: table.key)
    }

    /// Puts `fresh` in the place of `table`, which it replaces: the same conversation, newer
    /// receivers.
    mutating func replace(_ table: some AnyDispatchTable, with fresh: some AnyDispatchTable) {
        tables.insert(Unmanaged.passUnretained(fresh), for: fresh.key)
        guard let position = allTables.firstIndex(where: { $0 === table }) else { return }
        allTables[position] = fresh
    }
}
