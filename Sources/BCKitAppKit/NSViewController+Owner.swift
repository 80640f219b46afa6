#if canImport(AppKit)
    public import AppKit
    public import BCKit

    extension NSViewController {
        /// Installs an owner into this view controller, for screens that cannot change their
        /// superclass: an invisible child view controller receives the appearance callbacks AppKit
        /// sends while its view is in the window and reports them to the owner, which it tears down
        /// when this view controller deallocates.
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
        /// The owner's controllers get AppKit's host services for this view controller, as with
        /// `OwnerViewController`; set `relay.services?.onNavigate` for routes.
        ///
        /// - Parameter owner: The owner to drive; this view controller becomes its host.
        /// - Returns: The relay, to forward host events and reach its `services`.
        @discardableResult
        public func installOwner(_ owner: Owner) -> HostRelay {
            let child = OwnerChildViewController(owner: owner, host: self)
            addChild(child)
            view.addSubview(child.view)
            return child.relay
        }
    }
#endif
