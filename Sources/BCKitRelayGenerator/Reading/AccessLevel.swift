/// A Swift access level, ordered from the most restricted to the most open.
enum AccessLevel: Int, Comparable, CaseIterable {
    case `private`
    case `fileprivate`
    case `internal`
    case `package`
    case `public`
    case `open`

    /// The access level a modifier keyword names, or `nil` for any other word.
    init?(keyword: String) {
        guard let level = Self.allCases.first(where: { $0.keyword == keyword }) else { return nil }
        self = level
    }

    /// The keyword, such as `public`.
    var keyword: String {
        switch self {
        case .private: "private"
        case .fileprivate: "fileprivate"
        case .internal: "internal"
        case .package: "package"
        case .public: "public"
        case .open: "open"
        }
    }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
