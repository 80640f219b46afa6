/// A small open-addressing map keyed by an object's or a metatype's identity: the one hash table
/// the kit writes itself, shared by the dispatch tables' index and BCKitModules' services.
///
/// A `Dictionary<ObjectIdentifier, _>` hashes with SipHash on every lookup (about 160
/// instructions measured here); this map multiplies the address by 2^w / φ (Fibonacci hashing:
/// the product's top bits mix every bit of the address) and probes linearly, at most half full:
/// a multiply, a shift and usually one comparison.
@usableFromInline
package struct IdentityTable<Value> {
    /// Addresses by slot; 0 marks an empty slot (no object or metatype lives at address 0).
    @usableFromInline
    var keys: [UInt]
    /// The value of the key in the same slot.
    @usableFromInline
    var values: [Value?]
    /// The word size minus the base-2 logarithm of the slot count: the shift that keeps a hash's
    /// top bits.
    @usableFromInline
    var shift: UInt
    /// How many keys the table holds.
    package private(set) var count = 0

    /// An empty table that allocates nothing until its first insertion: every owner starts with
    /// one, and a torn-down owner's tables are dropped by replacing them with one.
    package init() {
        // Two empty slots shared by every empty table: a lookup reads a key 0 and stops, and never
        // reads `values`.
        keys = emptyKeys
        values = []
        shift = UInt(UInt.bitWidth - 1)
    }

    /// An empty table with room for `capacity` keys before it grows.
    package init(capacity: Int) {
        var slots = 8
        while slots < capacity * 2 { slots *= 2 }
        keys = Array(repeating: 0, count: slots)
        values = Array(repeating: nil, count: slots)
        shift = UInt(UInt.bitWidth - slots.trailingZeroBitCount)
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
        let mask = keys.count &- 1
        var slot = Self.slot(of: address, shift: shift)
        while true {
            let found = keys[slot]
            if found == address { return values[slot] }
            if found == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// Sets the value for a key, replacing the one it had.
    package mutating func insert(_ value: Value, for key: ObjectIdentifier) {
        if (count + 1) * 2 > keys.count || values.isEmpty { grow() }
        let address = UInt(bitPattern: key)
        var slot = Self.slot(of: address, shift: shift)
        while keys[slot] != 0, keys[slot] != address {
            slot = (slot + 1) & (keys.count - 1)
        }
        if keys[slot] == 0 { count += 1 }
        keys[slot] = address
        values[slot] = value
    }

    private mutating func grow() {
        var larger = IdentityTable(capacity: values.isEmpty ? 8 : keys.count)
        for slot in keys.indices where keys[slot] != 0 {
            if let value = values[slot] { larger.insert(value, for: ObjectIdentifier(bitPattern: keys[slot])) }
        }
        self = larger
    }
}

/// The keys of every empty ``IdentityTable``.
private let emptyKeys: [UInt] = [0, 0]

extension IdentityTable: Sendable where Value: Sendable {}

extension ObjectIdentifier {
    /// The identifier an address stands for.
    init(bitPattern address: UInt) {
        self = unsafeBitCast(address, to: ObjectIdentifier.self)
    }
}
