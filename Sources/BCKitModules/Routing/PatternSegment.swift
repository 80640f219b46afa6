import Foundation

/// One path segment of a ``RoutePattern``.
enum PatternSegment: Hashable, Sendable, CustomStringConvertible {
    /// Matches exactly this decoded text.
    case literal(String)
    /// Matches one segment of the given type; `.string` is the untyped parameter.
    case parameter(String, ParameterKind)
    /// Matches one or more remaining segments.
    case catchAll(String)

    init(parsing piece: Substring, in pattern: String) throws(RouteError) {
        if piece.hasPrefix(":") {
            var body = piece.dropFirst()
            var kind = ParameterKind.string
            if let open = body.firstIndex(of: "<") {
                guard body.hasSuffix(">") else { throw .invalidParameterName(pattern, segment: String(piece)) }
                let typeName = String(body[body.index(after: open)..<body.index(before: body.endIndex)])
                guard let parsed = ParameterKind(typeName: typeName) else {
                    throw .unknownParameterType(pattern, type: typeName)
                }
                kind = parsed
                body = body[..<open]
            }
            guard RoutePattern.isParameterName(body) else {
                throw .invalidParameterName(pattern, segment: String(piece))
            }
            self = .parameter(String(body), kind)
        } else if piece.hasPrefix("*") {
            let name = piece.dropFirst()
            guard RoutePattern.isParameterName(name) else {
                throw .invalidParameterName(pattern, segment: String(piece))
            }
            self = .catchAll(String(name))
        } else {
            try Self.checkLiteral(piece, in: pattern)
            guard let decoded = String(piece).removingPercentEncoding else { throw .invalidPercentEscape(pattern) }
            self = .literal(decoded)
        }
    }

    /// Refuses a static segment, as written, that reads as a parameter spelled wrong: one with a
    /// raw `<` or `>` (`id<Int>`, its `:` missing), or whitespace before a leading `:` or `*`
    /// (` :id`). Both parsers would take it as text no URL an app writes reaches; a literal that
    /// means those characters escapes them (`%3C`, `%3E`, `%20`).
    static func checkLiteral(_ piece: some StringProtocol, in pattern: String) throws(RouteError) {
        let marksType = piece.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
        let afterSpaces = piece.first?.isWhitespace == true ? piece.drop(while: \.isWhitespace).first : nil
        if marksType || afterSpaces == ":" || afterSpaces == "*" {
            throw .invalidParameterName(pattern, segment: String(piece))
        }
    }

    var parameterName: String? {
        switch self {
        case .literal: nil
        case .parameter(let name, _), .catchAll(let name): name
        }
    }

    var description: String {
        switch self {
        case .literal(let text): Self.escaped(text)
        case .parameter(let name, .string): ":\(name)"
        case .parameter(let name, let kind): ":\(name)<\(kind)>"
        case .catchAll(let name): "*\(name)"
        }
    }

    /// A literal as a pattern spells it: percent-escaped outside ``Foundation/CharacterSet/routeSegment``.
    ///
    /// Most literals are ASCII that needs no escape; they are checked byte by byte against the
    /// same set, read once into a table, and returned as they are.
    static func escaped(_ text: String) -> String {
        var isPlain = true
        for byte in text.utf8 where !staysUnescaped(byte) {
            isPlain = false
            break
        }
        return isPlain ? text : text.addingPercentEncoding(withAllowedCharacters: .routeSegment) ?? text
    }

    /// Whether a byte of a literal is written as it is in the canonical form.
    static func staysUnescaped(_ byte: UInt8) -> Bool {
        byte < 0x80 && unescapedASCII[Int(byte)]
    }

    /// For each ASCII byte, whether ``Foundation/CharacterSet/routeSegment`` leaves it unescaped.
    private static let unescapedASCII: [Bool] = (0..<128).map { byte in
        CharacterSet.routeSegment.contains(Unicode.Scalar(UInt8(byte)))
    }
}
