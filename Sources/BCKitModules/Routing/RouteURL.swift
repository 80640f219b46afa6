import Foundation

/// A URL broken into what the router matches on, every part percent-decoded.
///
/// One rule, whatever characters the text holds: split the text into scheme, host, path, query
/// and fragment; split the path on `/` and the query on `&`, then each item at its first `=`;
/// then percent-decode each piece (RFC 3986: `%` and two hex digits is one byte, the bytes must
/// be UTF-8). Splitting first means an encoded slash (`%2F`) stays inside its segment and an
/// encoded `&` or `=` inside its query value. In the query, `+` decodes to a space (the HTML form
/// convention most link builders follow); send a literal plus as `%2B`. In the path, `+` is a
/// plus. Empty segments and empty query items (`a=1&&b=2`, a lone `&`) are skipped. Raw
/// characters a URL should have escaped (non-ASCII text, a space, `|`) stand for themselves.
///
/// Two ways find the parts, and both hand them to the same decoder: a byte scanner for
/// `scheme://host/...` texts (the common case, no Foundation), and Foundation's
/// `URLComponents` for the rest (user info, a port), after escaping what it would refuse.
struct RouteURL: Sendable, Hashable {
    /// One query item, decoded.
    struct QueryItem: Sendable, Hashable {
        let name: String
        let value: String
    }

    let scheme: String
    let host: String
    let segments: [String]
    /// Query items in URL order; a name may repeat.
    let query: [QueryItem]

    init(_ text: String) throws(RouteError) {
        if let scanned = try Self(scanning: text) {
            self = scanned
        } else {
            try self.init(foundationParsing: text)
        }
    }

    init(_ url: URL) throws(RouteError) {
        try self.init(url.absoluteString)
    }

    init(scheme: String, host: String, segments: [String], query: [QueryItem]) {
        self.scheme = scheme
        self.host = host
        self.segments = segments
        self.query = query
    }

    /// Parses a text with the byte scanner alone, or returns `nil` when the text is not of the
    /// shape it handles (see ``scan(_:)``).
    init?(scanning text: String) throws(RouteError) {
        guard Self.hasValidEscapes(text) else { throw .invalidPercentEscape(text) }
        switch Self.scan(Array(text.utf8)) {
        case .parsed(let scanned): self = scanned
        case .invalidEscape: throw .invalidPercentEscape(text)
        case .uncommon: return nil
        }
    }

    /// What the fast scanner made of a text.
    private enum Scan {
        case parsed(RouteURL)
        /// Not the common shape: Foundation parses it.
        case uncommon
        case invalidEscape
    }

    /// Splits the common case, `scheme://host/path?query#fragment` with a host of unreserved
    /// characters, sub-delimiters, escapes or non-ASCII text, without building `URLComponents`
    /// (which costs microseconds); a text with user info, a port or no `//` is `uncommon`.
    ///
    /// One pass checks the bytes and finds the path, query and fragment; strings are made only for
    /// the parts the router reads.
    private static func scan(_ buffer: [UInt8]) -> Scan {
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
            // Escapes and non-ASCII letters can be upper-case too.
            hostNeedsLowercasing = hostNeedsLowercasing || byte.isUppercaseLetter || byte >= 0x80
            hostNeedsLowercasing = hostNeedsLowercasing || byte == UInt8(ascii: "%")
            hostEnd += 1
        }
        guard hostEnd > hostStart else { return .uncommon }
        var queryStart = -1
        var fragmentStart = count
        var slashes = 0
        for position in hostEnd..<count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "#") {
                fragmentStart = position
                break
            }
            if queryStart < 0 {
                if byte == UInt8(ascii: "?") {
                    queryStart = position
                } else if byte == UInt8(ascii: "/") {
                    slashes += 1
                }
            }
        }
        let pathEnd = queryStart < 0 ? fragmentStart : queryStart
        let scheme = String(decoding: buffer[..<schemeEnd], as: UTF8.self)
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
        var query: [QueryItem] = []
        if queryStart >= 0 {
            guard let items = decodeQuery(buffer[(queryStart + 1)..<fragmentStart]) else { return .invalidEscape }
            query = items
        }
        return .parsed(
            RouteURL(
                scheme: schemeHasUppercase ? scheme.lowercased() : scheme,
                host: hostNeedsLowercasing ? decodedHost.lowercased() : decodedHost,
                segments: segments,
                query: query))
    }

    /// Splits an encoded query on `&`, skipping empty items, and each item at its first `=`,
    /// then decodes both halves.
    static func decodeQuery(_ bytes: ArraySlice<UInt8>) -> [QueryItem]? {
        var query: [QueryItem] = []
        for item in bytes.split(separator: UInt8(ascii: "&")) {
            let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
            let value = equals < item.endIndex ? item[(equals + 1)...] : item[item.endIndex...]
            guard let name = decode(item[..<equals], plusIsSpace: true), let value = decode(value, plusIsSpace: true)
            else { return nil }
            query.append(QueryItem(name: name, value: value))
        }
        return query
    }

    /// Percent-decodes one piece, already split out of the URL: `%` and two hex digits is one
    /// byte, `+` is a space when `plusIsSpace`, every other byte stands for itself.
    ///
    /// - Returns: The text, or `nil` when an escape is broken or the bytes are not UTF-8.
    static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        let needsDecoding = bytes.contains { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }
        guard needsDecoding else {
            // Split on ASCII bytes out of a Swift string, the piece is UTF-8 already.
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var position = bytes.startIndex
        while position < bytes.endIndex {
            var byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "%") {
                guard position + 1 < bytes.endIndex, let high = bytes[position].hexValue,
                    let low = bytes[position + 1].hexValue
                else { return nil }
                byte = high << 4 | low
                position += 2
            } else if plusIsSpace, byte == UInt8(ascii: "+") {
                byte = UInt8(ascii: " ")
            }
            decoded.append(byte)
        }
        let text = String(decoding: decoded, as: UTF8.self)
        // `String(decoding:)` repairs bytes that are not UTF-8, and a repair changes them.
        return text.utf8.elementsEqual(decoded) ? text : nil
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

    /// Whether the byte is an ASCII letter: what starts a scheme.
    var isLetter: Bool { isUppercaseLetter || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) }

    fileprivate var isUppercaseLetter: Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) }

    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    /// Whether the byte may follow in a scheme: an ASCII letter, a digit, `+`, `-` or `.`; the
    /// pattern parsers read schemes by the same rule.
    var isSchemeCharacter: Bool {
        isLetter || isDigit || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".")
    }

    /// Unreserved characters, sub-delimiters, `%` and non-ASCII bytes: what a host holds in the
    /// common case. User info (`@`) and ports (`:`) are left to Foundation.
    fileprivate var isHostCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...0xFF:
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

    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }

    fileprivate var hexValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
