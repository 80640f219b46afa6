/// Stand-in for SwiftUI's `ScenePhase`: whether the scene that contains a view is in the
/// foreground and taking events, in the foreground but not, or in the background.
///
/// Apple: developer.apple.com/documentation/swiftui/scenephase.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// Stand-in for developer.apple.com/documentation/swiftui/scenephase/background.
    case background
    /// Stand-in for developer.apple.com/documentation/swiftui/scenephase/inactive.
    case inactive
    /// Stand-in for developer.apple.com/documentation/swiftui/scenephase/active.
    case active
}
