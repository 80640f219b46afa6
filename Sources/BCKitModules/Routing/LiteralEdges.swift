/// The static-segment edges of one trie node, found by their decoded text.
///
/// Most nodes have at most one such edge: it is kept inline and compared in place, which costs
/// neither an allocation when the trie is built nor a hash of the segment when it is searched.
/// A node with more goes over to a dictionary that holds them all, so a search costs one hash
/// as it would without the inline edge.
struct LiteralEdges: Sendable {
    struct Edge: Sendable {
        let text: String
        let child: Int
    }

    /// The only edge, while there is one and no more.
    private var only: Edge?
    /// Every edge, by text, once there are two or more.
    private var all: [String: Int]?

    /// The child reached through the edge for `text`, if there is one.
    subscript(text: String) -> Int? {
        // Inlined into the trie walk, where it replaced a dictionary lookup the compiler inlines.
        @inline(__always) get {
            if let all { return all[text] }
            guard let only, only.text == text else { return nil }
            return only.child
        }
    }

    /// Adds an edge; the node must not have one for `text` yet.
    mutating func insert(_ text: String, child: Int) {
        if all != nil {
            all?[text] = child
        } else if let only {
            all = [only.text: only.child, text: child]
            self.only = nil
        } else {
            only = Edge(text: text, child: child)
        }
    }
}
