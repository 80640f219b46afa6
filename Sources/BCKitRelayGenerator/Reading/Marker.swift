/// A tag in the comments before a declaration that tells the generator what to do with it.
///
/// A marker is a comment line that reads `- Retained`, `- Quiet` or `- NotAMessage`, optionally
/// followed by a colon and prose, in a `///` doc comment (or any comment) right before the
/// declaration, or between its attributes and its keyword. Written as a doc-comment tag, it also
/// tells readers of the documentation.
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

    /// A comment line written like a marker that is none, such as `- Retain`, `- quiet` or
    /// `* Retained`, which the generator would otherwise ignore without a word.
    struct Slip: Equatable {
        /// The line of the source it is on.
        var line: Int
        /// The line as written, comment markers left out: `- Retain`.
        var written: String
        /// The marker it reads like.
        var meant: Marker
    }

    /// The lines of `comments` that read like a marker without being one: a tag of one word (a
    /// dash or an asterisk, the word, then nothing or a colon) whose word differs from a marker's
    /// only in case or by at most ``EditDistance/limit`` edits, or is a marker after an asterisk.
    /// A bullet of prose, `- Retain the cart`, is not one.
    static func slips(in comments: [Comment]) -> [Slip] {
        var found: [Slip] = []
        for comment in comments {
            for (offset, line) in comment.lines.enumerated() {
                guard let bullet = line.first, bullet == "-" || bullet == "*" else { continue }
                let word = line.dropFirst().drop { $0 == " " }.prefix { $0.isLetter }
                let rest = line.dropFirst().drop { $0 == " " }.dropFirst(word.count)
                guard !word.isEmpty, rest.isEmpty || rest.hasPrefix(":") else { continue }
                if bullet == "-", Marker(rawValue: String(word)) != nil { continue }
                let meant = allCases.first { marker in
                    word.lowercased() == marker.rawValue.lowercased()
                        || EditDistance.between(String(word), marker.rawValue, limit: EditDistance.limit) != nil
                }
                if let meant {
                    found.append(Slip(line: comment.line + offset, written: "\(bullet) \(word)", meant: meant))
                }
            }
        }
        return found
    }
}
