/// A tag in the comments before a declaration that tells the generator what to do with it.
///
/// A marker is a comment line that reads `- Retained`, `- Quiet` or `- NotAMessage`, optionally
/// followed by a colon and prose, in a `///` doc comment (or any comment) right before the
/// declaration. Written as a doc-comment tag, it also tells readers of the documentation.
enum Marker: String, CaseIterable {
    /// The message is retained for controllers attached later: `relayRetained`.
    case retained = "Retained"
    /// Nobody handling the message is normal: `.quiet(…)`, so it is not reported.
    case quiet = "Quiet"
    /// A conformer's method is deliberately named near a message: no near-miss warning.
    case notAMessage = "NotAMessage"

    /// The markers written in `comments`.
    static func markers(in comments: [Comment]) -> Set<Marker> {
        var found: Set<Marker> = []
        // Most comments hold no tag: look for a dash before splitting them into lines.
        for line in comments.filter({ $0.text.utf8.contains(UInt8(ascii: "-")) }).flatMap(\.lines)
        where line.hasPrefix("-") {
            let word = line.dropFirst().drop { $0 == " " }.prefix { $0.isLetter }
            if let marker = Marker(rawValue: String(word)) { found.insert(marker) }
        }
        return found
    }

    /// How the marker is written in a doc comment.
    var spelling: String { "/// - \(rawValue)" }
}
