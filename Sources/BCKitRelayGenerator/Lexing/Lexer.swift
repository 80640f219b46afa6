/// Splits Swift source into ``Token``s, keeping comments and line numbers.
///
/// It knows what can hide a brace or a quote from a reader that only counts them: line and block
/// comments (nested ones included), string literals (multi-line, raw with any number of `#`, and
/// interpolations holding their own strings and comments) and extended regex literals (`#/…/#`).
/// A bare regex literal (`/…/`) is read as punctuation: declarations never hold one, and a body
/// that does is skipped by its braces, which such a literal rarely holds unbalanced.
struct Lexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineOfLastToken = 0
    private var endOfLastToken = 0
    private var pendingComments: [Comment] = []

    /// Makes a lexer over `source`.
    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The tokens of a source text, ending with one ``Token/Kind/end`` token.
    static func tokens(of source: String) -> [Token] {
        var lexer = Lexer(source)
        return lexer.tokenize()
    }

    /// Reads every token.
    mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    // MARK: - Tokens

    private mutating func next() -> Token {
        skipTrivia()
        let start = index
        let startLine = line
        guard let byte = peek() else { return make(.end, from: start, line: startLine) }
        switch byte {
        case UInt8(ascii: "\""):
            readString(hashes: 0)
            return make(.string, from: start, line: startLine)
        case UInt8(ascii: "#"):
            return readPound(from: start, line: startLine)
        case UInt8(ascii: "`"):
            index += 1
            while let byte = peek(), byte != UInt8(ascii: "`"), byte != UInt8(ascii: "\n") { index += 1 }
            if peek() == UInt8(ascii: "`") { index += 1 }
            return make(.identifier, from: start, line: startLine)
        case UInt8(ascii: "$"):
            index += 1
            while let byte = peek(), Self.isIdentifierByte(byte) { index += 1 }
            return make(.identifier, from: start, line: startLine)
        case let byte where Self.isIdentifierStart(byte):
            while let byte = peek(), Self.isIdentifierByte(byte) { index += 1 }
            return make(.identifier, from: start, line: startLine)
        case let byte where Self.isDigit(byte):
            while let byte = peek(),
                Self.isIdentifierByte(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true)
            {
                index += 1
            }
            return make(.number, from: start, line: startLine)
        default:
            index += matches("->") ? 2 : matches("...") ? 3 : 1
            return make(.punctuation, from: start, line: startLine)
        }
    }

    private mutating func readPound(from start: Int, line startLine: Int) -> Token {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
            index += hashes
            readString(hashes: hashes)
            return make(.string, from: start, line: startLine)
        }
        if peek(hashes) == UInt8(ascii: "/") {
            index += hashes + 1
            readExtendedRegex(hashes: hashes)
            return make(.regex, from: start, line: startLine)
        }
        index += 1
        while let byte = peek(), Self.isIdentifierByte(byte) { index += 1 }
        var token = make(.pound, from: start, line: startLine)
        switch token.text {
        case "#if", "#elseif":
            token.kind = .directive
            token.condition = readCondition()
        case "#else", "#endif":
            token.kind = .directive
        default:
            break
        }
        return token
    }

    /// The rest of a `#if` line, up to a comment or the end of the line.
    private mutating func readCondition() -> String {
        let start = index
        while let byte = peek(), byte != UInt8(ascii: "\n"), !matches("//"), !matches("/*") { index += 1 }
        return text(from: start).trimming([" ", "\t", "\r"])
    }

    // MARK: - Literals

    /// Reads a string literal whose opening `#`s were read and whose opening quote is next.
    private mutating func readString(hashes: Int) {
        let multiLine = matches("\"\"\"")
        index += multiLine ? 3 : 1
        while let byte = peek() {
            if byte == UInt8(ascii: "\"") && (!multiLine || matches("\"\"\"")) {
                let quotes = multiLine ? 3 : 1
                if hashesFollow(at: index + quotes, count: hashes) {
                    index += quotes + hashes
                    return
                }
                index += 1
            } else if byte == UInt8(ascii: "\\") && hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                if peek() == UInt8(ascii: "(") {
                    index += 1
                    skipInterpolation()
                } else if peek() != UInt8(ascii: "\n") {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\n") {
                if !multiLine { return }
                line += 1
                index += 1
            } else {
                index += 1
            }
        }
    }

    /// Skips the code of an interpolation, `\(` read, up to its closing parenthesis.
    private mutating func skipInterpolation() {
        var depth = 1
        while let byte = peek() {
            if byte == UInt8(ascii: "\"") {
                readString(hashes: 0)
                continue
            }
            if byte == UInt8(ascii: "#") {
                var hashes = 0
                while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if peek(hashes) == UInt8(ascii: "\"") {
                    index += hashes
                    readString(hashes: hashes)
                    continue
                }
            }
            if matches("//") || matches("/*") {
                _ = readComment()
                continue
            }
            index += 1
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return }
            case UInt8(ascii: "\n"): line += 1
            default: break
            }
        }
    }

    /// Reads an extended regex literal whose `#`s and opening slash were read.
    private mutating func readExtendedRegex(hashes: Int) {
        while let byte = peek() {
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                if peek() == UInt8(ascii: "\n") { line += 1 }
                if peek() != nil { index += 1 }
            case UInt8(ascii: "/") where hashesFollow(at: index, count: hashes):
                index += hashes
                return
            case UInt8(ascii: "\n"):
                line += 1
            default:
                break
            }
        }
    }

    // MARK: - Trivia

    private mutating func skipTrivia() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where matches("//") || matches("/*"):
                pendingComments.append(readComment())
            default:
                return
            }
        }
    }

    /// Reads a line comment, or a block comment with the comments nested in it.
    private mutating func readComment() -> Comment {
        let start = index
        let startLine = line
        if matches("//") {
            while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
        } else {
            index += 2
            var depth = 1
            while depth > 0, let byte = peek() {
                if byte != UInt8(ascii: "/") && byte != UInt8(ascii: "*") {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                } else if matches("/*") {
                    depth += 1
                    index += 2
                } else if matches("*/") {
                    depth -= 1
                    index += 2
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
            }
        }
        let end = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
        return Comment(text: String(decoding: bytes[start..<end], as: UTF8.self), line: startLine)
    }

    // MARK: - Bytes

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func matches(_ pattern: String) -> Bool {
        var position = index
        for byte in pattern.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    private func hashesFollow(at position: Int, count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[position + $0] == UInt8(ascii: "#") }
    }

    private func text(from start: Int) -> String {
        String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func make(_ kind: Token.Kind, from start: Int, line startLine: Int) -> Token {
        let token = Token(
            kind: kind,
            text: text(from: start),
            line: startLine,
            startsLine: startLine != lineOfLastToken,
            followsSpace: start > endOfLastToken,
            comments: pendingComments
        )
        pendingComments = []
        lineOfLastToken = line
        endOfLastToken = index
        return token
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}

extension String {
    /// The text without the given characters at either end.
    func trimming(_ set: Set<Character>) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }),
            let last = lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}
