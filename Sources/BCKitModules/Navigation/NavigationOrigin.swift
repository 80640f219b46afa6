/// Where a navigation comes from, which decides what it may open.
///
/// ```swift
/// try navigator.open("shop://goods/detail/42", from: .outside)  // a pasted link
/// ```
///
/// In-app navigations open every route; a navigation from outside the app (a launch argument,
/// a pasted or tapped link, a push notification) opens only routes marked external, and only
/// for the navigator's ``Navigator/externalSchemes``.
public struct NavigationOrigin: Hashable, Sendable, CustomStringConvertible {
    private let isOutside: Bool

    private init(isOutside: Bool) {
        self.isOutside = isOutside
    }

    /// The app itself: a tap, a screen opening another.
    public static let app = Self(isOutside: false)

    /// Anything outside the app: a launch argument, a pasted link, another app.
    public static let outside = Self(isOutside: true)

    /// Whether the navigation comes from outside the app.
    var isExternal: Bool { isOutside }

    /// `app` or `outside`.
    public var description: String { isOutside ? "outside" : "app" }
}
