import Foundation

// MARK: - Foundation parsing

extension RouteURL {
    /// Parses a text with Foundation's `URLComponents`, which knows every URL shape (user info,
    /// ports, IP literals); the scanner hands it what it does not handle. Foundation only finds
    /// the parts: they go through the scanner's decoder, so both ways give the same result for
    /// any text both accept.
    init(foundationParsing text: String) throws(RouteError) {
        guard Self.hasValidEscapes(text) else { throw .invalidPercentEscape(text) }
        guard let components = URLComponents(string: Self.escapedForFoundation(text)) else {
            throw .unparsableURL(text)
        }
        guard let scheme = components.scheme, !scheme.isEmpty else { throw .missingScheme(text) }
        guard let encodedHost = components.percentEncodedHost, !encodedHost.isEmpty else { throw .missingHost(text) }
        guard let host = Self.decode(encodedHost, plusIsSpace: false) else { throw .invalidPercentEscape(text) }
        var segments: [String] = []
        for piece in components.percentEncodedPath.split(separator: "/") {
            guard let segment = Self.decode(piece, plusIsSpace: false) else { throw .invalidPercentEscape(text) }
            segments.append(segment)
        }
        var query: [QueryItem] = []
        if let encodedQuery = components.percentEncodedQuery {
            guard let items = Self.decodeQuery(Array(encodedQuery.utf8)[...]) else {
                throw .invalidPercentEscape(text)
            }
            query = items
        }
        self.init(scheme: scheme.lowercased(), host: host.lowercased(), segments: segments, query: query)
    }

    private static func decode(_ text: some StringProtocol, plusIsSpace: Bool) -> String? {
        decode(Array(text.utf8)[...], plusIsSpace: plusIsSpace)
    }

    /// The text with every byte Foundation may refuse escaped: non-ASCII bytes anywhere, and,
    /// after the authority, every byte RFC 3986 never allows raw (a space, `|`, a second `#`).
    /// An escape decodes to the byte it replaced, so the parts decode as they would have. Other
    /// raw characters in the authority stay, and Foundation refuses the text, as it should.
    static func escapedForFoundation(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var authorityEnd = 0
        if let separator = text.utf8.firstRange(of: "://".utf8) {
            let start = text.utf8.distance(from: text.utf8.startIndex, to: separator.upperBound)
            authorityEnd =
                bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? bytes.count
            authorityEnd = min(authorityEnd, bytes[start...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count)
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count)
        var seenFragment = false
        for (position, byte) in bytes.enumerated() {
            let isFirstFragmentMark = byte == UInt8(ascii: "#") && !seenFragment && position >= authorityEnd
            seenFragment = seenFragment || isFirstFragmentMark
            let keep = byte < 0x80 && (position < authorityEnd || isFirstFragmentMark || byte.mayFollowAuthority)
            if keep {
                escaped.append(byte)
            } else {
                escaped += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

extension UInt8 {
    /// What RFC 3986 allows raw in a path, query or fragment: unreserved characters,
    /// sub-delimiters, `:`, `@`, `/`, `?`, and `%` (every escape was checked beforehand).
    fileprivate var mayFollowAuthority: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "%"):
            true
        default: false
        }
    }
}
