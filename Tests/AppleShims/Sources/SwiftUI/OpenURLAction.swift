public import Foundation

/// Stand-in for SwiftUI's `OpenURLAction`: what a view calls to open a URL, which the app can
/// handle itself by setting the environment's `openURL`.
///
/// Apple: developer.apple.com/documentation/swiftui/openurlaction.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct OpenURLAction {
    /// Stand-in for developer.apple.com/documentation/swiftui/openurlaction/result.
    public struct Result: Sendable {
        let name: String

        /// Stand-in for developer.apple.com/documentation/swiftui/openurlaction/result/handled.
        public static let handled = Result(name: "handled")
        /// Stand-in for developer.apple.com/documentation/swiftui/openurlaction/result/discarded.
        public static let discarded = Result(name: "discarded")
        /// Stand-in for developer.apple.com/documentation/swiftui/openurlaction/result/systemaction.
        public static let systemAction = Result(name: "systemAction")
    }

    private let handler: (URL) -> Result

    /// Stand-in for developer.apple.com/documentation/swiftui/openurlaction/init(handler:).
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public init(handler: @escaping (URL) -> OpenURLAction.Result) {
        self.handler = handler
    }

    /// Stand-in for developer.apple.com/documentation/swiftui/openurlaction/callasfunction(_:).
    public func callAsFunction(_ url: URL) {
        _ = handler(url)
    }
}
