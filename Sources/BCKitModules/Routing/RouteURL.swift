import Foundation

/// A URL broken into what the router matches on, every part percent-decoded.
///
/// Parsing goes through Foundation's `URLComponents`. The path is split on `/` before decoding,
/// so an encoded slash (`%2F`) stays inside its segment and a whole encoded URL can travel as
/// one parameter. In the query, `+` decodes to a space (the HTML form convention most link
/// builders follow); send a literal plus as `%2B`. In the path, `+` is a plus.
struct RouteURL: Sendable {
    let scheme: String
    let host: String
    let segments: [String]
    /// Query items in URL order; a name may repeat.
    let query: [(name: String, value: String)]

    init(_ text: String) throws(RouteError) {
        guard Self.hasValidEscapes(text) else { throw .invalidPercentEscape(text) }
        if let scanned = try Self.scan(text) {
            self = scanned
            return
        }
        // Foundation on some platforms refuses unescaped non-ASCII text instead of escaping it;
        // escaping it first gives the same result everywhere.
        let components =
            URLComponents(string: text)
            ?? text.addingPercentEncoding(withAllowedCharacters: Self.ascii).flatMap(URLComponents.init(string:))
        guard let components else { throw .unparsableURL(text) }
        try self.init(components, text: text)
    }

    init(_ url: URL) throws(RouteError) {
        let text = url.absoluteString
        guard Self.hasValidEscapes(text) else { throw .invalidPercentEscape(text) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw .unparsableURL(text)
        }
        try self.init(components, text: text)
    }

    private init(_ components: URLComponents, text: String) throws(RouteError) {
        guard let scheme = components.scheme, !scheme.isEmpty else { throw .missingScheme(text) }
        guard let encodedHost = components.percentEncodedHost, !encodedHost.isEmpty else {
            throw .missingHost(text)
        }
        guard let host = encodedHost.removingPercentEncoding else { throw .invalidPercentEscape(text) }
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        var segments: [String] = []
        for piece in components.percentEncodedPath.split(separator: "/") {
            guard let segment = piece.removingPercentEncoding else { throw .invalidPercentEscape(text) }
            segments.append(segment)
        }
        self.segments = segments
        var query: [(name: String, value: String)] = []
        for item in components.percentEncodedQueryItems ?? [] {
            guard let name = Self.decodeQueryText(item.name),
                let value = Self.decodeQueryText(item.value ?? "")
            else { throw .invalidPercentEscape(text) }
            query.append((name, value))
        }
        self.query = query
    }

    private static let ascii = CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127))

    private init(scheme: String, host: String, segments: [String], query: [(name: String, value: String)]) {
        self.scheme = scheme
        self.host = host
        self.segments = segments
        self.query = query
    }

    /// Splits the common case, an ASCII `scheme://host/path?query#fragment` of characters a URL
    /// may hold as they are, without building `URLComponents` (which costs microseconds); any
    /// other text (user info, a port, characters that need escaping) returns `nil` and goes
    /// through Foundation. Both ways give the same parts.
    private static func scan(_ text: String) throws(RouteError) -> RouteURL? {
        var buffer = Array(text.utf8)
        var schemeEnd = 0
        while schemeEnd < buffer.count, buffer[schemeEnd] != UInt8(ascii: ":") { schemeEnd += 1 }
        guard schemeEnd > 0, schemeEnd + 2 < buffer.count,
            buffer[schemeEnd + 1] == UInt8(ascii: "/"), buffer[schemeEnd + 2] == UInt8(ascii: "/"),
            buffer[0].isLetter, buffer[..<schemeEnd].allSatisfy(\.isSchemeCharacter)
        else { return nil }
        var hostEnd = schemeEnd + 3
        while hostEnd < buffer.count, !buffer[hostEnd].endsHost {
            guard buffer[hostEnd].isHostCharacter else { return nil }
            hostEnd += 1
        }
        guard hostEnd > schemeEnd + 3 else { return nil }
        var position = hostEnd
        while position < buffer.count {
            guard buffer[position].mayStayUnescaped else { return nil }
            position += 1
        }
        for index in 0..<hostEnd where buffer[index].isUppercaseLetter {
            buffer[index] |= 0x20
        }
        let scheme = String(decoding: buffer[..<schemeEnd], as: UTF8.self)
        let hostBytes = buffer[(schemeEnd + 3)..<hostEnd]
        guard let decodedHost = decode(hostBytes, plusIsSpace: false) else { throw .invalidPercentEscape(text) }
        // Escapes can decode to upper-case letters the byte loop above did not see.
        let host = hostBytes.contains(UInt8(ascii: "%")) ? decodedHost.lowercased() : decodedHost
        let rest = buffer[hostEnd...]
        let fragmentStart = rest.firstIndex(of: UInt8(ascii: "#")) ?? buffer.endIndex
        let queryStart = rest[..<fragmentStart].firstIndex(of: UInt8(ascii: "?")) ?? fragmentStart
        var segments: [String] = []
        for piece in buffer[hostEnd..<queryStart].split(separator: UInt8(ascii: "/")) {
            guard let segment = decode(piece, plusIsSpace: false) else { throw .invalidPercentEscape(text) }
            segments.append(segment)
        }
        var query: [(name: String, value: String)] = []
        if queryStart < fragmentStart {
            for item in buffer[(queryStart + 1)..<fragmentStart].split(separator: UInt8(ascii: "&")) {
                let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
                let value = equals < item.endIndex ? item[(equals + 1)...] : item[item.endIndex...]
                guard let name = decode(item[..<equals], plusIsSpace: true),
                    let value = decode(value, plusIsSpace: true)
                else { throw .invalidPercentEscape(text) }
                query.append((name, value))
            }
        }
        return RouteURL(scheme: scheme, host: host, segments: segments, query: query)
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let spaced =
            plusIsSpace && bytes.contains(UInt8(ascii: "+")) ? text.replacingOccurrences(of: "+", with: " ") : text
        return bytes.contains(UInt8(ascii: "%")) ? spaced.removingPercentEncoding : spaced
    }

    private static func decodeQueryText(_ text: String) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// Whether every `%` is followed by two hexadecimal digits. Foundation on Linux escapes a
    /// stray `%` silently where Apple platforms refuse the URL; checking first makes both refuse.
    static func hasValidEscapes(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else { continue }
            guard let high = utf8.next(), let low = utf8.next(), high.isHexDigit, low.isHexDigit else { return false }
        }
        return true
    }
}

extension UInt8 {
    fileprivate var isLetter: Bool { isUppercaseLetter || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) }

    fileprivate var isUppercaseLetter: Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) }

    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    fileprivate var isSchemeCharacter: Bool {
        isLetter || isDigit || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".")
    }

    /// Unreserved characters, sub-delimiters and `%`: what a host holds in the common case.
    /// User info (`@`) and ports (`:`) are left to Foundation.
    fileprivate var isHostCharacter: Bool {
        isLetter || isDigit || Self.unreserved.contains(self)
    }

    fileprivate var endsHost: Bool {
        self == UInt8(ascii: "/") || self == UInt8(ascii: "?") || self == UInt8(ascii: "#")
    }

    /// Whether the byte may appear unescaped after the host: printable ASCII except space and
    /// the characters RFC 3986 never allows (`"`, `<`, `>`, `\\`, `^`, `` ` ``, `{`, `|`, `}`).
    fileprivate var mayStayUnescaped: Bool {
        self > 0x20 && self < 0x7F && !Self.neverUnescaped.contains(self)
    }

    private static let unreserved: [UInt8] = Array("-._~!$&'()*+,;=%".utf8)
    private static let neverUnescaped: [UInt8] = Array("\"<>\\^`{|}".utf8)

    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
