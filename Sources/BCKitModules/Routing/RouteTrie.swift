/// The routes of one router as a trie: one root per scheme and host, then one level per path
/// segment. Finding a route (RouteTrie+Lookup.swift) walks the URL's segments once, plus
/// backtracking that a memo of dead ends keeps from growing with the number of routes.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literals: [String: Int] = [:]
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

    /// Adds a route, or returns the route already occupying the same place (same URLs, same
    /// precedence) and changes nothing.
    mutating func insert(_ pattern: RoutePattern, route: Int) -> Int? {
        var node: Int
        if let root = roots[pattern.scheme]?[pattern.host] {
            node = root
        } else {
            node = makeNode()
            roots[pattern.scheme, default: [:]][pattern.host] = node
        }
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                if let next = nodes[node].literals[text] {
                    node = next
                } else {
                    let next = makeNode()
                    nodes[node].literals[text] = next
                    node = next
                }
            case .parameter(_, .string):
                if let next = nodes[node].parameter {
                    node = next
                } else {
                    let next = makeNode()
                    nodes[node].parameter = next
                    node = next
                }
            case .parameter(_, let kind):
                if let edge = nodes[node].typed.first(where: { $0.kind == kind }) {
                    node = edge.child
                } else {
                    let next = makeNode()
                    nodes[node].typed.append(TypedEdge(kind: kind, child: next))
                    nodes[node].typed.sort { $0.kind < $1.kind }
                    node = next
                }
            case .catchAll:
                if let existing = nodes[node].catchAll { return existing }
                nodes[node].catchAll = route
                return nil
            }
        }
        if let existing = nodes[node].route { return existing }
        nodes[node].route = route
        return nil
    }

    /// The route already occupying the place `pattern` would take, found without changing the
    /// trie, so a refused registration costs no copy of it.
    func occupant(of pattern: RoutePattern) -> Int? {
        guard var node = roots[pattern.scheme]?[pattern.host] else { return nil }
        for segment in pattern.segments {
            let next: Int?
            switch segment {
            case .literal(let text): next = nodes[node].literals[text]
            case .parameter(_, .string): next = nodes[node].parameter
            case .parameter(_, let kind): next = nodes[node].typed.first { $0.kind == kind }?.child
            case .catchAll: return nodes[node].catchAll
            }
            guard let next else { return nil }
            node = next
        }
        return nodes[node].route
    }

    private mutating func makeNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }
}
