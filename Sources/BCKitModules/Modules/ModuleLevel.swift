/// A module's layer in the app: lower levels are foundations (storage, network), higher levels
/// are features built on them.
///
/// Directed notifications follow the levels: ``ModuleHost/broadcast(_:from:to:)`` goes up to
/// higher levels, ``ModuleHost/report(_:from:to:)`` goes down to lower ones.
///
/// ```swift
/// let info = ModuleInfo(id: "network", name: "Network", level: .basic)
/// ```
public struct ModuleLevel: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The level's rank; higher is further up.
    public let rank: Int

    /// Creates a level.
    ///
    /// - Parameter rank: The rank; higher is further up.
    public init(_ rank: Int) {
        self.rank = rank
    }

    /// Creates a level from an integer literal.
    ///
    /// - Parameter value: The rank.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// Foundations such as storage, network and session: rank 0.
    public static let basic = Self(0)

    /// Shared domain services: rank 1.
    public static let middle = Self(1)

    /// Features and screens: rank 2.
    public static let top = Self(2)

    /// Compares ranks.
    ///
    /// - Parameters:
    ///   - lhs: A level.
    ///   - rhs: Another level.
    /// - Returns: Whether `lhs` is below `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// `level N`.
    public var description: String { "level \(rank)" }
}
