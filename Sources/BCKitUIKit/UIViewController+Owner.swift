#if canImport(UIKit)
    public import BCKit
    public import UIKit

    extension UIViewController {
        /// Installs an owner into this view controller, for screens that cannot change their
        /// superclass: an invisible child view controller receives the appearance callbacks UIKit
        /// forwards to children and reports them to the owner, which it tears down when this view
        /// controller deallocates.
        ///
        /// Call it from `viewDidLoad()`: it loads this view controller's view, and the owner is
        /// loaded at once.
        ///
        /// ```swift
        /// override func viewDidLoad() {
        ///     super.viewDidLoad()
        ///     let owner = Owner(name: "Legacy")
        ///     try? owner.attach([BannerController(), AnalyticsController()])
        ///     relay = installOwner(owner)
        /// }
        /// ```
        ///
        /// > Important: UIKit forwards appearance callbacks to a child only while its view is in the
        /// > hierarchy and while `shouldAutomaticallyForwardAppearanceMethods` is `true` (the
        /// > default). A container that returns `false` must forward them to every child, this one
        /// > included, with `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()`.
        ///
        /// The owner's controllers get UIKit's host services for this view controller, as with
        /// `OwnerViewController`; set `relay.services?.onNavigate` for routes.
        ///
        /// - Parameter owner: The owner to drive; this view controller becomes its host.
        /// - Returns: The relay, to forward more host events (background, traits) and reach its
        ///   `services`.
        @discardableResult
        public func installOwner(_ owner: Owner) -> HostRelay {
            let child = OwnerChildViewController(owner: owner, host: self)
            addChild(child)
            view.addSubview(child.view)
            child.didMove(toParent: self)
            return child.relay
        }
    }
#endif
