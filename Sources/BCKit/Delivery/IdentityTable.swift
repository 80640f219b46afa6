/// A small open-addressing map keyed by an object's or a metatype's identity: the one hash table
/// the kit writes itself, shared by the dispatch tables' index and BCKitModules' services.
///
/// A `Dictionary<ObjectIdentifier, _>` hashes with SipHash on every lookup (about 160
/// instructions measured here); this map multiplies the address by 2^w / φ (Fibonacci hashing:
/// the product's top bits mix every bit of the address) and probes linearly, at most half full:
/// a multiply, a shift and usually one comparison.
@usableFromInline
package struct IdentityTable<Value> {
    /// One key and its value, side by side so that a lookup reads one array: two arrays cost a
    /// send 3 more instructions (a second base address and bounds check).
    @usableFromInline
    struct Slot {
        /// The key's address; 0 marks an empty slot (no object or metatype lives at address 0).
        @usableFromInline
        var key: UInt
        @usableFromInline
        var value: Value?
    }

    /// A power of two of slots, or none before the first insertion.
    @usableFromInline
    var slots: [Slot]
    /// The word size minus the base-2 logarithm of the slot count: the shift that keeps a hash's
    /// top bits.
    @usableFromInline
    var shift: UInt
    /// How many keys the table holds.
    package private(set) var count = 0

    /// An empty table that allocates nothing until its first insertion: every owner starts with
    /// one, and a torn-down owner's tables are dropped by replacing them with one.
    package init() {
        slots = []
        shift = UInt(UInt.bitWidth - 1)
    }

    /// An empty table with room for `capacity` keys before it grows.
    package init(capacity: Int) {
        var count = 8
        while count < capacity * 2 { count *= 2 }
        slots = Array(repeating: Slot(key: 0, value: nil), count: count)
        shift = UInt(UInt.bitWidth - count.trailingZeroBitCount)
    }

    /// Where probing for a key starts.
    @inlinable
    @inline(__always)
    static func slot(of key: UInt, shift: UInt) -> Int {
        // 2^64 / φ, truncated to 2^32 / φ on 32-bit systems.
        let multiplier = UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
        return Int(truncatingIfNeeded: (key &* multiplier) &>> shift)
    }

    /// The value for a key, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    @inline(__always)
    package func value(for key: ObjectIdentifier) -> Value? {
        let address = UInt(bitPattern: key)
        let slot = Self.slot(of: address, shift: shift)
        // Only the empty table (no slots; the shift gives slot 0 or 1) fails this: the check
        // stands in for the bounds check of the first read, so an empty table needs no storage.
        guard UInt(bitPattern: slot) < UInt(bitPattern: slots.count) else { return nil }
        let found = slots[slot]
        if found.key == address { return found.value }
        // Probing on out of line keeps the usual lookup, a hit in its first slot, free of the
        // loop's setup (2 instructions a send).
        return Self.value(for: address, in: slots, probingAfter: slot)
    }

    /// The rest of a lookup whose first slot held another key or none.
    @inlinable
    @inline(never)
    static func value(for address: UInt, in slots: [Slot], probingAfter first: Int) -> Value? {
        var slot = first
        while slots[slot].key != 0 {
            slot = (slot &+ 1) & (slots.count &- 1)
            if slots[slot].key == address { return slots[slot].value }
        }
        return nil
    }

    /// Sets the value for a key, replacing the one it had.
    package mutating func insert(_ value: Value, for key: ObjectIdentifier) {
        insert(value, at: UInt(bitPattern: key))
    }

    /// ``insert(_:for:)`` by the key's address.
    private mutating func insert(_ value: Value, at address: UInt) {
        if (count + 1) * 2 > slots.count { grow() }
        var slot = Self.slot(of: address, shift: shift)
        while slots[slot].key != 0, slots[slot].key != address {
            slot = (slot + 1) & (slots.count - 1)
        }
        if slots[slot].key == 0 { count += 1 }
        slots[slot] = Slot(key: address, value: value)
    }

    /// Removes a key and its value, if the table holds it.
    ///
    /// The later keys of the key's run move back into the gap where their probe allows, so a
    /// lookup never stops early at a slot emptied by a removal (no tombstones to sweep).
    ///
    /// - Complexity: O(1) on average.
    package mutating func removeValue(for key: ObjectIdentifier) {
        guard !slots.isEmpty else { return }
        let address = UInt(bitPattern: key)
        let mask = slots.count - 1
        var gap = Self.slot(of: address, shift: shift)
        while slots[gap].key != address {
            if slots[gap].key == 0 { return }
            gap = (gap + 1) & mask
        }
        var next = (gap + 1) & mask
        while slots[next].key != 0 {
            // A key may move back into the gap unless its probe starts after the gap (cyclically).
            let home = Self.slot(of: slots[next].key, shift: shift)
            if (next &- home) & mask >= (next &- gap) & mask {
                slots[gap] = slots[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        slots[gap] = Slot(key: 0, value: nil)
        count -= 1
    }

    private mutating func grow() {
        var larger = IdentityTable(capacity: max(8, slots.count))
        for slot in slots where slot.key != 0 {
            if let value = slot.value { larger.insert(value, at: slot.key) }
        }
        self = larger
    }
}

extension IdentityTable: Sendable where Value: Sendable {}
extension IdentityTable.Slot: Sendable where Value: Sendable {}
