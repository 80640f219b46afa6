/// A module's layer in the app: rank 0 holds the foundations (storage, network, session), and
/// each higher rank builds on the ranks below it, up to the features and screens.
///
/// ## Which way is down
///
/// Levels are drawn as BCKit draws owners. The foundations are the root, as the outermost owner
/// is; the levels that build on them hang below, as nested owners hang below their parent. So
/// **down** is toward higher ranks (the modules that depend on the sender) and **up** is toward
/// lower ranks (the modules the sender depends on), and the words mean what BCKit's
/// `Scope.broadcastDown` and `Scope.reportUp` mean:
///
/// - ``ModuleHost/broadcastDown(_:from:to:)`` goes from a level to every level that builds on it,
///   as a broadcast reaches every nested owner: the session module tells the features that the
///   user changed.
/// - ``ModuleHost/reportUp(_:from:to:)`` goes from a level to the levels it builds on, as a
///   report reaches the ancestors: the cart tells storage and analytics that it checked out.
///
/// ```swift
/// let info = ModuleInfo(id: "network", name: "Network", level: .foundation)
/// ```
public struct ModuleLevel: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The level's rank: 0 for the foundations; a level builds on the levels of lower rank.
    public let rank: Int

    /// Creates a level.
    ///
    /// - Parameter rank: The rank; a level builds on the levels of lower rank.
    public init(_ rank: Int) {
        self.rank = rank
    }

    /// Creates a level from an integer literal.
    ///
    /// - Parameter value: The rank.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// Foundations such as storage, network and session, at the root: rank 0.
    public static let foundation = Self(0)

    /// Shared domain services that build on the foundations: rank 1.
    public static let domain = Self(1)

    /// Features and screens, which build on everything else: rank 2.
    public static let feature = Self(2)

    /// Compares ranks.
    ///
    /// - Parameters:
    ///   - lhs: A level.
    ///   - rhs: Another level.
    /// - Returns: Whether `lhs` has the lower rank: it is further up, nearer the foundations,
    ///   and `rhs` may build on it.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// `level N`.
    public var description: String { "level \(rank)" }
}
