/// The routes of one router as a trie: one root per scheme and host, then one level per path
/// segment. Finding a route walks the URL's segments once (plus backtracking bounded by the
/// number of edge kinds per node), so its cost depends on the URL, not on how many routes
/// there are.
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
    private var roots: [String: [String: Int]] = [:]

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

    /// Finds the most specific route for decoded segments, backtracking out of dead ends.
    func match(scheme: String, host: String, segments: [String]) -> Hit? {
        guard let root = roots[scheme]?[host] else { return nil }
        var captures: [String] = []
        captures.reserveCapacity(segments.count)
        return descend(root, segments, 0, &captures)
    }

    private func descend(_ index: Int, _ segments: [String], _ position: Int, _ captures: inout [String]) -> Hit? {
        // Fields are read through the array in place: copying a whole node would retain its
        // dictionary and array on every step.
        guard position < segments.count else {
            return nodes[index].route.map { Hit(route: $0, captures: captures, restStart: nil) }
        }
        let segment = segments[position]
        if let next = nodes[index].literals[segment], let hit = descend(next, segments, position + 1, &captures) {
            return hit
        }
        for edge in nodes[index].typed where edge.kind.accepts(segment) {
            captures.append(segment)
            if let hit = descend(edge.child, segments, position + 1, &captures) { return hit }
            captures.removeLast()
        }
        if let next = nodes[index].parameter {
            captures.append(segment)
            if let hit = descend(next, segments, position + 1, &captures) { return hit }
            captures.removeLast()
        }
        if let route = nodes[index].catchAll {
            captures.append(segments[position...].joined(separator: "/"))
            return Hit(route: route, captures: captures, restStart: position)
        }
        return nil
    }
}
