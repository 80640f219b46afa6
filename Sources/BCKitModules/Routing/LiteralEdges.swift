/// The static-segment edges of one trie node, found by their decoded text.
///
/// Most nodes have one such edge, many a few: up to ``linearLimit`` they are compared in place,
/// the first kept inline, which costs no dictionary to build and, for short texts, less than a
/// hash of the segment to search. A node with more goes over to a dictionary that holds them all.
struct LiteralEdges: Sendable {
    struct Edge: Sendable {
        let text: String
        let child: Int
    }

    /// How many edges are compared in place before a dictionary takes over.
    static let linearLimit = 8

    /// The first edge, while the edges are compared in place.
    private var first: Edge?
    /// The edges after the first, while they are compared in place.
    private var rest: [Edge] = []
    /// Every edge, by text, once there are more than ``linearLimit``.
    private var all: [String: Int]?

    /// The child reached through the edge for `text`, if there is one.
    subscript(text: String) -> Int? {
        // Inlined into the trie walk, where it replaced a dictionary lookup the compiler inlines;
        // indices rather than an iterator, which would copy `rest` on every search.
        @inline(__always) get {
            if let all { return all[text] }
            guard let first else { return nil }
            if first.text == text { return first.child }
            for index in rest.indices where rest[index].text == text {
                return rest[index].child
            }
            return nil
        }
    }

    /// Whether there is no edge at all.
    var isEmpty: Bool { first == nil && all == nil }

    /// Every edge, in no particular order; for the classes the lookup's dead-end memo is built
    /// on (RouteTrie+Lookup.swift), not for the walk.
    var edges: [Edge] {
        if let all { return all.map { Edge(text: $0.key, child: $0.value) } }
        return first.map { [$0] + rest } ?? []
    }

    /// Adds an edge; the node must not have one for `text` yet.
    mutating func insert(_ text: String, child: Int) {
        let edge = Edge(text: text, child: child)
        if all != nil {
            all?[text] = child
        } else if let first {
            if rest.count + 1 < Self.linearLimit {
                rest.append(edge)
            } else {
                all = Dictionary(uniqueKeysWithValues: ([first] + rest + [edge]).map { ($0.text, $0.child) })
                self.first = nil
                rest = []
            }
        } else {
            first = edge
        }
    }
}
