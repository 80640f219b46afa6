/// How many single-character insertions, deletions, substitutions or swaps of two neighbours turn
/// one name into another.
enum EditDistance {
    /// The largest distance at which two different base names count as a near miss.
    static let limit = 2

    /// The distance between `a` and `b` (Damerau's, with no character edited twice, so a swapped
    /// pair such as `Quite` for `Quiet` is one slip, as a typist makes it), or `nil` once it is
    /// sure to exceed `limit`.
    static func between(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard abs(a.count - b.count) <= limit else { return nil }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                row[j] = min(previous[j] + 1, row[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
            // A row's least distance never falls in the rows after it, swaps included.
            if row.min()! > limit { return nil }
            beforePrevious = previous
            previous = row
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }
}
