import Foundation

extension CharacterSet {
    /// What may stay unescaped in one path segment: the URL path set without `/`, which would
    /// split the segment, and without `:` and `*`, which would read as parameter markers.
    static let routeSegment: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/:*")
        return set
    }()

    /// What may stay unescaped in a query name or value: the URL query set without the
    /// separators `&`, `=`, `#`, and without `+`, which the router decodes as a space.
    static let routeQueryValue: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+#?")
        return set
    }()

    /// What may stay unescaped in a host: ASCII letters and digits, unreserved marks and
    /// sub-delimiters (RFC 3986 reg-name). Everything else, non-ASCII text included, is
    /// percent-encoded UTF-8, never punycode.
    static let routeHost: CharacterSet = {
        var set = CharacterSet(charactersIn: "-._~!$&'()*+,;=")
        set.insert(charactersIn: Unicode.Scalar("a")...Unicode.Scalar("z"))
        set.insert(charactersIn: Unicode.Scalar("A")...Unicode.Scalar("Z"))
        set.insert(charactersIn: Unicode.Scalar("0")...Unicode.Scalar("9"))
        return set
    }()
}
