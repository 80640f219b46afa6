// MARK: - Lookup

extension RouteTrie {
    /// Whether a node is a choice point: a segment could take two of its edges (a literal and a
    /// typed parameter, two typed parameters, a typed and an untyped one), so a lookup may back
    /// out of one and try the next.
    private func isChoicePoint(_ index: Int) -> Bool {
        // Read in place: a copy of the node would retain its dictionary and array.
        (nodes[index].literals.isEmpty ? 0 : 1) + nodes[index].typed.count + (nodes[index].parameter == nil ? 0 : 1)
            >= 2
    }

    /// The shape of a subtree: its edges with their targets' classes, and whether a route or a
    /// catch-all ends at its root.
    private struct Shape: Hashable {
        var literals: [String: Int32] = [:]
        var typed: [Int64] = []
        var parameter: Int32 = -1
        var catchAll = false
        var route = false
    }

    /// Sorts the subtrees below choice points into classes of the same shape: two subtrees of
    /// one class accept the same segment sequences, so a lookup that found one dead from some
    /// position knows the other is dead from there too. Only the route numbers differ, and
    /// they do not decide whether a branch dead-ends.
    ///
    /// - Returns: The class of each node, or -1 where no backtracking reaches; empty when the
    ///   trie has no choice point (then nothing is remembered and nothing is spent).
    func suffixClasses() -> [Int32] {
        guard let firstChoice = nodes.indices.first(where: isChoicePoint) else { return [] }
        // A node's children come after it: every node is made after its parent.
        var below = [Bool](repeating: false, count: nodes.count)
        for index in firstChoice..<nodes.count where below[index] || isChoicePoint(index) {
            for edge in nodes[index].literals.edges { below[edge.child] = true }
            for edge in nodes[index].typed { below[edge.child] = true }
            if let child = nodes[index].parameter { below[child] = true }
        }
        var classes = [Int32](repeating: -1, count: nodes.count)
        var interned: [Shape: Int32] = [:]
        for index in nodes.indices.reversed() where below[index] {
            let node = nodes[index]
            var shape = Shape(catchAll: node.catchAll != nil, route: node.route != nil)
            for edge in node.literals.edges { shape.literals[edge.text] = classes[edge.child] }
            shape.typed = node.typed.map { Int64($0.kind.rawValue) << 32 | Int64(classes[$0.child]) }
            shape.parameter = node.parameter.map { classes[$0] } ?? -1
            if let known = interned[shape] {
                classes[index] = known
            } else {
                classes[index] = Int32(interned.count)
                interned[shape] = classes[index]
            }
        }
        return classes
    }

    /// What one lookup carries down the trie.
    struct Lookup {
        /// Path parameter values of the branch being tried.
        var captures: [String]
        /// Dead ends found so far, as class × (segments + 1) + position: the first few in an
        /// array (a lookup meets a handful, and a linear scan of a few integers beats hashing),
        /// the rest in a set, so the cost stays linear however many there are.
        var dead: [Int] = []
        var moreDead: Set<Int> = []
        /// Nodes entered; tests read it to prove the bound.
        var visits = 0
        /// Candidates the caller declined; a dead end found while one was declined depends on
        /// the routes, not only the shape, and is not remembered.
        var declines = 0

        func isDead(_ key: Int) -> Bool {
            key >= 0 && (dead.contains(key) || (!moreDead.isEmpty && moreDead.contains(key)))
        }

        mutating func remember(_ key: Int) {
            if dead.count < 32 {
                dead.append(key)
            } else {
                moreDead.insert(key)
            }
        }
    }

    /// Decides whether a candidate route is taken; `false` backs out as from a dead end.
    typealias Acceptance = (Hit) throws(RouteError) -> Bool

    /// Finds the most specific route for decoded segments that `accept` takes, backtracking
    /// out of dead ends and declined candidates, in precedence order.
    ///
    /// - Complexity: Each (class, position) dead end is explored once, so a lookup costs
    ///   O(segments × classes) where a plain backtracking walk would cost O(routes).
    func match(
        scheme: String,
        host: String,
        segments: [String],
        classes: [Int32],
        lookup: inout Lookup,
        accept: Acceptance = { _ in true }
    ) throws(RouteError) -> Hit? {
        guard let root = roots[scheme]?[host] else { return nil }
        lookup.captures.reserveCapacity(segments.count)
        return try descend(root, segments, 0, classes, &lookup, accept)
    }

    /// Finds the most specific route for decoded segments, taking every candidate.
    func match(scheme: String, host: String, segments: [String], classes: [Int32]) -> Hit? {
        guard classes.isEmpty else {
            var lookup = Lookup(captures: [])
            return try? match(scheme: scheme, host: host, segments: segments, classes: classes, lookup: &lookup)
        }
        // No choice point, so no dead end to remember and nobody to ask: the plain walk, which
        // carries nothing but the captures.
        guard let root = roots[scheme]?[host] else { return nil }
        var captures: [String] = []
        captures.reserveCapacity(segments.count)
        return walk(root, segments, 0, &captures)
    }

    private func walk(_ index: Int, _ segments: [String], _ position: Int, _ captures: inout [String]) -> Hit? {
        guard position < segments.count else {
            return nodes[index].route.map { Hit(route: $0, captures: captures, restStart: nil) }
        }
        let segment = segments[position]
        if let next = nodes[index].literals[segment], let hit = walk(next, segments, position + 1, &captures) {
            return hit
        }
        for edge in nodes[index].typed where edge.kind.accepts(segment) {
            captures.append(segment)
            if let hit = walk(edge.child, segments, position + 1, &captures) { return hit }
            captures.removeLast()
        }
        if let next = nodes[index].parameter {
            captures.append(segment)
            if let hit = walk(next, segments, position + 1, &captures) { return hit }
            captures.removeLast()
        }
        if let route = nodes[index].catchAll {
            captures.append(segments[position...].joined(separator: "/"))
            return Hit(route: route, captures: captures, restStart: position)
        }
        return nil
    }

    private func descend(
        _ index: Int,
        _ segments: [String],
        _ position: Int,
        _ classes: [Int32],
        _ lookup: inout Lookup,
        _ accept: Acceptance
    ) throws(RouteError) -> Hit? {
        lookup.visits += 1
        // Fields are read through the array in place: copying a whole node would retain its
        // dictionary and array on every step.
        guard position < segments.count else {
            guard let route = nodes[index].route else { return nil }
            return try offer(Hit(route: route, captures: lookup.captures, restStart: nil), &lookup, accept)
        }
        let segment = segments[position]
        let next = position + 1
        if let child = nodes[index].literals[segment] {
            let key = Self.deadKey(child, next, classes, segments.count)
            if !lookup.isDead(key), let hit = try enter(child, key, segments, next, classes, &lookup, accept) {
                return hit
            }
        }
        for edge in nodes[index].typed {
            // The memo comes before the type test: parsing a segment as a number costs more.
            let key = Self.deadKey(edge.child, next, classes, segments.count)
            guard !lookup.isDead(key), edge.kind.accepts(segment) else { continue }
            lookup.captures.append(segment)
            if let hit = try enter(edge.child, key, segments, next, classes, &lookup, accept) { return hit }
            lookup.captures.removeLast()
        }
        if let child = nodes[index].parameter {
            let key = Self.deadKey(child, next, classes, segments.count)
            if !lookup.isDead(key) {
                lookup.captures.append(segment)
                if let hit = try enter(child, key, segments, next, classes, &lookup, accept) { return hit }
                lookup.captures.removeLast()
            }
        }
        if let route = nodes[index].catchAll {
            lookup.captures.append(segments[position...].joined(separator: "/"))
            if let hit = try offer(Hit(route: route, captures: lookup.captures, restStart: position), &lookup, accept) {
                return hit
            }
            lookup.captures.removeLast()
        }
        return nil
    }

    /// The memo key of a child entered at `position`, or -1 when no backtracking reaches it.
    @inline(__always)
    private static func deadKey(_ child: Int, _ position: Int, _ classes: [Int32], _ count: Int) -> Int {
        guard !classes.isEmpty, classes[child] >= 0 else { return -1 }
        return Int(classes[child]) * (count + 1) + position
    }

    /// Descends into a child not known dead, and remembers it if it dead-ends.
    @inline(__always)
    private func enter(
        _ child: Int,
        _ key: Int,
        _ segments: [String],
        _ position: Int,
        _ classes: [Int32],
        _ lookup: inout Lookup,
        _ accept: Acceptance
    ) throws(RouteError) -> Hit? {
        let declines = lookup.declines
        if let hit = try descend(child, segments, position, classes, &lookup, accept) { return hit }
        if key >= 0, lookup.declines == declines { lookup.remember(key) }
        return nil
    }

    @inline(__always)
    private func offer(_ hit: Hit, _ lookup: inout Lookup, _ accept: Acceptance) throws(RouteError) -> Hit? {
        if try accept(hit) { return hit }
        lookup.declines += 1
        return nil
    }
}
