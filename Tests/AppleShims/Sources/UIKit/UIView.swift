/// Stand-in for UIKit's `UIView`: just enough of a hierarchy to know whether a child view
/// controller's view is inside its parent's, which decides whether UIKit forwards appearance.
///
/// Apple: developer.apple.com/documentation/uikit/uiview.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor
open class UIView: UIResponder {
    private var storedSubviews: [UIView] = []
    private weak var storedSuperview: UIView?

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/init(frame:).
    public init(frame: CGRect) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/init(coder:).
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/ishidden.
    open var isHidden = false

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/superview.
    open var superview: UIView? { storedSuperview }

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/subviews.
    open var subviews: [UIView] { storedSubviews }

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/addsubview(_:).
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        storedSubviews.append(view)
        view.storedSuperview = self
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/removefromsuperview().
    open func removeFromSuperview() {
        storedSuperview?.storedSubviews.removeAll { $0 === self }
        storedSuperview = nil
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiview/isdescendant(of:).
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }
}
