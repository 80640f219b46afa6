/// The (controller type, conversation) pairs known not to conform, shared by every owner of the
/// process, so building a table skips the cast for a controller type already found silent.
///
/// A failed `as?` walks the runtime's conformance records and costs thousands of instructions even
/// when the runtime has cached the answer; most pairs of a screen fail (a controller speaks a few of
/// the owner's conversations). Opening and closing a 20-controller owner that builds 11 tables
/// went from 1,589,609 to 1,372,770 Ir (Benchmarks/callgrind.sh screen-open-kit).
/// Only failures are kept: a success still needs the cast for the witness table. A type's
/// conformances are fixed once its image is loaded; a conformance added later by a newly loaded
/// image would be missed for a pair already recorded, which the kit's targets (no dynamic loading
/// of conversations) never do.
@MainActor
enum SilentPairs {
    struct Pair: Hashable {
        let controller: ObjectIdentifier
        let conversation: ObjectIdentifier
    }

    static var known: Set<Pair> = []

    /// `controller` as a receiver of `Conversation`, or `nil`; remembers a failure.
    static func receiver<Conversation>(_ controller: any BusinessController, as _: Conversation.Type)
        -> Conversation?
    {
        let pair = Pair(
            controller: ObjectIdentifier(type(of: controller)),
            conversation: ObjectIdentifier(Conversation.self)
        )
        if known.contains(pair) { return nil }
        if let receiver = controller as? Conversation { return receiver }
        known.insert(pair)
        return nil
    }
}
