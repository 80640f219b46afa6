#if canImport(UIKit)
    internal import BCKit
    internal import UIKit

    /// The invisible child that `installOwner(_:)` adds: UIKit forwards
    /// the host's appearance callbacks to it, and it reports them to the owner's relay.
    ///
    /// Its parent keeps it in `children`, so it lives exactly as long as the host; when the host
    /// deallocates, the relay goes with it and tears the owner down.
    final class OwnerChildViewController: UIViewController {
        let relay: HostRelay

        init(owner: Owner, host: UIViewController) {
            relay = HostRelay(owner: owner)
            super.init(nibName: nil, bundle: nil)
            owner.host = host
            // The requests concern the host's screen; this child is invisible.
            let services = HostServices()
            services.answer(asUIKitFor: host)
            relay.provideServices(services)
        }

        required init?(coder: NSCoder) { nil }

        override func loadView() {
            view = UIView(frame: .zero)
            view.isHidden = true
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            relay.viewDidLoad()
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            relay.viewWillAppear()
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            relay.viewDidAppear()
        }

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            relay.viewWillDisappear()
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            relay.viewDidDisappear()
        }

        override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            relay.didReceiveMemoryWarning()
        }

        override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            relay.sizeWillChange(to: HostSize(width: Double(size.width), height: Double(size.height)))
        }
    }
#endif
