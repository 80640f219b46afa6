/// The (controller type, conversation) pairs known not to conform, shared by every owner of the
/// process, so building a table skips the cast for a controller type already found silent.
///
/// A failed `as?` walks the runtime's conformance records and costs thousands of instructions even
/// when the runtime has cached the answer; most pairs of a screen fail (a controller speaks a few of
/// the owner's conversations). Only failures are kept: a success still needs the cast for the
/// witness table. A type's conformances are fixed once its image is loaded; a conformance added
/// later by a newly loaded image would be missed for a pair already recorded, which the kit's
/// targets (no dynamic loading of conversations) never do.
///
/// An open-addressing set of address pairs, like ``IdentityTable``: a `Set` of pairs hashed with
/// SipHash cost about 300 instructions per question, and an unspecialized `Optional` of the
/// conversation another 350 (`Benchmarks/callgrind.sh screen-kit`).
@MainActor
@usableFromInline
struct ConformanceMemo {
    /// The controller type's address by slot; 0 marks an empty slot.
    @usableFromInline
    var controllers: [UInt]
    /// The conversation's address in the same slot.
    @usableFromInline
    var conversations: [UInt]
    /// The word size minus the base-2 logarithm of the slot count.
    @usableFromInline
    var shift: UInt
    @usableFromInline
    var count = 0

    /// The process's memo.
    @usableFromInline
    static var shared = ConformanceMemo(slots: 64)

    init(slots: Int) {
        controllers = Array(repeating: 0, count: slots)
        conversations = Array(repeating: 0, count: slots)
        shift = UInt(UInt.bitWidth - slots.trailingZeroBitCount)
    }

    @inlinable
    @inline(__always)
    func slot(of controller: UInt, _ conversation: UInt) -> Int {
        // 2^64 / φ (truncated on 32-bit systems), over both addresses mixed.
        let multiplier = UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
        let mixed = controller ^ (conversation &>> 3) ^ (conversation &<< 29)
        return Int(truncatingIfNeeded: (mixed &* multiplier) &>> shift)
    }

    /// Whether `controller` is known not to speak `conversation`.
    @inlinable
    func isSilent(_ controller: ObjectIdentifier, _ conversation: ObjectIdentifier) -> Bool {
        let controller = UInt(bitPattern: controller)
        let conversation = UInt(bitPattern: conversation)
        let mask = controllers.count &- 1
        var slot = slot(of: controller, conversation)
        while true {
            let found = controllers[slot]
            if found == 0 { return false }
            if found == controller, conversations[slot] == conversation { return true }
            slot = (slot &+ 1) & mask
        }
    }

    /// Records that `controller` does not speak `conversation`.
    @usableFromInline
    mutating func recordSilent(_ controller: ObjectIdentifier, _ conversation: ObjectIdentifier) {
        if (count + 1) * 2 > controllers.count { grow() }
        let controller = UInt(bitPattern: controller)
        let conversation = UInt(bitPattern: conversation)
        var slot = slot(of: controller, conversation)
        while controllers[slot] != 0 {
            if controllers[slot] == controller, conversations[slot] == conversation { return }
            slot = (slot + 1) & (controllers.count - 1)
        }
        controllers[slot] = controller
        conversations[slot] = conversation
        count += 1
    }

    private mutating func grow() {
        var larger = ConformanceMemo(slots: controllers.count * 2)
        for slot in controllers.indices where controllers[slot] != 0 {
            larger.recordSilent(
                ObjectIdentifier(bitPattern: controllers[slot]),
                ObjectIdentifier(bitPattern: conversations[slot])
            )
        }
        self = larger
    }

    /// `controller` as a receiver of `Conversation`, or `nil`; remembers a failure.
    @inlinable
    mutating func receiver<Conversation>(_ controller: any BusinessController, as _: Conversation.Type)
        -> Conversation?
    {
        let controllerType = ObjectIdentifier(type(of: controller))
        let conversation = ObjectIdentifier(Conversation.self)
        if isSilent(controllerType, conversation) { return nil }
        if let receiver = controller as? Conversation { return receiver }
        recordSilent(controllerType, conversation)
        return nil
    }

    /// The receivers of `Conversation` among the listening `attachments`, in order, in new table
    /// storage.
    ///
    /// Inlined into the caller's specialized table building, so the casts and the entries'
    /// metadata are the caller's concrete types. One access to the memo for the whole build: the
    /// loops call no user code, only the runtime's casts. A first pass counts the controllers not
    /// known to be silent, so the storage is allocated once, at its final size once the memo
    /// knows every type; storage left less than half full by casts that failed for the first
    /// time is trimmed. Allocating for every controller and trimming instead cost as many
    /// instructions on a 20-controller screen and ten more allocations; gathering into temporary
    /// stack memory saved 4% of a session, too little for another raw buffer
    /// (Benchmarks/callgrind.sh screen-kit).
    @inlinable
    mutating func receivers<Conversation>(
        among attachments: ContiguousArray<Attachment>,
        as _: Conversation.Type
    ) -> EntryStorage<Conversation> {
        let conversation = ObjectIdentifier(Conversation.self)
        var candidates = 0
        for index in attachments.indices {
            let attachment = attachments[index]
            if attachment.isListening, !isSilent(ObjectIdentifier(type(of: attachment.controller)), conversation) {
                candidates &+= 1
            }
        }
        let storage = EntryStorage<Conversation>.make(capacity: candidates)
        guard candidates > 0 else { return storage }
        for index in attachments.indices {
            let attachment = attachments[index]
            guard attachment.isListening else { continue }
            let controller = attachment.controller
            let controllerType = ObjectIdentifier(type(of: controller))
            if isSilent(controllerType, conversation) { continue }
            guard let receiver = controller as? Conversation else {
                recordSilent(controllerType, conversation)
                continue
            }
            storage.append(Entry(receiver: receiver, attachment: attachment))
        }
        // Trimmed only when casts failed for types new to the memo.
        return storage.entryCapacity > 4 && storage.count * 2 < storage.entryCapacity ? storage.trimmed() : storage
    }
}
