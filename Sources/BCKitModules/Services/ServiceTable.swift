/// A registry's registrations and singleton coordinator, in one object, so that a ``ServiceResolver`` handed to
/// each factory copies one reference instead of the registry's three.
///
/// Resolution finds an entry with ``entry(for:)``: open addressing on the metatype's address,
/// placed by Fibonacci hashing (the top bits of the address times 2^w / φ, w the word size) and
/// probed linearly,
/// at most half full. That is a multiply, a shift and usually one comparison, where a
/// `Dictionary` lookup hashes the key with SipHash.
@usableFromInline
final class ServiceTable: Sendable {
    let entries: [ObjectIdentifier: ServiceEntry]
    @usableFromInline let coordinator = SingletonCoordinator()
    /// The names of the registered services, sorted.
    let registeredServices: [String]
    /// Metatype addresses by slot; 0 marks an empty slot (no metatype lives at address 0).
    @usableFromInline let keys: [UInt]
    /// The entry of the metatype in the same slot of `keys`.
    @usableFromInline let slots: [ServiceEntry?]
    /// The word size minus the base-2 logarithm of the slot count: the shift that keeps a hash's
    /// top bits.
    @usableFromInline let shift: UInt

    init(entries: [ObjectIdentifier: ServiceEntry]) {
        self.entries = entries
        self.registeredServices = entries.values.map(\.name).sorted()
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        var keys = [UInt](repeating: 0, count: capacity)
        var slots = [ServiceEntry?](repeating: nil, count: capacity)
        for (key, entry) in entries {
            var slot = Self.slot(of: key, shift: shift)
            while keys[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            keys[slot] = UInt(bitPattern: Int(bitPattern: key))
            slots[slot] = entry
        }
        self.keys = keys
        self.slots = slots
    }

    /// Where probing for a metatype starts.
    @inlinable
    static func slot(of key: ObjectIdentifier, shift: UInt) -> Int {
        // 2^64 / φ, truncated to 2^32 / φ on 32-bit systems.
        let multiplier = UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
        return Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: key)) &* multiplier) >> shift)
    }

    /// The registration of a service, or `nil`.
    @inlinable
    func entry(for key: ObjectIdentifier) -> ServiceEntry? {
        let address = UInt(bitPattern: Int(bitPattern: key))
        let mask = keys.count - 1
        var slot = Self.slot(of: key, shift: shift)
        while true {
            let found = keys[slot]
            if found == address { return slots[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The error for a service that is not registered.
    @usableFromInline
    func missing<Service>(_ service: Service.Type) -> ServiceError {
        .missing(serviceName(of: service), registered: registeredServices)
    }
}
