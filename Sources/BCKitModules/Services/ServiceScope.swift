/// How a registered service's instances are made.
///
/// ```swift
/// try services.register((any CartService).self, scope: .perCall) { _ in CartClient() }
/// ```
public struct ServiceScope: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case singleton
        case perCall
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// One instance, made on first resolution and shared by every later one. The default.
    public static let singleton = Self(.singleton)

    /// A new instance on every resolution.
    public static let perCall = Self(.perCall)

    @usableFromInline
    var isSingleton: Bool { kind == .singleton }

    /// `singleton` or `per call`.
    public var description: String {
        switch kind {
        case .singleton: "singleton"
        case .perCall: "per call"
        }
    }
}
