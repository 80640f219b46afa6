/// Stand-in for UIKit's `UIViewController`, with the behaviour the adapters rely on:
///
/// - reading `view` loads it once: `loadView()`, then `viewDidLoad()`;
/// - `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()` (what containers call
///   when they present, push, pop or cancel) call the will/did callbacks, and forward them to each
///   child whose view is in this view's hierarchy while `shouldAutomaticallyForwardAppearanceMethods`
///   is `true`;
/// - `viewWillTransition(to:with:)` forwards to the children, as UIKit's implementation does.
///
/// What it cannot prove: the real timing of UIKit's callbacks inside animations, and that adding a
/// child's view to a window that is already on screen sends the child its appearance callbacks.
///
/// Apple: developer.apple.com/documentation/uikit/uiviewcontroller.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private var storedChildren: [UIViewController] = []
    private weak var storedParent: UIViewController?
    private var storedPresented: UIViewController?
    private weak var storedPresenting: UIViewController?
    /// The transition begun and not yet ended: `true` appearing, `false` disappearing.
    private var transition: (isAppearing: Bool, animated: Bool)?

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:).
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/view.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/isviewloaded.
    @available(iOS 3.0, tvOS 9.0, *)
    open var isViewLoaded: Bool { loadedView != nil }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/loadview().
    open func loadView() {
        view = UIView(frame: .zero)
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/loadviewifneeded().
    @available(iOS 9.0, tvOS 9.0, *)
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        viewDidLoad()
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload().
    open func viewDidLoad() {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:).
    open func viewWillAppear(_ animated: Bool) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:).
    open func viewDidAppear(_ animated: Bool) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:).
    open func viewWillDisappear(_ animated: Bool) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:).
    open func viewDidDisappear(_ animated: Bool) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/didreceivememorywarning().
    open func didReceiveMemoryWarning() {}

    /// Stand-in for developer.apple.com/documentation/uikit/uicontentcontainer/viewwilltransition(to:with:).
    @available(iOS 8.0, tvOS 9.0, *)
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/restorationidentifier.
    @available(iOS 6.0, tvOS 9.0, *)
    open var restorationIdentifier: String?

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/encoderestorablestate(with:).
    /// UIKit calls it while preserving state, for a view controller with a `restorationIdentifier`.
    @available(iOS 6.0, tvOS 9.0, *)
    open func encodeRestorableState(with coder: NSCoder) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/decoderestorablestate(with:).
    /// UIKit calls it while restoring state, with what `encodeRestorableState(with:)` wrote.
    @available(iOS 6.0, tvOS 9.0, *)
    open func decodeRestorableState(with coder: NSCoder) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/title.
    open var title: String?

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:).
    /// Records who presents whom and calls the completion; the presented view controller's
    /// appearance is not played. Like UIKit, it presents nothing (UIKit logs "Attempt to present …
    /// which is already presenting") from a view controller that already presents one, and stops
    /// the program where UIKit raises: presenting a view controller that is already presented or
    /// presents one.
    @available(iOS 5.0, tvOS 9.0, *)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {
        // UIKit raises NSInvalidArgumentException, "Application tried to present modally an active
        // controller", which ends the app.
        precondition(
            viewControllerToPresent.storedPresenting == nil && viewControllerToPresent.storedPresented == nil
                && viewControllerToPresent !== self,
            "Application tried to present modally an active controller")
        guard storedPresented == nil else { return }
        storedPresented = viewControllerToPresent
        viewControllerToPresent.storedPresenting = self
        completion?()
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:):
    /// dismisses what this view controller presents, or, when it presents nothing, asks its
    /// presenter to dismiss it.
    @available(iOS 5.0, tvOS 9.0, *)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = storedPresented {
            storedPresented = nil
            presented.storedPresenting = nil
            completion?()
        } else if let presenting = storedPresenting {
            presenting.dismiss(animated: flag, completion: completion)
        }
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller.
    @available(iOS 5.0, tvOS 9.0, *)
    open var presentedViewController: UIViewController? { storedPresented }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller.
    @available(iOS 5.0, tvOS 9.0, *)
    open var presentingViewController: UIViewController? { storedPresenting }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/children.
    @available(iOS 5.0, tvOS 9.0, *)
    open var children: [UIViewController] { storedChildren }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/parent.
    @available(iOS 5.0, tvOS 9.0, *)
    open var parent: UIViewController? { storedParent }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/addchild(_:).
    @available(iOS 5.0, tvOS 9.0, *)
    open func addChild(_ childController: UIViewController) {
        childController.willMove(toParent: self)
        storedChildren.append(childController)
        childController.storedParent = self
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/removefromparent().
    @available(iOS 5.0, tvOS 9.0, *)
    open func removeFromParent() {
        storedParent?.storedChildren.removeAll { $0 === self }
        storedParent = nil
        didMove(toParent: nil)
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/willmove(toparent:).
    @available(iOS 5.0, tvOS 9.0, *)
    open func willMove(toParent parent: UIViewController?) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:).
    @available(iOS 5.0, tvOS 9.0, *)
    open func didMove(toParent parent: UIViewController?) {}

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/shouldautomaticallyforwardappearancemethods
    @available(iOS 6.0, tvOS 9.0, *)
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:).
    @available(iOS 5.0, tvOS 9.0, *)
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        loadViewIfNeeded()
        transition = (isAppearing, animated)
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        for child in forwardedChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Stand-in for developer.apple.com/documentation/uikit/uiviewcontroller/endappearancetransition().
    @available(iOS 5.0, tvOS 9.0, *)
    open func endAppearanceTransition() {
        guard let (isAppearing, animated) = transition else { return }
        transition = nil
        if isAppearing { viewDidAppear(animated) } else { viewDidDisappear(animated) }
        for child in forwardedChildren { child.endAppearanceTransition() }
    }

    /// The children UIKit forwards appearance to: only with automatic forwarding on, and only those
    /// whose view is in this view's hierarchy.
    private var forwardedChildren: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return [] }
        return children.filter { $0.isViewLoaded && $0.view.isDescendant(of: root) }
    }
}
