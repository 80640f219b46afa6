/// The routes of one router as a trie: one root per scheme and host, then one level per path
/// segment. Finding a route (RouteTrie+Lookup.swift) walks the URL's segments once, plus
/// backtracking that a memo of dead ends keeps from growing with the number of routes.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literals = LiteralEdges()
        /// Typed parameter edges, kept sorted by kind so they are tried narrowest first.
        var typed: [TypedEdge] = []
        var parameter: Int?
        /// The route whose catch-all starts at this node.
        var catchAll: Int?
        /// The route that ends at this node.
        var route: Int?
    }

    struct TypedEdge: Sendable {
        let kind: ParameterKind
        let child: Int
    }

    /// A successful lookup.
    struct Hit {
        let route: Int
        /// Path parameter values in pattern order; a catch-all contributes its segments joined.
        let captures: [String]
        /// Where the catch-all's segments start in the URL's segments, if the route has one.
        let restStart: Int?
    }

    private(set) var nodes: [Node] = []
    private(set) var roots: [String: [String: Int]] = [:]

    /// Where a pattern's route would go: the route already there, or how far the trie
    /// already reaches along the pattern.
    enum Place {
        /// A route occupies the place already (same URLs, same precedence).
        case occupied(Int)
        /// The place is free: the existing node reached after `depth` segments, or no node at
        /// all when the pattern's scheme and host have no root yet.
        case free(node: Int?, depth: Int)
    }

    /// Finds where a pattern's route would go, without changing the trie, so a refused
    /// registration costs no copy of it and an accepted one walks the existing part only once.
    func place(of pattern: RoutePattern) -> Place {
        guard var node = roots[pattern.scheme]?[pattern.host] else { return .free(node: nil, depth: 0) }
        for (depth, segment) in pattern.segments.enumerated() {
            let next: Int?
            switch segment {
            case .literal(let text): next = nodes[node].literals[text]
            case .parameter(_, .string): next = nodes[node].parameter
            case .parameter(_, let kind): next = nodes[node].typed.first { $0.kind == kind }?.child
            case .catchAll: return nodes[node].catchAll.map { .occupied($0) } ?? .free(node: node, depth: depth)
            }
            guard let next else { return .free(node: node, depth: depth) }
            node = next
        }
        return nodes[node].route.map { .occupied($0) } ?? .free(node: node, depth: pattern.segments.count)
    }

    /// Adds a route at a free place found by ``place(of:)`` for the same pattern, with no
    /// change to the trie in between: only the nodes past the existing part are made.
    mutating func insert(_ pattern: RoutePattern, route: Int, at place: Place) {
        guard case .free(let existing, let depth) = place else {
            preconditionFailure("RouteTrie: inserting at an occupied place")
        }
        var node: Int
        if let existing {
            node = existing
        } else {
            node = makeNode()
            roots[pattern.scheme, default: [:]][pattern.host] = node
        }
        for segment in pattern.segments[depth...] {
            // Each node past the existing part is new, so its edges are empty: no lookups.
            switch segment {
            case .literal(let text):
                let next = makeNode()
                nodes[node].literals.insert(text, child: next)
                node = next
            case .parameter(_, .string):
                let next = makeNode()
                nodes[node].parameter = next
                node = next
            case .parameter(_, let kind):
                let next = makeNode()
                nodes[node].typed.append(TypedEdge(kind: kind, child: next))
                nodes[node].typed.sort { $0.kind < $1.kind }
                node = next
            case .catchAll:
                nodes[node].catchAll = route
                return
            }
        }
        nodes[node].route = route
    }

    /// Makes room for `count` more nodes.
    mutating func reserveCapacity(nodes count: Int) {
        nodes.reserveCapacity(nodes.count + count)
    }

    private mutating func makeNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }
}
