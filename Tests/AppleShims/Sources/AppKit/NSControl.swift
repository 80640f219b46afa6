/// Stand-in for AppKit's `NSControl`, declared only as `NSButton`'s superclass.
///
/// Apple: developer.apple.com/documentation/appkit/nscontrol.
@available(macOS 10.0, *)
@MainActor
open class NSControl: NSView {}
