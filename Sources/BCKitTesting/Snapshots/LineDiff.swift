/// A line diff of two texts, written the way `diff -u` readers expect: ` ` for a line both have,
/// `-` for one only the old text has, `+` for one only the new text has, and `@@ line N @@`
/// before each hunk, with two lines of context around each change.
///
/// The lines are matched by the standard library's `difference(from:)` (Myers' algorithm), whose
/// cost grows with the texts' length times the number of changed lines: a few changes in a
/// 5,000-line snapshot take milliseconds and a few megabytes, where the table of every pair of
/// lines used before took 200 MB. Texts that differ in every line would take seconds, so past
/// ``changeLimit`` changed lines they are shown as wholly replaced instead.
struct LineDiff {
    private enum Step {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The most changed lines (removed plus added) matched line by line: under half a second for
    /// two 5,000-line texts in a debug build. Texts further apart are shown as wholly replaced, a
    /// true diff if not the shortest.
    static let changeLimit = 1_000

    private let steps: [Step]

    /// Diffs two texts line by line.
    ///
    /// - Parameters:
    ///   - old: The committed text.
    ///   - new: This run's text.
    ///   - changeLimit: The most changed lines matched line by line; tests lower it.
    init(old: String, new: String, changeLimit: Int = Self.changeLimit) {
        let old = Self.lines(of: old)
        let new = Self.lines(of: new)
        guard Self.changes(from: old, to: new, areAtMost: changeLimit) else {
            steps = old.map(Step.removed) + new.map(Step.added)
            return
        }
        var isRemoved = [Bool](repeating: false, count: old.count)
        var isAdded = [Bool](repeating: false, count: new.count)
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): isRemoved[offset] = true
            case .insert(let offset, _, _): isAdded[offset] = true
            }
        }
        var steps: [Step] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            // Removals first where both sides change, as `diff -u` shows a changed line.
            if i < old.count, isRemoved[i] {
                steps.append(.removed(old[i]))
                i += 1
            } else if j < new.count, isAdded[j] {
                steps.append(.added(new[j]))
                j += 1
            } else {
                steps.append(.same(old[i]))
                i += 1
                j += 1
            }
        }
        self.steps = steps
    }

    /// Whether the two texts have the same lines.
    var isEmpty: Bool {
        steps.allSatisfy { if case .same = $0 { true } else { false } }
    }

    /// The changed hunks with their context, one line per line.
    var text: String {
        let context = 2
        let changed = steps.indices.filter { if case .same = steps[$0] { false } else { true } }
        var shown = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(steps.count - 1, index + context) { shown.insert(near) }
        }
        var lines: [String] = []
        var oldLine = 1
        var previous: Int?
        for index in steps.indices {
            if shown.contains(index) {
                if previous.map({ $0 != index - 1 }) ?? true { lines.append("@@ line \(oldLine) @@") }
                previous = index
                switch steps[index] {
                case .same(let line): lines.append(" " + line)
                case .removed(let line): lines.append("-" + line)
                case .added(let line): lines.append("+" + line)
                }
            }
            if case .added = steps[index] { continue }
            oldLine += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Whether the shortest way from `old` to `new` removes and adds at most `limit` lines.
    ///
    /// Myers' forward search, stopped at `limit`, keeping only the furthest point reached on each
    /// diagonal: memory in O(limit), and little time where the texts differ everywhere, which is
    /// where the diff itself would take long.
    private static func changes(from old: [String], to new: [String], areAtMost limit: Int) -> Bool {
        guard abs(old.count - new.count) <= limit else { return false }
        // furthest[limit + 1 + k]: the furthest line of `old` reached on diagonal k (old minus new).
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        for depth in 0...limit {
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                let below = furthest[limit + diagonal]
                let above = furthest[limit + diagonal + 2]
                var x = diagonal == -depth || (diagonal != depth && below < above) ? above : below + 1
                var y = x - diagonal
                while x < old.count, y < new.count, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                furthest[limit + 1 + diagonal] = x
                if x >= old.count, y >= new.count { return true }
            }
        }
        return false
    }

    /// The lines of a text; a final newline ends the last line rather than starting an empty one.
    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
