/// Stand-in for SwiftUI's `EnvironmentValues`, with the values the adapter reads.
///
/// Apple: developer.apple.com/documentation/swiftui/environmentvalues.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues {
    /// Stand-in for developer.apple.com/documentation/swiftui/environmentvalues/init().
    public init() {}

    /// Stand-in for developer.apple.com/documentation/swiftui/environmentvalues/openurl.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public var openURL = OpenURLAction { _ in .systemAction }

    /// Stand-in for developer.apple.com/documentation/swiftui/environmentvalues/scenephase; change it
    /// with ``StandInRenderer/update(_:environment:)`` so `onChange` actions run.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public var scenePhase = ScenePhase.active

    /// Stand-in for developer.apple.com/documentation/swiftui/environmentvalues/dismiss; each call
    /// counts in ``StandInRenderer/dismissals``.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var dismiss: DismissAction { DismissAction() }
}
