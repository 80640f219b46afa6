/// A small open-addressing map from a conversation's metatype to its dispatch table.
///
/// A `Dictionary<ObjectIdentifier, _>` hashes with SipHash on every lookup (about 160
/// instructions measured here); this map multiplies the metatype's address and probes linearly
/// over raw slots, with no bounds check and no reference counting: about a dozen instructions.
/// It only grows: tables live as long as their center.
@usableFromInline
struct TableIndex {
    @usableFromInline
    struct Slot {
        /// The metatype's address; 0 marks an empty slot (no metatype lives at address 0).
        @usableFromInline
        var key: UInt
        /// Unretained: `owned` keeps every table alive for as long as the index.
        @usableFromInline
        var table: Unmanaged<AnyDispatchTable>?
    }

    /// Owns the slots' memory; `slots` is the same memory, read directly on every send.
    private var storage: SlotStorage
    @usableFromInline
    var slots: UnsafeMutablePointer<Slot>
    @usableFromInline
    var mask: Int
    @usableFromInline
    var shift: UInt
    private var owned: [AnyDispatchTable] = []

    init() {
        storage = SlotStorage(capacity: 8)
        slots = storage.slots
        mask = 7
        shift = UInt(UInt.bitWidth - 3)
    }

    /// The table for a conversation, or `nil` if none was built yet.
    ///
    /// - Complexity: O(1) on average; the load factor stays at or below one half.
    @inlinable
    @inline(__always)
    func table(for conversation: ObjectIdentifier) -> Unmanaged<AnyDispatchTable>? {
        let key = UInt(bitPattern: conversation)
        // Fibonacci hashing: the high bits of the product mix every bit of the address.
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
        while true {
            let candidate = slots[slot]
            if candidate.key == key { return candidate.table }
            if candidate.key == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// Every table, in the order they were built.
    var allTables: [AnyDispatchTable] {
        owned
    }

    mutating func insert(_ table: AnyDispatchTable) {
        if (owned.count + 1) * 2 > mask + 1 {
            grow()
        }
        place(table)
        owned.append(table)
    }

    private func place(_ table: AnyDispatchTable) {
        let key = UInt(bitPattern: table.key)
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
        while slots[slot].key != 0 {
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(key: key, table: Unmanaged.passUnretained(table))
    }

    private mutating func grow() {
        storage = SlotStorage(capacity: (mask + 1) * 2)
        slots = storage.slots
        mask = mask * 2 + 1
        shift -= 1
        for table in owned {
            place(table)
        }
    }
}

/// The memory behind a ``TableIndex``, freed with it.
private final class SlotStorage {
    let slots: UnsafeMutablePointer<TableIndex.Slot>

    init(capacity: Int) {
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: TableIndex.Slot(key: 0, table: nil), count: capacity)
    }

    deinit {
        slots.deallocate()
    }
}
