/// The chain of async sends a task is running inside, so that a runaway loop of async sends
/// stops at the same ``CommunicationCenter/nestingLimit`` as sync sends, with the same kind of
/// diagnostic.
///
/// A task-local value, not a counter on the switchboard: async sends of unrelated tasks interleave
/// at suspension points, and only the chain of the task that sends tells nesting apart from
/// interleaving. Child tasks of a concurrent send inherit it.
enum AsyncNesting {
    @TaskLocal static var chain: [String] = []

    /// The chain with `conversation` added; stops the program past the nesting limit.
    static func enter(_ conversation: String, owner: String) -> [String] {
        let chain = Self.chain + [conversation]
        if chain.count > CommunicationCenter.nestingLimit {
            let named = Array(chain.suffix(Switchboard.namedLinks + 1))
            Switchboard.stopRunawayLoop(of: "async conversations", in: owner, lastLinks: named)
        }
        return chain
    }
}
