#if canImport(AppKit)
    internal import AppKit
    internal import BCKit

    extension HostServices {
        /// Answers with AppKit's way for `viewController`, held weakly: a filled view is added to its
        /// view, a screen is presented as a sheet and dismissed with `dismiss(_:)`, an alert is an
        /// `NSAlert`, a sheet on the screen's window (modal while the screen has none). Navigation
        /// stays the app's decision.
        ///
        /// A view that is not an `NSView`, or a screen that is not an `NSViewController`, is
        /// reported as not handled rather than shown; so is every request made once the view
        /// controller is gone (its owner's tear-down is queued, so a controller may still ask).
        func answer(asAppKitFor viewController: NSViewController) {
            onFill = { [weak viewController] _, view in
                guard let viewController, let view = view as? NSView else { return notHandled("fill(_:with:)") }
                viewController.view.addSubview(view)
            }
            onPresent = { [weak viewController] screen in
                guard let viewController, let screen = screen as? NSViewController else {
                    return notHandled("present(_:)")
                }
                viewController.presentAsSheet(screen)
            }
            onDismiss = { [weak viewController] in
                // As UIKit's dismiss: what this screen presents, else this screen.
                guard let viewController else { return notHandled("dismiss()") }
                if let presented = viewController.presentedViewControllers?.last {
                    viewController.dismiss(presented)
                } else {
                    viewController.presentingViewController?.dismiss(viewController)
                }
            }
            onShowAlert = { [weak viewController] alert in
                guard let viewController else { return notHandled("showAlert(_:)") }
                let shown = NSAlert()
                shown.messageText = alert.title
                shown.informativeText = alert.message
                for title in alert.actions {
                    _ = shown.addButton(withTitle: title)
                }
                if let window = viewController.view.window {
                    shown.beginSheetModal(for: window)
                } else {
                    _ = shown.runModal()
                }
            }
        }
    }
#endif
