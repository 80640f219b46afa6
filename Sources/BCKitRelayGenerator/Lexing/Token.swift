/// One token of Swift source, with the comments written before it.
///
/// The generator reads declarations, not expressions, so the tokens are coarse: every keyword is
/// an identifier, every punctuation character is its own token except `->` and `...`, and a
/// string or regex literal is one token however many lines it spans.
struct Token: Equatable {
    /// What a token is.
    enum Kind: Equatable {
        /// A name or a keyword, backticked or not, `$0` included.
        case identifier
        /// A number literal.
        case number
        /// A string literal, single-line, multi-line or raw, interpolations included.
        case string
        /// An extended regex literal, `#/…/#`.
        case regex
        /// One punctuation or operator character, or `->` or `...`.
        case punctuation
        /// `#if`, `#elseif`, `#else` or `#endif`; ``Token/condition`` holds the condition.
        case directive
        /// Any other `#name`: `#sourceLocation`, `#warning`, a freestanding macro.
        case pound
        /// The end of the file.
        case end
    }

    var kind: Kind
    /// The source text of the token.
    var text: String
    /// The line the token starts on, from 1.
    var line: Int
    /// Whether the token is the first on its line.
    var startsLine: Bool
    /// Whether whitespace or a comment separates the token from the one before it.
    var followsSpace: Bool
    /// The comments between the previous token and this one, in order.
    var comments: [Comment] = []
    /// For `#if` and `#elseif`, the rest of the line without its comment; empty otherwise.
    var condition: String = ""

    /// Whether the token is the identifier or punctuation `text`.
    func `is`(_ text: String) -> Bool {
        (kind == .identifier || kind == .punctuation) && self.text == text
    }

    /// The identifier without backticks, for comparing names.
    var name: String { Self.unquoted(text) }

    /// A name without the backticks around it, if any.
    static func unquoted(_ name: String) -> String {
        name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }
}

/// A comment, as written, with the line it starts on.
struct Comment: Equatable {
    /// The comment's text, its `//`, `///`, `/*` or `/**` included.
    var text: String
    /// The line the comment starts on.
    var line: Int

    /// Whether the comment documents the declaration after it (`///` or `/** */`).
    var isDocumentation: Bool {
        (text.hasPrefix("///") && !text.hasPrefix("////")) || (text.hasPrefix("/**") && text != "/**/")
    }

    /// The comment's lines without their comment markers and surrounding spaces.
    var lines: [String] {
        var body = Substring(text)
        if body.hasPrefix("/*") {
            body = body.dropFirst(2)
            if body.hasSuffix("*/") { body = body.dropLast(2) }
        }
        return Self.lines(of: body).map { line in
            var line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("//") { line = line.drop { $0 == "/" } }
            while line.hasPrefix("*") { line = line.dropFirst() }
            return String(line).trimming([" ", "\t"])
        }
    }

    /// The lines of a comment's text, split at every line break Swift reads: `\n`, `\r\n` and a
    /// lone `\r`. A `String` holds `\r\n` as one `Character`, which a split at `"\n"` never meets.
    static func lines(of text: Substring) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
