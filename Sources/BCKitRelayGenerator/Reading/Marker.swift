/// A tag in the comments before a declaration that tells the generator what to do with it.
///
/// A marker is a comment line that reads `- Retained`, `- Quiet` or `- NotAMessage`, optionally
/// followed by a colon and prose or by punctuation (`- Retained.`), in the `///` or `/** */` doc
/// comment right before the declaration, or between its attributes and its keyword. Only a doc
/// comment counts, as only it documents the declaration: a plain `//` or `/* */` comment (one that
/// comments out a member, doc comment and all, too) and a comment trailing the line before mark
/// nothing; a marker in a plain comment of the declaration's own is a ``Slip``, so a warning.
/// Written as a doc-comment tag, it also tells readers of the documentation.
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
        let tagged = comments.filter { $0.isDocumentation && $0.text.utf8.contains(UInt8(ascii: "-")) }
        for line in tagged.flatMap(\.lines) {
            if let marker = marker(taggedBy: line) { found.insert(marker) }
        }
        return found
    }

    /// The marker whose tag `line`, a comment line without its comment markers, is, or `nil`.
    private static func marker(taggedBy line: String) -> Marker? {
        guard line.hasPrefix("-") else { return nil }
        let tag = line.dropFirst().drop { $0 == " " }
        let word = tag.prefix { $0.isLetter }
        guard endsTag(tag.dropFirst(word.count)) else { return nil }
        return Marker(rawValue: String(word))
    }

    /// Whether what follows a tag's word leaves it a tag: nothing, a colon and prose, or
    /// punctuation (`- Retained.`, `- Retained (for late joiners)`). A word after it makes a bullet
    /// of prose that starts with the word (`- Retained messages are kept elsewhere`), and so does
    /// a hyphen or an apostrophe that joins the word to more (`- Retained-message replays`,
    /// `- Retained's key`).
    static func endsTag(_ rest: Substring) -> Bool {
        if let joined = rest.first, "-'’".contains(joined) { return false }
        guard let next = rest.first(where: { $0 != " " }) else { return true }
        return !next.isLetter && !next.isNumber
    }

    /// How the marker is written in a doc comment.
    var spelling: String { "/// - \(rawValue)" }

    /// A comment line written like a marker that is none, such as `- Retain`, `- quiet` or
    /// `* Retained`, or a marker written in a plain comment, `// - Retained`, which the generator
    /// would otherwise ignore without a word.
    struct Slip: Equatable {
        /// The line of the source it is on.
        var line: Int
        /// The line as written, comment markers left out: `- Retain`; for a marker in a plain
        /// comment, as the source has it: `// - Retained`.
        var written: String
        /// The marker it reads like.
        var meant: Marker
        /// Whether it is a marker's own tag in a plain comment, which marks nothing: such a
        /// comment documents nothing, so DocC shows no tag of it either.
        var isInPlainComment = false
    }

    /// A marker written just before an `#if`, `#elseif`, `#else` or `#endif` line, where it marks
    /// no declaration: DocC gives such a doc comment to none, and neither does the plugin. A slip
    /// there (a marker in a plain comment, or a tag that reads like one) is stranded too: written
    /// right, it would still mark nothing.
    struct Stranded: Equatable {
        /// The line of the source it is on.
        var line: Int
        /// The marker, or the one its slip reads like.
        var marker: Marker
        /// The directive it is written before, such as `#if`.
        var directive: String
        /// The `#if` clauses around that directive.
        var conditions: [ConditionFrame]
        /// How it is written, when it is not the marker's own tag in a doc comment.
        var slip: Slip?
    }

    /// The lines of `comments` that read like a marker without being one: a tag of one word (a
    /// dash or an asterisk, the word, then what ``endsTag(_:)`` allows) on a line of a `///` or `/** */`
    /// doc comment, whose word is a marker's in another case, cut short, or misspelled by a few
    /// edits (``meant(by:)``), or is a marker after an asterisk. A bullet of prose,
    /// `- Retain the cart`, is not one.
    ///
    /// Only the comment's own tags count, as DocC reads them: a line in a code block (fenced, or
    /// indented four columns), a parameter's item (a lowercase word and a colon, `- retained:
    /// Whether…`, or any item indented under the comment's text, as under `- Parameters:`) and
    /// any line of a comment that is not documentation (`// - Retain`) is left alone, but for a
    /// marker's own tag (``plainCommentSlips(in:)``).
    static func slips(in comments: [Comment]) -> [Slip] {
        var found = plainCommentSlips(in: comments)
        for block in DocCommentLine.blocks(of: comments) {
            var isFenced = false
            var isInParameterList = false
            for line in block {
                if line.text.hasPrefix("```") || line.text.hasPrefix("~~~") {
                    isFenced.toggle()
                    continue
                }
                guard !isFenced, !line.text.isEmpty else { continue }
                if line.indent == 0 {
                    isInParameterList = line.text.dropFirst().drop { $0 == " " }.lowercased().hasPrefix("parameters:")
                }
                guard line.indent == 0 || (line.indent < 4 && !isInParameterList) else { continue }
                guard let bullet = line.text.first, bullet == "-" || bullet == "*" else { continue }
                let word = line.text.dropFirst().drop { $0 == " " }.prefix { $0.isLetter }
                let rest = line.text.dropFirst().drop { $0 == " " }.dropFirst(word.count)
                guard !word.isEmpty, endsTag(rest) else { continue }
                if bullet == "-", Marker(rawValue: String(word)) != nil { continue }
                let isParameterItem = rest.hasPrefix(":") && (line.indent > 0 || word.first?.isLowercase == true)
                if !isParameterItem, let meant = meant(by: word) {
                    found.append(Slip(line: line.line, written: "\(bullet) \(word)", meant: meant))
                }
            }
        }
        return found
    }

    /// The markers' own tags in the comments of `comments` that are not documentation, such as
    /// `// - Retained` or `/* - Quiet */`: a plain comment marked a declaration once, and marks
    /// nothing now. A `/* */` holding code (a line that is a comment of its own, an attribute or a
    /// declaration) comments out declarations: its tags are theirs, and it says nothing of the next.
    private static func plainCommentSlips(in comments: [Comment]) -> [Slip] {
        let plain = comments.filter { comment in
            !comment.isDocumentation && comment.text.utf8.contains(UInt8(ascii: "-")) && !holdsCode(comment)
        }
        return plain.flatMap { comment in
            zip(comment.lines, Comment.lines(of: Substring(comment.text))).enumerated().compactMap { offset, line in
                marker(taggedBy: line.0).map { marker in
                    Slip(
                        line: comment.line + offset, written: String(line.1).trimming([" ", "\t"]), meant: marker,
                        isInPlainComment: true)
                }
            }
        }
    }

    /// Whether a `/* */` comment comments out code: one of its lines, past the asterisks of the
    /// comment's own style, is a comment, an attribute or starts a declaration.
    private static func holdsCode(_ comment: Comment) -> Bool {
        guard comment.text.hasPrefix("/*") else { return false }
        return Comment.lines(of: comment.text.dropFirst(2)).contains { line in
            let text = line.drop { $0 == " " || $0 == "\t" || $0 == "*" }
            return text.hasPrefix("//") || text.hasPrefix("/*") || text.hasPrefix("@")
                || DeclarationReader.startsDeclaration(String(text.prefix { $0.isLetter }))
        }
    }

    /// The marker a tag's word reads like, or `nil`: the marker's word in another case, cut short
    /// by at most two letters (`Retain`), or within one edit of it (a swap of two neighbours is
    /// one), two for a word longer than five letters (`Qiet`, `Quite`, `Retaned`), no longer or shorter than it by more than one letter. A
    /// word that starts with the marker's whole word and goes on (`Quieto`, `Quietly`) is another
    /// word, not a slip.
    static func meant(by word: Substring) -> Marker? {
        let written = word.lowercased()
        return allCases.first { marker in
            let name = marker.rawValue.lowercased()
            if written == name { return true }
            if written.hasPrefix(name) { return false }
            if name.hasPrefix(written) { return written.count >= max(4, name.count - 2) }
            guard abs(written.count - name.count) <= 1 else { return false }
            return EditDistance.between(written, name, limit: name.count > 5 ? EditDistance.limit : 1) != nil
        }
    }
}
