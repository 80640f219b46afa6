@_exported public import Foundation

// Stand-in: AppKit re-exports Foundation, whose NSRect, NSCoder and Bundle the adapters use.

/// Stand-in for AppKit's `NSResponder`, the root of `NSView`, `NSViewController` and `NSWindow`.
///
/// Apple: developer.apple.com/documentation/appkit/nsresponder.
@available(macOS 10.0, *)
@MainActor
open class NSResponder: NSObject {
    /// Stand-in for developer.apple.com/documentation/appkit/nsresponder/init().
    public override init() {
        super.init()
    }
}
