/// Stand-in for AppKit's `NSWindow`, which tests use to show and hide a view controller: the
/// window is what sends `NSViewController` its appearance callbacks.
///
/// Apple: developer.apple.com/documentation/appkit/nswindow.
@available(macOS 10.0, *)
@MainActor
open class NSWindow: NSResponder {
    /// Stand-in for developer.apple.com/documentation/appkit/nswindow/contentviewcontroller.
    @available(macOS 10.10, *)
    open var contentViewController: NSViewController?

    /// Stand-in for developer.apple.com/documentation/appkit/nswindow/isvisible.
    open private(set) var isVisible = false

    /// Stand-in for developer.apple.com/documentation/appkit/nswindow/init(contentviewcontroller:).
    @available(macOS 10.10, *)
    public init(contentViewController: NSViewController) {
        self.contentViewController = contentViewController
        super.init()
        contentViewController.view.storedWindow = self
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nswindow/makekeyandorderfront(_:).
    open func makeKeyAndOrderFront(_ sender: Any?) {
        guard !isVisible else { return }
        let shown = contentViewController?.inWindow ?? []
        for controller in shown { controller.viewWillAppear() }
        isVisible = true
        for controller in shown { controller.viewDidAppear() }
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nswindow/orderout(_:).
    open func orderOut(_ sender: Any?) {
        guard isVisible else { return }
        let shown = contentViewController?.inWindow ?? []
        for controller in shown { controller.viewWillDisappear() }
        isVisible = false
        for controller in shown { controller.viewDidDisappear() }
    }
}
