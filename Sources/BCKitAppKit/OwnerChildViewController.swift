#if canImport(AppKit)
    internal import AppKit
    internal import BCKit

    /// The invisible child that `installOwner(_:)` adds: AppKit sends it the appearance callbacks
    /// while its view is in the host's window, and it reports them to the owner's relay.
    ///
    /// Its parent keeps it in `children`, so it lives exactly as long as the host; when the host
    /// deallocates, the relay goes with it and tears the owner down.
    final class OwnerChildViewController: NSViewController {
        let relay: HostRelay

        init(owner: Owner, host: NSViewController) {
            relay = HostRelay(owner: owner)
            super.init(nibName: nil, bundle: nil)
            owner.host = host
            // The requests concern the host's screen; this child is invisible.
            let services = HostServices()
            services.answer(asAppKitFor: host)
            relay.provideServices(services)
        }

        required init?(coder: NSCoder) { nil }

        override func loadView() {
            view = NSView(frame: .zero)
            view.isHidden = true
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            relay.viewDidLoad()
        }

        override func viewWillAppear() {
            super.viewWillAppear()
            relay.viewWillAppear()
        }

        override func viewDidAppear() {
            super.viewDidAppear()
            relay.viewDidAppear()
        }

        override func viewWillDisappear() {
            super.viewWillDisappear()
            relay.viewWillDisappear()
        }

        override func viewDidDisappear() {
            super.viewDidDisappear()
            relay.viewDidDisappear()
        }
    }
#endif
