#if canImport(UIKit)
    internal import BCKit
    internal import UIKit

    extension HostServices {
        /// Answers with UIKit's way for `viewController`, held weakly: a filled view is added to its
        /// view, a screen is presented from it and dismissed with `dismiss(animated:completion:)`,
        /// an alert is a `UIAlertController` it presents. Navigation stays the app's decision.
        ///
        /// A view that is not a `UIView`, or a screen that is not a `UIViewController`, is reported
        /// as not handled rather than shown, and so is a screen already on screen, for which UIKit
        /// raises an exception (a double tap asking twice), and every request made once the view
        /// controller is gone (its owner's tear-down is queued, so a controller may still ask).
        ///
        /// A screen or alert asked for while `viewController` already presents something is
        /// presented from the top of that chain: UIKit presents nothing from a view controller that
        /// already presents one (it only logs a warning). An alert without actions gets one "OK"
        /// button, as `NSAlert` does, since a `UIAlertController` without actions cannot be closed.
        func answer(asUIKitFor viewController: UIViewController) {
            onFill = { [weak viewController] _, view in
                guard let viewController, let view = view as? UIView else { return notHandled("fill(_:with:)") }
                viewController.view.addSubview(view)
            }
            onPresent = { [weak viewController] screen in
                guard let viewController, let screen = screen as? UIViewController else {
                    return notHandled("present(_:)")
                }
                // UIKit raises for a screen already on screen (a double tap asking twice).
                let chain = Self.presentations(from: viewController)
                guard screen.presentingViewController == nil, !chain.contains(where: { $0 === screen }) else {
                    return notHandled("present(_:)")
                }
                chain.last?.present(screen, animated: true)
            }
            onDismiss = { [weak viewController] in
                guard let viewController else { return notHandled("dismiss()") }
                viewController.dismiss(animated: true)
            }
            onShowAlert = { [weak viewController] alert in
                guard let viewController else { return notHandled("showAlert(_:)") }
                let shown = UIAlertController(
                    title: alert.title,
                    message: alert.message.isEmpty ? nil : alert.message,
                    preferredStyle: .alert
                )
                for title in alert.actions {
                    shown.addAction(UIAlertAction(title: title, style: .default))
                }
                if alert.actions.isEmpty {
                    shown.addAction(UIAlertAction(title: "OK", style: .cancel))
                }
                Self.presentations(from: viewController).last?.present(shown, animated: true)
            }
        }

        /// `viewController`, then what it presents, up to the top of the chain.
        private static func presentations(from viewController: UIViewController) -> [UIViewController] {
            var chain = [viewController]
            while let presented = chain.last?.presentedViewController { chain.append(presented) }
            return chain
        }
    }
#endif
