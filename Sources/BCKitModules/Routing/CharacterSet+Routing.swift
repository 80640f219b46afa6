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
}
