/// Stand-in for AppKit's `NSViewController`, with the behaviour the adapters rely on:
///
/// - reading `view` loads it once: `loadView()`, then `viewDidLoad()`; with no nib, `loadView()`
///   must be overridden, as in AppKit, where the default looks for a nib and raises without one;
/// - the four appearance callbacks, which have no animated flag, come from the window (see
///   ``NSWindow``) and reach each child view controller whose view is in the window.
///
/// Apple: developer.apple.com/documentation/appkit/nsviewcontroller.
@available(macOS 10.5, *)
@MainActor
open class NSViewController: NSResponder {
    private var loadedView: NSView?
    private var storedChildren: [NSViewController] = []
    private weak var storedParent: NSViewController?
    private var storedPresented: [NSViewController] = []
    private weak var storedPresenting: NSViewController?

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/init(nibname:bundle:).
    public init(nibName nibNameOrNil: NSNib.Name?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/init(coder:).
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/view.
    open var view: NSView {
        get {
            loadViewIfNeeded()
            guard let loadedView else { preconditionFailure("\(type(of: self)).loadView() did not set the view") }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/isviewloaded.
    @available(macOS 10.10, *)
    open var isViewLoaded: Bool { loadedView != nil }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/loadview().
    open func loadView() {
        preconditionFailure("\(type(of: self)) has no nib; override loadView() to build its view")
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/loadviewifneeded().
    @available(macOS 14.0, *)
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        viewDidLoad()
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/viewdidload().
    @available(macOS 10.10, *)
    open func viewDidLoad() {}

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/viewwillappear().
    @available(macOS 10.10, *)
    open func viewWillAppear() {}

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/viewdidappear().
    @available(macOS 10.10, *)
    open func viewDidAppear() {}

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/viewwilldisappear().
    @available(macOS 10.10, *)
    open func viewWillDisappear() {}

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/viewdiddisappear().
    @available(macOS 10.10, *)
    open func viewDidDisappear() {}

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/children.
    @available(macOS 10.10, *)
    open var children: [NSViewController] { storedChildren }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/parent.
    @available(macOS 10.10, *)
    open var parent: NSViewController? { storedParent }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/addchild(_:).
    @available(macOS 10.10, *)
    open func addChild(_ childViewController: NSViewController) {
        storedChildren.append(childViewController)
        childViewController.storedParent = self
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/presentassheet(_:).
    /// Records who presents whom; the sheet's appearance is not played.
    @available(macOS 10.10, *)
    open func presentAsSheet(_ viewController: NSViewController) {
        storedPresented.append(viewController)
        viewController.storedPresenting = self
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/dismiss(_:)-2ljyo.
    @available(macOS 10.10, *)
    open func dismiss(_ viewController: NSViewController) {
        storedPresented.removeAll { $0 === viewController }
        if viewController.storedPresenting === self { viewController.storedPresenting = nil }
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/presentingviewcontroller.
    @available(macOS 10.10, *)
    open var presentingViewController: NSViewController? { storedPresenting }

    /// Stand-in for developer.apple.com/documentation/appkit/nsviewcontroller/presentedviewcontrollers.
    @available(macOS 10.10, *)
    open var presentedViewControllers: [NSViewController]? { storedPresented.isEmpty ? nil : storedPresented }

    /// Stand-in only: the view controller and its descendants whose views are in its view, in the
    /// order AppKit tells them (the parent first).
    var inWindow: [NSViewController] {
        guard isViewLoaded else { return [] }
        let root = view
        return [self] + children.filter { $0.isViewLoaded && $0.view.isDescendant(of: root) }.flatMap(\.inWindow)
    }
}
