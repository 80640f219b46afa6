// A small reference for how the router reads a URL, written from RFC 3986 for clarity, not
// speed, with the standard library only: Foundation's own decoding differs between platforms,
// so it cannot be the oracle. The `url-decoding` fuzz target (.ci/fuzz.sh) and the BCKitModules
// tests (through the symbolic link Tests/BCKitModulesTests/URLDecodingReference.swift) check both
// of the router's parsers against it.

/// What a text means to the router, by the reference's reading.
enum URLDecodingReference: Equatable {
    /// One decoded query item.
    struct Item: Equatable {
        let name: String
        let value: String
    }

    /// The decoded parts: scheme and host lower-cased, no empty segments, no empty query items.
    case parts(scheme: String, host: String, segments: [String], query: [Item])
    /// A `%` without two hex digits after it, or escapes that are not UTF-8.
    case invalidEscape
    /// A shape the reference leaves to Foundation: no `scheme://`, an empty host, user info, a
    /// port, or other characters a host may not hold.
    case outOfScope

    init(_ text: String) {
        let bytes = Array(text.utf8)
        // RFC 3986 section 2.1: anywhere in a URL, `%` starts an escape of two hex digits.
        var position = 0
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "%") else {
                position += 1
                continue
            }
            guard position + 2 < bytes.count, Self.hex(bytes[position + 1]) != nil, Self.hex(bytes[position + 2]) != nil
            else {
                self = .invalidEscape
                return
            }
            position += 3
        }
        // Section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://" and an authority.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, Self.isLetter(bytes[0]),
            bytes[..<colon].allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || "+-.".utf8.contains($0) }),
            bytes[colon...].starts(with: "://".utf8)
        else {
            self = .outOfScope
            return
        }
        let authorityStart = colon + 3
        let authorityEnd = bytes[authorityStart...].firstIndex { "/?#".utf8.contains($0) } ?? bytes.count
        let host = bytes[authorityStart..<authorityEnd]
        // Section 3.2.2: reg-name = *( unreserved / pct-encoded / sub-delims ); raw non-ASCII
        // text stands for its UTF-8 bytes.
        guard !host.isEmpty,
            host.allSatisfy({ Self.isUnreserved($0) || "%!$&'()*+,;=".utf8.contains($0) || $0 >= 0x80 })
        else {
            self = .outOfScope
            return
        }
        // Sections 3.3 to 3.5: the path runs to the first `?` or `#`, the query to the first `#`.
        let fragmentStart = bytes[authorityEnd...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let queryMark = bytes[authorityEnd..<fragmentStart].firstIndex(of: UInt8(ascii: "?"))
        let path = bytes[authorityEnd..<(queryMark ?? fragmentStart)]
        let query = queryMark.map { bytes[($0 + 1)..<fragmentStart] } ?? []

        guard let decodedHost = Self.decode(host, plusIsSpace: false) else {
            self = .invalidEscape
            return
        }
        var segments: [String] = []
        for piece in path.split(separator: UInt8(ascii: "/")) {
            guard let segment = Self.decode(piece, plusIsSpace: false) else {
                self = .invalidEscape
                return
            }
            segments.append(segment)
        }
        var items: [Item] = []
        for piece in query.split(separator: UInt8(ascii: "&")) {
            let halves = piece.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(halves[0], plusIsSpace: true),
                let value = Self.decode(halves.count > 1 ? halves[1] : [], plusIsSpace: true)
            else {
                self = .invalidEscape
                return
            }
            items.append(Item(name: name, value: value))
        }
        let scheme = String(decoding: bytes[..<colon].map { Self.isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        self = .parts(scheme: scheme, host: decodedHost.lowercased(), segments: segments, query: items)
    }

    /// Replaces each escape by its byte (and `+` by a space in a query), then reads the bytes as
    /// UTF-8, refusing any that are not.
    static func decode(_ piece: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var position = piece.startIndex
        while position < piece.endIndex {
            if piece[position] == UInt8(ascii: "%"), let high = hex(piece[position + 1]),
                let low = hex(piece[position + 2])
            {
                bytes.append(high * 16 + low)
                position += 3
            } else {
                bytes.append(plusIsSpace && piece[position] == UInt8(ascii: "+") ? UInt8(ascii: " ") : piece[position])
                position += 1
            }
        }
        var scalars = String.UnicodeScalarView()
        var input = bytes.makeIterator()
        var parser = Unicode.UTF8()
        while true {
            switch parser.decode(&input) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || "-._~".utf8.contains(byte)
    }
}
