/// Stand-in for AppKit's `NSView`: just enough of a hierarchy to know which child view controllers'
/// views are in a window.
///
/// Apple: developer.apple.com/documentation/appkit/nsview.
@available(macOS 10.0, *)
@MainActor
open class NSView: NSResponder {
    private var storedSubviews: [NSView] = []
    private weak var storedSuperview: NSView?
    /// Set by the stand-in ``NSWindow`` on its content view.
    weak var storedWindow: NSWindow?

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/init(frame:).
    public init(frame frameRect: NSRect) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/init(coder:).
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/ishidden.
    open var isHidden = false

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/superview.
    open var superview: NSView? { storedSuperview }

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/window.
    open var window: NSWindow? { storedWindow ?? superview?.window }

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/subviews.
    open var subviews: [NSView] { storedSubviews }

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/addsubview(_:).
    open func addSubview(_ view: NSView) {
        view.removeFromSuperview()
        storedSubviews.append(view)
        view.storedSuperview = self
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/removefromsuperview().
    open func removeFromSuperview() {
        storedSuperview?.storedSubviews.removeAll { $0 === self }
        storedSuperview = nil
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsview/isdescendant(of:).
    open func isDescendant(of view: NSView) -> Bool {
        var current: NSView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }
}
