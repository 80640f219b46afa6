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
        var contiguous = text
        switch contiguous.withUTF8(Self.scan) {
        case .parsed(let scanned):
            self = scanned
            return
        case .invalidEscape: throw .invalidPercentEscape(text)
        case .uncommon: break
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

    /// What the fast scanner made of a text.
    private enum Scan {
        case parsed(RouteURL)
        /// Not the common shape: Foundation parses it.
        case uncommon
        case invalidEscape
    }

    /// Splits the common case, an ASCII `scheme://host/path?query#fragment` of characters a URL
    /// may hold as they are, without building `URLComponents` (which costs microseconds); any
    /// other text (user info, a port, characters that need escaping) is `uncommon` and goes
    /// through Foundation. Both ways give the same parts.
    ///
    /// One pass checks the bytes in place (no copy of the text) and finds the path, query and
    /// fragment; strings are made only for the parts the router reads.
    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> Scan {
        let count = buffer.count
        var schemeEnd = 0
        var schemeHasUppercase = false
        while schemeEnd < count, buffer[schemeEnd] != UInt8(ascii: ":") {
            guard buffer[schemeEnd].isSchemeCharacter else { return .uncommon }
            schemeHasUppercase = schemeHasUppercase || buffer[schemeEnd].isUppercaseLetter
            schemeEnd += 1
        }
        guard schemeEnd > 0, schemeEnd + 2 < count, buffer[0].isLetter,
            buffer[schemeEnd + 1] == UInt8(ascii: "/"), buffer[schemeEnd + 2] == UInt8(ascii: "/")
        else { return .uncommon }
        let hostStart = schemeEnd + 3
        var hostEnd = hostStart
        var hostNeedsLowercasing = false
        while hostEnd < count, !buffer[hostEnd].endsHost {
            let byte = buffer[hostEnd]
            guard byte.isHostCharacter else { return .uncommon }
            // Escapes can decode to upper-case letters too.
            hostNeedsLowercasing = hostNeedsLowercasing || byte.isUppercaseLetter || byte == UInt8(ascii: "%")
            hostEnd += 1
        }
        guard hostEnd > hostStart else { return .uncommon }
        var queryStart = -1
        var fragmentStart = count
        var slashes = 0
        for position in hostEnd..<count {
            let byte = buffer[position]
            guard byte.mayStayUnescaped else { return .uncommon }
            guard fragmentStart == count else { continue }
            if byte == UInt8(ascii: "#") {
                fragmentStart = position
            } else if queryStart < 0 {
                if byte == UInt8(ascii: "?") {
                    queryStart = position
                } else if byte == UInt8(ascii: "/") {
                    slashes += 1
                }
            }
        }
        let pathEnd = queryStart < 0 ? fragmentStart : queryStart
        let scheme = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<schemeEnd]), as: UTF8.self)
        guard let decodedHost = decode(buffer[hostStart..<hostEnd], plusIsSpace: false) else { return .invalidEscape }
        var segments: [String] = []
        segments.reserveCapacity(slashes)
        var pieceStart = hostEnd
        for position in hostEnd...pathEnd where position == pathEnd || buffer[position] == UInt8(ascii: "/") {
            if position > pieceStart {
                guard let segment = decode(buffer[pieceStart..<position], plusIsSpace: false) else {
                    return .invalidEscape
                }
                segments.append(segment)
            }
            pieceStart = position + 1
        }
        var query: [(name: String, value: String)] = []
        if queryStart >= 0 {
            for item in buffer[(queryStart + 1)..<fragmentStart].split(separator: UInt8(ascii: "&")) {
                let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
                let value = equals < item.endIndex ? item[(equals + 1)...] : item[item.endIndex...]
                guard let name = decode(item[..<equals], plusIsSpace: true),
                    let value = decode(value, plusIsSpace: true)
                else { return .invalidEscape }
                query.append((name, value))
            }
        }
        return .parsed(
            RouteURL(
                scheme: schemeHasUppercase ? scheme.lowercased() : scheme,
                host: hostNeedsLowercasing ? decodedHost.lowercased() : decodedHost,
                segments: segments,
                query: query))
    }

    private static func decode(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, plusIsSpace: Bool) -> String? {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
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
    // Switches over byte ranges rather than lookups in static arrays: these run for every byte
    // of every URL, and each static array read goes through a lazy-initialization check.

    fileprivate var isLetter: Bool { isUppercaseLetter || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) }

    fileprivate var isUppercaseLetter: Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) }

    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    fileprivate var isSchemeCharacter: Bool {
        isLetter || isDigit || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".")
    }

    /// Unreserved characters, sub-delimiters and `%`: what a host holds in the common case.
    /// User info (`@`) and ports (`:`) are left to Foundation.
    fileprivate var isHostCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: "%"):
            true
        default: false
        }
    }

    fileprivate var endsHost: Bool {
        self == UInt8(ascii: "/") || self == UInt8(ascii: "?") || self == UInt8(ascii: "#")
    }

    /// Whether the byte may appear unescaped after the host: printable ASCII except space and
    /// the characters RFC 3986 never allows (`"`, `<`, `>`, `\\`, `^`, `` ` ``, `{`, `|`, `}`).
    fileprivate var mayStayUnescaped: Bool {
        switch self {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            false
        default: self > 0x20 && self < 0x7F
        }
    }

    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
