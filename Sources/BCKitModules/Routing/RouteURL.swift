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
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
