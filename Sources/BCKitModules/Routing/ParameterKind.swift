import Foundation

/// The type a pattern declares for a parameter. The raw value orders typed parameters at one
/// position: the trie tries them in this order, narrowest first (`Int` before `Double`, since
/// every integer is also a number).
enum ParameterKind: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case bool
    case int
    case double
    case uuid
    case string

    /// Reads a type name from a pattern: `String`, `Int`, `Double`, `Bool` or `UUID`.
    init?(typeName: String) {
        switch typeName {
        case "String": self = .string
        case "Int": self = .int
        case "Double": self = .double
        case "Bool": self = .bool
        case "UUID": self = .uuid
        default: return nil
        }
    }

    /// Whether decoded text is a valid value of this type.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .string: true
        case .int: Int(routeText: text) != nil
        case .double: Double(routeText: text) != nil
        case .bool: Bool(routeText: text) != nil
        case .uuid: UUID(routeText: text) != nil
        }
    }

    var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .uuid: "UUID"
        }
    }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
