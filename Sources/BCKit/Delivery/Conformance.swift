/// What the process knows of one controller type and one conversation: see ``ConformanceMemo``.
///
/// The witness table is read from a cast's result and a receiver forged from it with
/// `unsafeBitCast`, which assumes the existential layout of a class-bound protocol (the `// ABI:`
/// notes below).
// measured: screen-kit N=20 +13,413 Ir reverted (150,067 against 136,654 in an earlier build) on 115,833 (11.6%)
@frozen
@usableFromInline
enum Conformance: Equatable {
    /// The type does not speak the conversation.
    case silent
    /// The type speaks the conversation, whose receivers are the object and this witness table.
    case witness(UInt)

    /// What a successful cast of `controller` to `Conversation`, `receiver`, shows of its type:
    /// its witness table when the conversation is laid out as the object and one witness table
    /// (a class-bound protocol's existential, as every conversation a screen declares is), else
    /// nothing worth keeping, and each receiver of the type is cast.
    ///
    /// The layout is checked on the cast's own result: two words, the first the controller.
    @inlinable
    init?<Conversation>(of receiver: Conversation, castFrom controller: any BusinessController) {
        guard MemoryLayout<Conversation>.size == MemoryLayout<(UInt, UInt)>.size else { return nil }
        // ABI: an existential of one class-bound protocol is two words, the object reference then
        // its witness table (Swift's stable existential layout). The size check above and the
        // identity check below refuse any other layout at run time, and
        // ConformanceTests.onlyAnObjectAndOneWitnessTableIsKept fails if this one changes.
        let words = unsafeBitCast(receiver, to: (UInt, UInt).self)
        guard words.0 == UInt(bitPattern: ObjectIdentifier(controller)) else { return nil }
        self = .witness(words.1)
    }

    /// `controller` as a receiver of the conversation whose witness table a cast of its type
    /// found: what that cast would return again, without asking the runtime.
    @inlinable
    static func receiver<Conversation>(_ controller: any BusinessController, witness: UInt) -> Conversation {
        let object: AnyObject = controller
        // ABI: the layout `init(of:castFrom:)` read this witness table from (see there).
        return unsafeBitCast((object, witness), to: Conversation.self)
    }
}
