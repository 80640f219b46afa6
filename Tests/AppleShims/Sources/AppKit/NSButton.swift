/// Stand-in for AppKit's `NSButton`, as `NSAlert` hands it out: a title.
///
/// Apple: developer.apple.com/documentation/appkit/nsbutton.
@available(macOS 10.0, *)
@MainActor
open class NSButton: NSControl {
    /// Stand-in for developer.apple.com/documentation/appkit/nsbutton/title.
    open var title = ""
}
