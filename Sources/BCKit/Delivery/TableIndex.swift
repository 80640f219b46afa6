/// The dispatch tables of one switchboard, by conversation, and the table the fast path's last
/// lookup found.
///
/// Every reference here is strong: a table is alive while the index names it, whichever mutator
/// ran last. A dispatch borrows a table without retaining it (``borrow(_:as:_:)``); a table that a
/// running dispatch may be walking leaves the index only through ``Switchboard/replace(_:with:)``
/// or ``Switchboard/dropTables()``, which park it in the switchboard until the outermost dispatch
/// returns.
///
/// A dispatch reaches a table through a ``Borrowed`` reference, made by ``borrowed(_:)`` from a
/// reference the index holds and used only inside ``borrow(_:as:_:)``: no reference counting on a
/// send, where a retained table cost a send to ten controllers 50 more instructions (179 against
/// 129; `first` over two conformer types 119 against 71 at N = 1, over its 2x bound).
// measured: kit N=10 179 -> 129 Ir (39%), the remembered and the probed table retained around the walk
@usableFromInline
struct TableIndex {
    /// A table the index holds, not retained again.
    @usableFromInline
    typealias Borrowed = Unmanaged<AnyObject>

    /// The tables by their conversation's key.
    @usableFromInline
    var tables = IdentityTable<AnyObject>()
    /// Every table, in the order they were built.
    private(set) var allTables: [any AnyDispatchTable] = []
    /// The table the fast path's last lookup found, with its conversation's key, so that a
    /// dispatch that names the conversation the one before it named (a send in a loop, a cell's
    /// reconfigure, a repeated query) skips the probe; `nil` before the first lookup, once a table
    /// is added or replaced, and while the switchboard needs care (see
    /// ``Switchboard/withFastTable(of:_:otherwise:)``), so that it only ever names a table the
    /// index holds and a remembered table means the fast path is open.
    @usableFromInline
    var recent: Recent?

    /// A remembered table and its conversation's key.
    @frozen
    @usableFromInline
    struct Recent {
        @usableFromInline
        let key: ObjectIdentifier
        @usableFromInline
        let table: AnyObject

        @inlinable
        init(key: ObjectIdentifier, table: AnyObject) {
            self.key = key
            self.table = table
        }
    }

    init() {}

    /// The remembered table if `key` is its conversation's, else `nil`; unretained, for
    /// ``borrow(_:as:_:)``.
    @inlinable
    @inline(__always)
    func recentTable(for key: ObjectIdentifier) -> Borrowed? {
        guard let recent, recent.key == key else { return nil }
        return Self.borrowed(recent.table)
    }

    /// The table for a conversation, or `nil` if none was built yet; remembered as ``recent``.
    /// Hand it to ``borrow(_:as:_:)``. Only for the fast path, while the switchboard needs no care.
    ///
    /// The probe costs about 12 instructions more than the check of ``recent``; a dispatch that
    /// names another conversation than the one before pays about 4 for the check and the
    /// remembering (Benchmarks/callgrind.sh screen-kit, whose sends alternate between 8
    /// conversations).
    @inlinable
    @inline(__always)
    mutating func rememberedTable(for key: ObjectIdentifier) -> Borrowed? {
        guard let table = tables.value(for: key) else { return nil }
        recent = Recent(key: key, table: table)
        return Self.borrowed(table)
    }

    /// `table`, which the index holds, as a reference that is not retained again.
    @inlinable
    @inline(__always)
    static func borrowed(_ table: AnyObject) -> Borrowed { Unmanaged.passUnretained(table) }

    /// Forgets the remembered table, so that the next fast-path lookup probes; for a switchboard
    /// that starts to need care, whose dispatches must then miss it.
    mutating func forgetRecent() {
        recent = nil
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
        return Self.borrow(Self.borrowed(table), as: Conversation.self, body)
    }

    /// Runs `body` with `table`, which the index holds, borrowed rather than retained and cast to
    /// its type: the one place a table is cast.
    ///
    /// The index holds the table, and a switchboard parks a table it drops while a dispatch runs
    /// (see ``TableIndex``), so the borrowed table outlives every read `body` makes of it; the
    /// tests of `TableLifetimeTests` detach and attach receivers mid-dispatch under the address
    /// sanitizer. Static, so no copy of the index is kept alive (retained) around `body`;
    /// nonisolated, so the closure it hands the standard library gets no main-actor executor
    /// check.
    @inlinable
    @inline(__always)
    static func borrow<Conversation, Result>(
        _ table: Borrowed,
        as _: Conversation.Type,
        _ body: (DispatchTable<Conversation>) -> Result
    ) -> Result {
        table._withUnsafeGuaranteedRef {
            // measured: kit N=10 UNMEASURED, as! instead of unsafeDowncast
            body(unsafeDowncast($0, to: DispatchTable<Conversation>.self))
        }
    }

    /// Drops every table, for a tear-down. Emptied in place rather than replaced by a new index.
    mutating func removeAll() {
        tables = IdentityTable()
        allTables = []
        forgetRecent()
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
        forgetRecent()
        allTables.append(table)
        tables.insert(table, for: table.key)
    }

    /// Puts `fresh` in the place of `table`, which it replaces: the same conversation, newer
    /// receivers.
    mutating func replace(_ table: some AnyDispatchTable, with fresh: some AnyDispatchTable) {
        tables.insert(fresh, for: fresh.key)
        forgetRecent()
        guard let position = allTables.firstIndex(where: { $0 === table }) else { return }
        allTables[position] = fresh
    }
}
