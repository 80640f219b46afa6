/// The static-segment edges of one trie node, found by their decoded text.
///
/// Most nodes have a few such edges: up to ``linearLimit`` they are compared one by one, which
/// for short texts is a few word comparisons where a dictionary hashes the whole text; past
/// that, a dictionary indexes them.
struct LiteralEdges: Sendable {
    struct Edge: Sendable {
        let text: String
        let child: Int
    }

    static let linearLimit = 8

    /// The first edge, kept inline: most nodes have exactly one, which then costs no allocation.
    private var first: Edge?
    private var rest: [Edge] = []
    private var index: [String: Int]?

    /// The child reached through the edge for `text`, if there is one.
    subscript(text: String) -> Int? {
        if let index { return index[text] }
        guard let first else { return nil }
        if first.text == text { return first.child }
        for edge in rest where edge.text == text {
            return edge.child
        }
        return nil
    }

    /// Adds an edge; the node must not have one for `text` yet.
    mutating func insert(_ text: String, child: Int) {
        let edge = Edge(text: text, child: child)
        guard index == nil, let existing = first else {
            if index == nil { first = edge } else { index?[text] = child }
            return
        }
        guard rest.count + 1 >= Self.linearLimit else {
            rest.append(edge)
            return
        }
        index = Dictionary(uniqueKeysWithValues: ([existing] + rest + [edge]).map { ($0.text, $0.child) })
        first = nil
        rest = []
    }
}
