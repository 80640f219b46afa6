/// Stand-in for AppKit's `NSApplication`, declared only for the modal response type `NSAlert`
/// returns.
///
/// Apple: developer.apple.com/documentation/appkit/nsapplication.
@available(macOS 10.0, *)
@MainActor
open class NSApplication: NSResponder {
    /// Stand-in for developer.apple.com/documentation/appkit/nsapplication/modalresponse.
    public struct ModalResponse: RawRepresentable, Hashable, Sendable {
        /// Stand-in for developer.apple.com/documentation/appkit/nsapplication/modalresponse/rawvalue.
        public let rawValue: Int

        /// Stand-in for developer.apple.com/documentation/appkit/nsapplication/modalresponse/init(rawvalue:).
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }
    }
}

@available(macOS 10.0, *)
extension NSApplication.ModalResponse {
    /// Stand-in for developer.apple.com/documentation/appkit/nsapplication/modalresponse/alertfirstbuttonreturn.
    public static let alertFirstButtonReturn = NSApplication.ModalResponse(rawValue: 1000)
}
