#if canImport(AppKit)
    public import AppKit
    public import BCKit

    /// A view controller that owns an ``Owner`` and reports its lifecycle to it through a
    /// ``HostRelay``, so a screen subclasses it instead of writing five overrides.
    ///
    /// ```swift
    /// final class GoodsViewController: OwnerViewController {
    ///     init(goodsID: Int) {
    ///         super.init(owner: Owner(name: "GoodsDetail"))
    ///         try? owner.attach([HeaderController(goodsID: goodsID), PriceController()])
    ///     }
    ///
    ///     required init?(coder: NSCoder) {
    ///         super.init(coder: coder)
    ///     }
    ///
    ///     override func loadView() { view = GoodsView() }
    /// }
    /// ```
    ///
    /// AppKit's appearance callbacks have no animated flag; every decision is the relay's. The owner
    /// is torn down when the controller deallocates.
    ///
    /// It also answers what the controllers ask of their screen (`HostServiceConversation`)
    /// through ``services``: a filled view is added to `view`, a screen is presented as a sheet and
    /// dismissed with `dismiss(_:)`, an alert is an `NSAlert` shown as a sheet on the window. Where a
    /// route goes is the app's decision, so set `services.onNavigate`; replace any other action the
    /// same way:
    ///
    /// ```swift
    /// screen.services.onNavigate = { route in _ = try? navigator.open(route) }
    /// ```
    open class OwnerViewController: NSViewController {
        /// The relay every callback goes through; forward host events with it.
        public let relay: HostRelay

        /// What answers the controllers' `HostServiceConversation`, with AppKit's actions; set
        /// `onNavigate` for routes.
        public let services = HostServices()

        /// The owner of this screen's business controllers.
        public var owner: Owner { relay.owner }

        /// Creates a view controller that owns `owner` and becomes its host. Override `loadView()`
        /// to build the view, since there is no nib.
        ///
        /// - Parameter owner: The owner to drive.
        public init(owner: Owner) {
            relay = HostRelay(owner: owner)
            super.init(nibName: nil, bundle: nil)
            owner.host = self
            services.answer(asAppKitFor: self)
            relay.provideServices(services)
        }

        /// Creates a view controller from a storyboard, with an empty owner named after the class.
        ///
        /// - Parameter coder: The storyboard's decoder.
        public required init?(coder: NSCoder) {
            relay = HostRelay(owner: Owner(name: String(describing: Self.self)))
            super.init(coder: coder)
            owner.host = self
            services.answer(asAppKitFor: self)
            relay.provideServices(services)
        }

        /// Loads the owner.
        open override func viewDidLoad() {
            super.viewDidLoad()
            relay.viewDidLoad()
        }

        /// Saves the owner's state into AppKit's restoration coder, with
        /// `HostRelay.encodeRestorableState(with:)`.
        ///
        /// - Parameter coder: The coder AppKit saves the window's state with.
        open override func encodeRestorableState(with coder: NSCoder) {
            super.encodeRestorableState(with: coder)
            relay.encodeRestorableState(with: coder)
        }

        /// Restores the owner's state from AppKit's restoration coder, with
        /// `HostRelay.restoreState(with:)`.
        ///
        /// - Parameter coder: The coder AppKit restores the window's state from.
        open override func restoreState(with coder: NSCoder) {
            super.restoreState(with: coder)
            relay.restoreState(with: coder)
        }

        /// Reports will-appear to the owner.
        open override func viewWillAppear() {
            super.viewWillAppear()
            relay.viewWillAppear()
        }

        /// Reports did-appear to the owner.
        open override func viewDidAppear() {
            super.viewDidAppear()
            relay.viewDidAppear()
        }

        /// Reports will-disappear to the owner.
        open override func viewWillDisappear() {
            super.viewWillDisappear()
            relay.viewWillDisappear()
        }

        /// Reports did-disappear to the owner.
        open override func viewDidDisappear() {
            super.viewDidDisappear()
            relay.viewDidDisappear()
        }
    }
#endif
