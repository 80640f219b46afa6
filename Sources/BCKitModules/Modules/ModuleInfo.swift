/// What the host knows about a module: identity, start order and level.
///
/// ```swift
/// ModuleInfo(id: "cart", name: "Cart", priority: 50, level: .feature)
/// ```
public struct ModuleInfo: Hashable, Sendable, CustomStringConvertible {
    /// A unique identifier, such as `cart`.
    public let id: String

    /// A readable name, such as `Cart`.
    public let name: String

    /// Start order: higher starts first; ties start in registration order. Within
    /// `-32768...32767`, the app owner's priorities: ``ModuleHost/register(_:info:routes:)``
    /// refuses another with ``ModuleError/attachRefused(_:reason:)``.
    public let priority: Int

    /// The module's layer, for directed notifications.
    public let level: ModuleLevel

    /// Whether the launch moves on to the next module once this one's start suspends, instead
    /// of waiting for it to finish. The launch still waits for it before announcing
    /// ``AppEventConversation/appDidLaunch()``.
    public let startsConcurrently: Bool

    /// Creates module information.
    ///
    /// - Parameters:
    ///   - id: A unique identifier.
    ///   - name: A readable name; the identifier when `nil`.
    ///   - priority: Start order, higher first, in `-32768...32767`; `0` by default.
    ///   - level: The module's layer; ``ModuleLevel/foundation`` by default.
    ///   - startsConcurrently: Whether the launch moves on while this module's start is suspended.
    public init(
        id: String,
        name: String? = nil,
        priority: Int = 0,
        level: ModuleLevel = .foundation,
        startsConcurrently: Bool = false
    ) {
        self.id = id
        self.name = name ?? id
        self.priority = priority
        self.level = level
        self.startsConcurrently = startsConcurrently
    }

    /// `name (id), priority P, level L`.
    public var description: String { "\(name) (\(id)), priority \(priority), \(level)" }
}
