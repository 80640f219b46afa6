/// A small open-addressing map from a conversation's metatype to its dispatch table.
///
/// A `Dictionary<ObjectIdentifier, _>` hashes with SipHash on every lookup (about 160
/// instructions measured here); this map multiplies the metatype's address and probes linearly,
/// about a dozen. It only grows: tables live as long as their owner.
@usableFromInline
struct TableIndex {
    /// Metatype addresses; 0 marks an empty slot (no metatype lives at address 0).
    @usableFromInline
    var keys: ContiguousArray<UInt>
    /// The tables by slot, unretained: reading a strong reference on every send cost a retain and
    /// a release. `owned` keeps them alive, and the index only grows, so a table lives as long as
    /// its center.
    @usableFromInline
    var tables: ContiguousArray<Unmanaged<AnyDispatchTable>?>
    private var owned: [AnyDispatchTable] = []
    @usableFromInline
    var shift: UInt
    private(set) var count = 0

    init() {
        keys = ContiguousArray(repeating: 0, count: 8)
        tables = ContiguousArray(repeating: nil, count: 8)
        shift = UInt(UInt.bitWidth - 3)
    }

    @inlinable
    func home(of key: UInt) -> Int {
        // Fibonacci hashing: the high bits of the product mix every bit of the address.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The table for a conversation, or `nil` if none was built yet.
    ///
    /// - Complexity: O(1) on average; the load factor stays at or below one half.
    @inlinable
    func table(for conversation: ObjectIdentifier) -> Unmanaged<AnyDispatchTable>? {
        let key = UInt(bitPattern: conversation)
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let candidate = keys[slot]
            if candidate == key { return tables[slot] }
            if candidate == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Every table, in no particular order.
    var allTables: [AnyDispatchTable] {
        owned
    }

    mutating func insert(_ table: AnyDispatchTable) {
        if (count + 1) * 2 > keys.count {
            grow()
        }
        place(table)
        owned.append(table)
        count += 1
    }

    private mutating func place(_ table: AnyDispatchTable) {
        let key = UInt(bitPattern: table.key)
        let mask = keys.count - 1
        var slot = home(of: key)
        while keys[slot] != 0 {
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        tables[slot] = Unmanaged.passUnretained(table)
    }

    private mutating func grow() {
        let old = allTables
        let capacity = keys.count * 2
        keys = ContiguousArray(repeating: 0, count: capacity)
        tables = ContiguousArray(repeating: nil, count: capacity)
        shift -= 1
        for table in old {
            place(table)
        }
    }
}
