// MARK: - ASCII parsing

extension RoutePattern {
    /// What parsing a pattern yields, whichever way it was parsed.
    struct Parts {
        var scheme: String
        var host: String
        var segments: [PatternSegment]
        var query: [QueryParameter]
        /// Whether the text as written is already the canonical form, so ``description`` can
        /// hand it back instead of spelling it out.
        var isCanonical = false

        /// Whether a parameter of this name is declared already. A pattern declares a handful
        /// at most: scanning them beats keeping a set.
        func isDeclared(_ name: String) -> Bool {
            segments.contains { $0.parameterName == name } || query.contains { $0.name == name }
        }
    }

    /// Whether a pattern can be parsed byte by byte: ASCII without a percent escape.
    ///
    /// Such a pattern needs neither percent-decoding nor grapheme breaking (no ASCII character
    /// but CR-LF spans two bytes, and neither is a separator), so reading its bytes gives what
    /// the Foundation path gives, without Foundation.
    static func isPlainASCII(_ bytes: [UInt8]) -> Bool {
        for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "%") {
            return false
        }
        return true
    }

    /// Parses a plain-ASCII pattern (``isPlainASCII(_:)``) with the rules and the errors of
    /// ``init(_:)``, checked in the same order.
    static func parseASCII(_ bytes: [UInt8], text: String) -> Result<Parts, RouteError> {
        let count = bytes.count
        var schemeEnd = 0
        while schemeEnd + 2 < count {
            if bytes[schemeEnd] == UInt8(ascii: ":") && bytes[schemeEnd + 1] == UInt8(ascii: "/")
                && bytes[schemeEnd + 2] == UInt8(ascii: "/")
            {
                break
            }
            schemeEnd += 1
        }
        guard schemeEnd + 2 < count, schemeEnd > 0 else {
            return .failure(.missingScheme(text))
        }
        // Lower-case letters, what almost every scheme is made of, are passed with one
        // comparison; only other bytes get the whole test.
        for index in 0..<schemeEnd where bytes[index] &- UInt8(ascii: "a") >= 26 {
            guard index > 0 ? bytes[index].isSchemeCharacter : bytes[index].isLetter else {
                return .failure(.invalidScheme(text, scheme: lowercased(bytes, 0..<schemeEnd).0))
            }
        }
        let restStart = schemeEnd + 3
        let mark = (restStart..<count).first { bytes[$0] == UInt8(ascii: "?") } ?? count
        let hostEnd = (restStart..<mark).first { bytes[$0] == UInt8(ascii: "/") } ?? mark
        guard hostEnd > restStart else { return .failure(.missingHost(text)) }

        let (scheme, schemeWasLower) = lowercased(bytes, 0..<schemeEnd)
        let (host, hostWasLower) = lowercased(bytes, restStart..<hostEnd)
        var parts = Parts(scheme: scheme, host: host, segments: [], query: [])
        // The canonical form lowers the scheme and host, drops empty segments and `<String>`,
        // escapes literals, and drops an empty query and empty query items.
        var isCanonical =
            schemeWasLower && hostWasLower && (mark == count || mark + 1 < count)
            && (restStart..<hostEnd).allSatisfy { PatternSegment.staysUnescaped(bytes[$0]) }
        // One segment per `/` at most: one allocation instead of a growing array's several.
        var slashes = 0
        for index in hostEnd..<mark where bytes[index] == UInt8(ascii: "/") { slashes += 1 }
        parts.segments.reserveCapacity(slashes)
        var start = hostEnd + 1
        while start <= mark {
            var end = start
            while end < mark && bytes[end] != UInt8(ascii: "/") { end += 1 }
            defer { start = end + 1 }
            guard end > start else {
                isCanonical = false
                continue
            }
            if case .catchAll = parts.segments.last { return .failure(.catchAllNotLast(text)) }
            let segment: PatternSegment
            switch segmentASCII(bytes, start..<end, text: text) {
            case .success(let parsed): segment = parsed
            case .failure(let error): return .failure(error)
            }
            switch segment {
            case .literal:
                if !(start..<end).allSatisfy({ PatternSegment.staysUnescaped(bytes[$0]) }) { isCanonical = false }
            case .parameter(_, .string):
                if bytes[end - 1] == UInt8(ascii: ">") { isCanonical = false }
            case .parameter, .catchAll:
                break
            }
            if let name = segment.parameterName, parts.isDeclared(name) {
                return .failure(.duplicateParameterName(text, name: name))
            }
            parts.segments.append(segment)
        }

        start = mark + 1
        // Up to and including `count`, so a trailing `&` is seen as an empty item.
        while mark < count && start <= count {
            var end = start
            while end < count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            defer { start = end + 1 }
            guard end > start else {
                isCanonical = false
                continue
            }
            let parameter: QueryParameter
            switch queryParameterASCII(bytes, start..<end, text: text) {
            case .success(let parsed): parameter = parsed
            case .failure(let error): return .failure(error)
            }
            guard !parts.isDeclared(parameter.name) else {
                return .failure(.duplicateParameterName(text, name: parameter.name))
            }
            parts.query.append(parameter)
        }
        parts.isCanonical = isCanonical
        return .success(parts)
    }

    /// One path segment, as ``PatternSegment/init(parsing:in:)`` reads it.
    private static func segmentASCII(
        _ bytes: [UInt8],
        _ range: Range<Int>,
        text: String
    ) -> Result<PatternSegment, RouteError> {
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: ":") || first == UInt8(ascii: "*") else {
            let literal = string(bytes, range)
            do {
                try PatternSegment.checkLiteral(literal, in: text)
            } catch {
                return .failure(error)
            }
            return .success(.literal(literal))
        }
        var body = range.dropFirst()
        if first == UInt8(ascii: "*") {
            guard isParameterName(bytes, body) else {
                return .failure(.invalidParameterName(text, segment: string(bytes, range)))
            }
            return .success(.catchAll(string(bytes, body)))
        }
        var kind = ParameterKind.string
        if let open = body.first(where: { bytes[$0] == UInt8(ascii: "<") }) {
            guard bytes[range.upperBound - 1] == UInt8(ascii: ">") else {
                return .failure(.invalidParameterName(text, segment: string(bytes, range)))
            }
            let typeName = string(bytes, open + 1..<range.upperBound - 1)
            guard let parsed = ParameterKind(typeName: typeName) else {
                return .failure(.unknownParameterType(text, type: typeName))
            }
            kind = parsed
            body = body.lowerBound..<open
        }
        guard isParameterName(bytes, body) else {
            return .failure(.invalidParameterName(text, segment: string(bytes, range)))
        }
        return .success(.parameter(string(bytes, body), kind))
    }

    /// One query declaration, `name=:Type` or `name=:Type?`, as ``queryParameter(_:in:)`` reads it.
    private static func queryParameterASCII(
        _ bytes: [UInt8],
        _ range: Range<Int>,
        text: String
    ) -> Result<QueryParameter, RouteError> {
        var invalid: Result<QueryParameter, RouteError> {
            .failure(.invalidQueryDeclaration(text, item: string(bytes, range)))
        }
        guard let equals = range.first(where: { bytes[$0] == UInt8(ascii: "=") }),
            isParameterName(bytes, range.lowerBound..<equals),
            equals + 1 < range.upperBound, bytes[equals + 1] == UInt8(ascii: ":")
        else {
            return invalid
        }
        var typeRange = equals + 2..<range.upperBound
        let isRequired = typeRange.isEmpty || bytes[typeRange.upperBound - 1] != UInt8(ascii: "?")
        if !isRequired { typeRange = typeRange.dropLast() }
        guard !typeRange.isEmpty else { return invalid }
        let typeName = string(bytes, typeRange)
        guard let kind = ParameterKind(typeName: typeName) else {
            return .failure(.unknownParameterType(text, type: typeName))
        }
        return .success(
            QueryParameter(name: string(bytes, range.lowerBound..<equals), kind: kind, isRequired: isRequired))
    }

    /// Whether bytes spell a parameter name: ASCII letters, digits and `_`, not empty.
    private static func isParameterName(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        for index in range {
            switch bytes[index] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                continue
            default:
                return false
            }
        }
        return true
    }

    private static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The bytes as a string, ASCII upper case lowered as `lowercased()` lowers it, and whether
    /// they were lower case already.
    private static func lowercased(_ bytes: [UInt8], _ range: Range<Int>) -> (String, Bool) {
        let upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
        guard range.contains(where: { upper.contains(bytes[$0]) }) else { return (string(bytes, range), true) }
        return (String(decoding: bytes[range].map { upper.contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self), false)
    }
}
