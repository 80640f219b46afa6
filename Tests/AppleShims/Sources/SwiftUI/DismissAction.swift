/// Stand-in for SwiftUI's `DismissAction`: dismisses the presentation the view is in. The
/// stand-in counts each call in ``StandInRenderer/dismissals``.
///
/// Apple: developer.apple.com/documentation/swiftui/dismissaction.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor
public struct DismissAction {
    /// Stand-in for developer.apple.com/documentation/swiftui/dismissaction/callasfunction().
    public func callAsFunction() {
        StandInRenderer.dismissals += 1
    }
}
