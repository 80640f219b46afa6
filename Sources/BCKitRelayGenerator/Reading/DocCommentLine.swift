/// One line of a documentation comment, with how far it is indented past the comment's own text,
/// which is what tells a tag of the comment from a nested list item or an indented code block.
struct DocCommentLine: Equatable {
    /// The line of the source it is on.
    var line: Int
    /// The columns of indentation past the comment's least indented line, a tab counting four.
    var indent: Int
    /// The line's text, its comment markers and surrounding whitespace left out.
    var text: String

    /// The documentation comments among `comments`, each as its lines: consecutive `///` lines
    /// form one comment, as DocC reads them, and each `/** */` is one. Other comments are left out,
    /// and end a run of `///` lines.
    static func blocks(of comments: [Comment]) -> [[DocCommentLine]] {
        var blocks: [(lines: [(line: Int, raw: Substring)], hasOpener: Bool)] = []
        var previousLine: Int?
        for comment in comments {
            guard comment.isDocumentation else {
                previousLine = nil
                continue
            }
            if comment.text.hasPrefix("///") {
                let raw = comment.text.dropFirst(3)
                if let previousLine, previousLine + 1 == comment.line, !blocks.isEmpty {
                    blocks[blocks.count - 1].lines.append((comment.line, raw))
                } else {
                    blocks.append(([(comment.line, raw)], false))
                }
                previousLine = comment.line
            } else {
                var body = comment.text.dropFirst(3)
                if body.hasSuffix("*/") { body = body.dropLast(2) }
                let lines = Comment.lines(of: body)
                let measured = lines.enumerated().map { offset, line in
                    guard offset > 0 else { return (line: comment.line, raw: line) }
                    // The leading-asterisk style: the asterisk and the source's indentation go.
                    let rest = line.drop { $0 == " " || $0 == "\t" }
                    return (line: comment.line + offset, raw: rest.hasPrefix("*") ? rest.dropFirst() : line)
                }
                blocks.append((measured, true))
                previousLine = nil
            }
        }
        return blocks.map { lines(of: $0.lines, hasOpener: $0.hasOpener) }
    }

    private static func lines(of block: [(line: Int, raw: Substring)], hasOpener: Bool) -> [DocCommentLine] {
        let measured = block.map { line, raw in
            let text = String(raw).trimming([" ", "\t", "\r"])
            let indent = raw.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            return (line: line, indent: indent, text: text)
        }
        let written = measured.filter { !$0.text.isEmpty }
        // The text on a `/**` line sits wherever the opener leaves it: the lines below set the base.
        let opensWithText = hasOpener && written.count > 1 && written.first?.line == block.first?.line
        let counted = opensWithText ? written.dropFirst() : written[...]
        let base = counted.map(\.indent).min() ?? 0
        return measured.map { DocCommentLine(line: $0.line, indent: max(0, $0.indent - base), text: $0.text) }
    }
}
