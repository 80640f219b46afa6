/// Stand-in for UIKit's `UIAlertController`: a title, a message and the actions added to it.
///
/// Apple: developer.apple.com/documentation/uikit/uialertcontroller.
@available(iOS 8.0, tvOS 9.0, *)
@MainActor
open class UIAlertController: UIViewController {
    /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/style.
    public enum Style: Int, Sendable {
        /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/style/actionsheet.
        case actionSheet = 0
        /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/style/alert.
        case alert = 1
    }

    private var storedActions: [UIAlertAction] = []
    private var storedStyle: Style = .alert

    /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/init(title:message:preferredstyle:).
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        storedStyle = preferredStyle
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/message.
    open var message: String?

    /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/preferredstyle.
    open var preferredStyle: UIAlertController.Style { storedStyle }

    /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/actions.
    open var actions: [UIAlertAction] { storedActions }

    /// Stand-in for developer.apple.com/documentation/uikit/uialertcontroller/addaction(_:).
    open func addAction(_ action: UIAlertAction) {
        storedActions.append(action)
    }
}
