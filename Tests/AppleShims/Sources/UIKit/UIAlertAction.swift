/// Stand-in for UIKit's `UIAlertAction`: a button of an alert.
///
/// Apple: developer.apple.com/documentation/uikit/uialertaction.
@available(iOS 8.0, tvOS 9.0, *)
@MainActor
open class UIAlertAction: NSObject {
    /// Stand-in for developer.apple.com/documentation/uikit/uialertaction/style.
    public enum Style: Int, Sendable {
        /// Stand-in for developer.apple.com/documentation/uikit/uialertaction/style/default.
        case `default` = 0
        /// Stand-in for developer.apple.com/documentation/uikit/uialertaction/style/cancel.
        case cancel = 1
        /// Stand-in for developer.apple.com/documentation/uikit/uialertaction/style/destructive.
        case destructive = 2
    }

    private var storedTitle: String?
    private var storedStyle: Style = .default

    /// Stand-in for developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:).
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
        storedTitle = title
        storedStyle = style
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uialertaction/title.
    open var title: String? { storedTitle }

    /// Stand-in for developer.apple.com/documentation/uikit/uialertaction/style-swift.property.
    open var style: UIAlertAction.Style { storedStyle }
}
