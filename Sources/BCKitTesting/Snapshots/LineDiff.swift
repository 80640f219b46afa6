/// A line diff of two texts, written the way `diff -u` readers expect: ` ` for a line both have,
/// `-` for one only the old text has, `+` for one only the new text has, and `@@ line N @@`
/// before each hunk, with two lines of context around each change.
struct LineDiff {
    private enum Step {
        case same(String)
        case removed(String)
        case added(String)
    }

    private let steps: [Step]

    /// Diffs two texts line by line, by their longest common subsequence.
    init(old: String, new: String) {
        let old = Self.lines(of: old)
        let new = Self.lines(of: new)
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var steps: [Step] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                steps.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                // Removals first on a tie, as `diff -u` shows a changed line.
                steps.append(.removed(old[i]))
                i += 1
            } else {
                steps.append(.added(new[j]))
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

    /// The lines of a text; a final newline ends the last line rather than starting an empty one.
    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
