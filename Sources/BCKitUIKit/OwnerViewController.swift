#if canImport(UIKit)
    public import BCKit
    public import UIKit

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
    /// }
    /// ```
    ///
    /// Every decision (a cancelled pop, a repeated callback, a callback after tear-down) is the
    /// relay's; this class only forwards. The owner is torn down when the controller deallocates.
    ///
    /// It also answers what the controllers ask of their screen (`HostServiceConversation`)
    /// through ``services``: a filled view is added to `view`, a screen is presented with
    /// `present(_:animated:completion:)` (from the top of what this screen already presents, since
    /// UIKit presents nothing from a view controller that presents one) and dismissed with `dismiss(animated:completion:)`, an alert
    /// is a `UIAlertController`. Where a route goes is the app's decision, so set
    /// `services.onNavigate`; replace any other action the same way (push instead of present):
    ///
    /// ```swift
    /// screen.services.onNavigate = { route in _ = try? navigator.open(route) }
    /// screen.services.onPresent = { [weak screen] next in
    ///     guard let next = next as? UIViewController else { return }
    ///     screen?.navigationController?.pushViewController(next, animated: true)
    /// }
    /// ```
    open class OwnerViewController: UIViewController {
        /// The relay every callback goes through; forward more host events with it.
        public let relay: HostRelay

        /// What answers the controllers' `HostServiceConversation`, with UIKit's actions; set
        /// `onNavigate` for routes.
        public let services = HostServices()

        /// The owner of this screen's business controllers.
        public var owner: Owner { relay.owner }

        /// Creates a view controller that owns `owner` and becomes its host.
        ///
        /// - Parameter owner: The owner to drive.
        public init(owner: Owner) {
            relay = HostRelay(owner: owner)
            super.init(nibName: nil, bundle: nil)
            owner.host = self
            services.answer(asUIKitFor: self)
            relay.provideServices(services)
        }

        /// Creates a view controller from a storyboard, with an empty owner named after the class.
        ///
        /// - Parameter coder: The storyboard's decoder.
        public required init?(coder: NSCoder) {
            relay = HostRelay(owner: Owner(name: String(describing: Self.self)))
            super.init(coder: coder)
            owner.host = self
            services.answer(asUIKitFor: self)
            relay.provideServices(services)
        }

        /// Loads the owner.
        open override func viewDidLoad() {
            super.viewDidLoad()
            relay.viewDidLoad()
        }

        /// Reports will-appear to the owner.
        open override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            relay.viewWillAppear()
        }

        /// Reports did-appear to the owner.
        open override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            relay.viewDidAppear()
        }

        /// Reports will-disappear to the owner.
        open override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            relay.viewWillDisappear()
        }

        /// Reports did-disappear to the owner.
        open override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            relay.viewDidDisappear()
        }

        /// Saves the owner's state into UIKit's restoration coder, with
        /// `HostRelay.encodeRestorableState(with:)`; set a `restorationIdentifier` for UIKit to
        /// call it.
        ///
        /// - Parameter coder: The coder UIKit preserves the state with.
        open override func encodeRestorableState(with coder: NSCoder) {
            super.encodeRestorableState(with: coder)
            relay.encodeRestorableState(with: coder)
        }

        /// Restores the owner's state from UIKit's restoration coder, with
        /// `HostRelay.decodeRestorableState(with:)`.
        ///
        /// - Parameter coder: The coder UIKit restores the state from.
        open override func decodeRestorableState(with coder: NSCoder) {
            super.decodeRestorableState(with: coder)
            relay.decodeRestorableState(with: coder)
        }

        /// Sends the memory warning to every controller that speaks ``HostEventConversation``.
        open override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            relay.didReceiveMemoryWarning()
        }

        /// Sends the new size to every controller that speaks ``HostEventConversation``.
        open override func viewWillTransition(
            to size: CGSize,
            with coordinator: any UIViewControllerTransitionCoordinator
        ) {
            super.viewWillTransition(to: size, with: coordinator)
            relay.sizeWillChange(to: HostSize(width: Double(size.width), height: Double(size.height)))
        }
    }
#endif
