import Foundation

/// A parsed route pattern: a scheme, a host, path segments and declared query parameters.
///
/// ## Syntax
///
/// ```text
/// scheme://host/segment/:name/:name<Type>/*rest?query=:Type&optional=:Type?
/// ```
///
/// - **Scheme and host** are static and compared case-insensitively; a host cannot be a parameter
///   (``RouteError/parameterInHost(_:)``) nor hold user info or a port, which matching never
///   reads (``RouteError/userInfoOrPortInHost(_:)``), and a pattern has no fragment
///   (``RouteError/fragmentInPattern(_:)``). Every pattern has both:
///   `shop://goods/detail/:id` has scheme `shop`, host `goods`, path `detail/:id`. A scheme is
///   a letter followed by letters, digits, `+`, `-` and `.` (``RouteError/invalidScheme(_:scheme:)``).
/// - **A static segment** is any other text and matches exactly (case-sensitively) after
///   percent-decoding; write a literal `:` or `*` at the start of a segment as `%3A` or `%2A`.
/// - **`:name`** is an untyped parameter: it matches any one segment, handed over as a
///   `String`. `:name<String>` is the same parameter spelled out.
/// - **`:name<Type>`** is a typed parameter: it matches one segment only if the segment is a
///   valid `Int`, `Double`, `Bool` (`true`/`false`) or `UUID`; otherwise matching tries the next
///   branch.
/// - **`*name`** is a catch-all: the last segment of a pattern, it matches one or more remaining
///   segments, handed over as ``RouteParameters/rest`` and, joined with `/`, under its name.
/// - **`?name=:Type`** declares a required query parameter and **`name=:Type?`** an optional
///   one; separate several with `&`, as in `shop://order/detail?orderId=:String&page=:Int?`.
///   Query parameters do not take part in choosing a route: the path does. Once a route is
///   chosen, a missing required parameter or a value of the wrong type is an error
///   (``RouteError/missingQueryParameter(_:name:)``, ``RouteError/invalidParameterValue(_:name:value:type:)``).
///
/// Empty segments are ignored, so a trailing slash and `a//b` are tolerated in patterns and
/// URLs alike. Parameter names are letters, digits and `_`, unique across path and query.
/// A pattern has at most 256 path segments (``RouteError/tooManySegments(_:limit:)``); a URL
/// may have any number.
///
/// ## Precedence
///
/// At each segment the router tries, in order: a static segment, typed parameters (`Bool`,
/// `Int`, `Double`, `UUID`, in that order), an untyped parameter, a catch-all. When the branch
/// it took dead-ends further down, it backs up and tries the next one, so
/// `shop://a/:x<Int>/b` and `shop://a/:y/c` both work for `shop://a/1/c`.
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// One declared query parameter.
    struct QueryParameter: Hashable, Sendable {
        let name: String
        let kind: ParameterKind
        let isRequired: Bool
    }

    /// The pattern as written.
    public let text: String

    /// The scheme, lower-cased, such as `shop`.
    public let scheme: String

    /// The host, lower-cased, such as `goods`.
    public let host: String

    let segments: [PatternSegment]
    let query: [QueryParameter]
    /// Whether ``text`` is the canonical form already, as most patterns are written.
    private let isCanonical: Bool

    /// Parses a pattern.
    ///
    /// ```swift
    /// let pattern = try RoutePattern("shop://goods/detail/:id<Int>")
    /// ```
    ///
    /// - Parameter text: The pattern, in the syntax described above.
    /// - Throws: A ``RouteError`` naming the pattern and what is wrong with it.
    public init(_ text: String) throws(RouteError) {
        try self.init(text, parser: .fastest)
    }

    /// Which parser reads a pattern; both give the same pattern or the same error.
    enum Parser {
        /// Bytes for a plain-ASCII pattern (the common case, without Foundation), else `.general`.
        case fastest
        /// Characters, with Foundation's percent-decoding: any pattern.
        case general
    }

    /// The most path segments a pattern may have. A lookup recurses once per segment of the
    /// route it walks, so an unbounded pattern could overflow a thread's stack (a few thousand
    /// segments do in a debug build); no real route comes near the limit.
    static var maximumSegmentCount: Int { 256 }

    init(_ text: String, parser: Parser) throws(RouteError) {
        self.text = text
        try Self.checkReachable(text)
        var parsed: Result<Parts, RouteError>?
        if parser == .fastest {
            let bytes = Array(text.utf8)
            if Self.isPlainASCII(bytes) { parsed = Self.parseASCII(bytes, text: text) }
        }
        let parts: Parts
        switch parsed {
        case .success(let fast): parts = fast
        case .failure(let error): throw error
        case nil: parts = try Self.parseGeneral(text)
        }
        guard parts.segments.count <= Self.maximumSegmentCount else {
            throw .tooManySegments(text, limit: Self.maximumSegmentCount)
        }
        scheme = parts.scheme
        host = parts.host
        segments = parts.segments
        query = parts.query
        isCanonical = parts.isCanonical
    }

    /// Refuses what both parsers would read as a literal but no URL could reach: a fragment, a
    /// host written as a parameter or a catch-all, and a host with user info or a port, which a
    /// URL's parsing drops.
    private static func checkReachable(_ text: String) throws(RouteError) {
        if text.utf8.contains(UInt8(ascii: "#")) { throw .fragmentInPattern(text) }
        guard let schemeEnd = text.utf8.firstRange(of: "://".utf8) else { return }
        let rest = text.utf8[schemeEnd.upperBound...]
        if let first = rest.first, first == UInt8(ascii: ":") || first == UInt8(ascii: "*") {
            throw .parameterInHost(text)
        }
        let host = rest.prefix(while: { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") })
        // An IPv6 host's colons are inside its brackets; a colon after them starts a port.
        let afterBrackets = host.first == UInt8(ascii: "[") ? host.drop(while: { $0 != UInt8(ascii: "]") }) : host
        if host.contains(UInt8(ascii: "@")) || afterBrackets.contains(UInt8(ascii: ":")) {
            throw .userInfoOrPortInHost(text)
        }
    }

    /// Whether bytes spell a URL scheme (RFC 3986, section 3.1): a letter, then letters, digits,
    /// `+`, `-` and `.`. No URL has another, so a route with one could never match.
    private static func isScheme(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, first.isLetter else { return false }
        return bytes.allSatisfy(\.isSchemeCharacter)
    }

    /// Parses any pattern, Character by Character, percent-decoding through Foundation.
    private static func parseGeneral(_ text: String) throws(RouteError) -> Parts {
        guard let schemeEnd = text.range(of: "://"), schemeEnd.lowerBound > text.startIndex else {
            throw .missingScheme(text)
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard isScheme(scheme.utf8) else { throw .invalidScheme(text, scheme: scheme) }
        let rest = text[schemeEnd.upperBound...]
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = rest.firstIndex(of: "?") {
            pathPart = rest[..<mark]
            queryPart = rest[rest.index(after: mark)...]
        } else {
            pathPart = rest
            queryPart = nil
        }
        let pieces = pathPart.split(separator: "/", omittingEmptySubsequences: false)
        guard let hostPiece = pieces.first, !hostPiece.isEmpty else { throw .missingHost(text) }
        guard let decodedHost = String(hostPiece).removingPercentEncoding else { throw .invalidPercentEscape(text) }

        var names: Set<String> = []
        var segments: [PatternSegment] = []
        for piece in pieces.dropFirst() where !piece.isEmpty {
            if case .catchAll = segments.last { throw .catchAllNotLast(text) }
            let segment = try PatternSegment(parsing: piece, in: text)
            if let name = segment.parameterName, !names.insert(name).inserted {
                throw .duplicateParameterName(text, name: name)
            }
            segments.append(segment)
        }

        var query: [QueryParameter] = []
        for item in (queryPart ?? "").split(separator: "&") {
            let parameter = try Self.queryParameter(item, in: text)
            guard names.insert(parameter.name).inserted else {
                throw .duplicateParameterName(text, name: parameter.name)
            }
            query.append(parameter)
        }
        return Parts(scheme: scheme, host: decodedHost.lowercased(), segments: segments, query: query)
    }

    private static func queryParameter(_ item: Substring, in text: String) throws(RouteError) -> QueryParameter {
        let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, isParameterName(parts[0]), parts[1].hasPrefix(":") else {
            throw .invalidQueryDeclaration(text, item: String(item))
        }
        var typeName = parts[1].dropFirst()
        let isRequired = !typeName.hasSuffix("?")
        if !isRequired { typeName = typeName.dropLast() }
        guard !typeName.isEmpty else { throw .invalidQueryDeclaration(text, item: String(item)) }
        guard let kind = ParameterKind(typeName: String(typeName)) else {
            throw .unknownParameterType(text, type: String(typeName))
        }
        return QueryParameter(name: String(parts[0]), kind: kind, isRequired: isRequired)
    }

    /// Whether text is a valid parameter name: letters, digits and `_`, not empty.
    static func isParameterName(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
    }

    /// The names of the path parameters, in order, then of the declared query parameters.
    public var parameterNames: [String] {
        segments.compactMap(\.parameterName) + query.map(\.name)
    }

    /// The pattern in canonical form: lower-cased scheme and host, no empty segments, untyped
    /// parameters without `<String>`.
    public var description: String {
        guard !isCanonical else { return text }
        var result = scheme
        result += "://"
        // The host was percent-decoded like a segment, so it is escaped back like one: a `%`
        // in it must read `%25` again (found by the pattern fuzzer). A segment may hold a raw
        // `@`, a host may not: it would read as user info.
        result += PatternSegment.escaped(host).replacingOccurrences(of: "@", with: "%40")
        for segment in segments {
            result += "/"
            result += segment.description
        }
        for (index, parameter) in query.enumerated() {
            result += index == 0 ? "?" : "&"
            result += parameter.name
            result += "=:"
            result += parameter.kind.description
            if !parameter.isRequired { result += "?" }
        }
        return result
    }

    /// Two patterns are equal when their canonical forms are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }

    /// Hashes the canonical form.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
