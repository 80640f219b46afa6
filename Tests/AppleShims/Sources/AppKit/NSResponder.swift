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

    /// Stand-in for developer.apple.com/documentation/appkit/nsresponder/encoderestorablestate(with:).
    /// AppKit calls it when it saves a window's state, for the window and its responders.
    @available(macOS 10.7, *)
    open func encodeRestorableState(with coder: NSCoder) {}

    /// Stand-in for developer.apple.com/documentation/appkit/nsresponder/restorestate(with:).
    /// AppKit calls it when it restores a window, with what `encodeRestorableState(with:)` wrote.
    @available(macOS 10.7, *)
    open func restoreState(with coder: NSCoder) {}

    /// Stand-in for developer.apple.com/documentation/appkit/nsresponder/invalidaterestorablestate().
    /// Counts the calls in ``invalidations``, where AppKit schedules a save.
    @available(macOS 10.7, *)
    open func invalidateRestorableState() { invalidations += 1 }

    /// Not AppKit API: how many times `invalidateRestorableState()` was called.
    public private(set) var invalidations = 0
}
