/// The simplest router: every route in registration order, each tried against the URL until one
/// matches. A baseline for what a trie saves; it understands exactly the patterns of
/// ``RouteSet`` (static segments, `:name`, `:name<Int>`, a trailing `*name`).
struct LinearRouter {
    private enum Segment {
        case literal(Substring)
        case text
        case integer
        case rest
    }

    private struct Entry {
        let scheme: Substring
        let host: Substring
        let segments: [Segment]
    }

    private let entries: [Entry]

    init(patterns: [String]) {
        entries = patterns.map { pattern in
            let (scheme, host, path) = Self.split(pattern)
            let segments = path.map { piece -> Segment in
                if piece.hasPrefix("*") { return .rest }
                if piece.hasPrefix(":") { return piece.hasSuffix("<Int>") ? .integer : .text }
                return .literal(piece)
            }
            return Entry(scheme: scheme, host: host, segments: segments)
        }
    }

    /// `scheme://host/a/b` as `scheme`, `host` and `[a, b]`.
    private static func split(_ text: String) -> (Substring, Substring, [Substring]) {
        let parts = text.split(separator: "/")
        return (parts[0].dropLast(), parts[1], Array(parts.dropFirst(2)))
    }

    /// The index of the first route that matches, or `nil`.
    func match(_ url: String) -> Int? {
        let (scheme, host, path) = Self.split(url)
        for (index, entry) in entries.enumerated()
        where entry.host == host && entry.scheme == scheme && Self.matches(entry.segments, path) {
            return index
        }
        return nil
    }

    private static func matches(_ segments: [Segment], _ path: [Substring]) -> Bool {
        for (position, segment) in segments.enumerated() {
            if case .rest = segment { return path.count > position }
            guard position < path.count else { return false }
            switch segment {
            case .literal(let text): guard text == path[position] else { return false }
            case .integer: guard Int(path[position]) != nil else { return false }
            case .text, .rest: continue
            }
        }
        return segments.count == path.count
    }
}
