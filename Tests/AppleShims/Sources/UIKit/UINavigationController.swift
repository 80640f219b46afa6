/// Stand-in for UIKit's `UINavigationController`: a stack of view controllers, each a child of it.
/// The stand-in keeps the stack; it runs no transition and shows no bar.
///
/// Apple: developer.apple.com/documentation/uikit/uinavigationcontroller.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor
open class UINavigationController: UIViewController {
    /// Stand-in for developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:).
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        pushViewController(rootViewController, animated: false)
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uinavigationcontroller/init(coder:).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers.
    open var viewControllers: [UIViewController] { children }

    /// Stand-in for developer.apple.com/documentation/uikit/uinavigationcontroller/topviewcontroller.
    open var topViewController: UIViewController? { children.last }

    /// Stand-in for developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        addChild(viewController)
        viewController.didMove(toParent: self)
    }
}

extension UIViewController {
    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller:
    /// the nearest ancestor that is a navigation controller.
    @available(iOS 2.0, tvOS 9.0, *)
    public var navigationController: UINavigationController? {
        parent as? UINavigationController ?? parent?.navigationController
    }
}
