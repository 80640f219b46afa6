/// Turns what a real host reports (UIKit's, AppKit's and SwiftUI's callbacks, their quirks
/// included) into the lifecycle events its ``Owner`` accepts, and never throws into view code.
///
/// A screen keeps one relay and calls the method named after each callback it receives; the
/// adapters in `BCKitUIKit`, `BCKitAppKit` and `BCKitSwiftUI` do exactly that and nothing else.
///
/// ```swift
/// final class GoodsViewController: UIViewController {
///     let relay = HostRelay(owner: Owner(name: "GoodsDetail"))
///
///     override func viewWillAppear(_ animated: Bool) {
///         super.viewWillAppear(animated)
///         relay.viewWillAppear()
///     }
///     // … the same one line in the other callbacks.
/// }
/// ```
///
/// ## What the relay repairs
/// Each callback says where the host now is; the relay delivers the owner events that lead there
/// from the owner's current state:
///
/// - An appearance reported before `viewDidLoad` loads the owner first.
/// - A did-appear whose will-appear never came (a container that forwards only some callbacks, or
///   SwiftUI's `onAppear`, which has no pair) gets the will-appear first; a did-disappear without
///   its will-disappear (`onDisappear`) likewise.
/// - A cancelled interactive pop (will-disappear, then will-appear and did-appear) and a cancelled
///   appearance (will-appear, then will-disappear and did-disappear) pass through as they are.
/// - A repeated callback (a second `viewDidLoad`, did-appear twice, will-appear while appeared as
///   some containers send) changes nothing, and so does a disappearance that closes nothing.
/// - A callback made while the relay is still delivering one (a controller presents a screen from
///   its `ownerDidAppear()`, and UIKit reports the disappearance at once) waits until the current
///   event has reached every controller, then runs. So does one made while the owner catches up a
///   controller attached to the visible screen (the same present, from its catch-up), or while
///   another relay drives the owner.
/// - Anything after the relay's ``tearDown()`` is ignored: a host's late callbacks while it
///   deallocates are normal.
///
/// Whatever the owner still refuses goes to the owner's diagnostics (``Owner/onDiagnostic``, else
/// the app-wide ``Diagnostic/handler``) as a ``Diagnostic`` of cause
/// ``Diagnostic/Cause/hostCallbackRefused``, never to the caller. That includes an owner torn down
/// by another path than this relay (``Owner/tearDown()``, or another relay that was released): a
/// screen shown again with an owner that can never be driven, whose controllers hear nothing. The
/// first callback after it (a lifecycle callback or a host event) is reported, once per relay,
/// since every later one has the same cause and the same fix; the relay's own ``tearDown()`` is
/// not reported, and after it nothing is.
///
/// ## Tear-down
/// The relay holds its owner. Call ``tearDown()`` when the screen is gone for good; a relay that is
/// released without it (its host deallocated) tears the owner down on the main actor right after,
/// so adapters need no code in `deinit`.
@MainActor
public final class HostRelay {
    /// The owner this relay drives.
    public let owner: Owner

    /// What answers the owner's ``HostServiceConversation``, once ``provideServices(_:)`` attached
    /// it; the adapters provide one with the platform's actions.
    public internal(set) var services: HostServices?

    /// Callbacks that arrived while one was being delivered, run in order once it returns.
    private var pending: [HostReport] = []
    private var isDelivering = false
    /// Whether ``pending`` waits for a delivery this relay did not start (a newcomer's catch-up)
    /// to close.
    private var isWaiting = false

    /// Whether a torn-down owner has nothing more to hear about: this relay tore it down, or said
    /// once already that another path did.
    private var isPastTearDown = false

    /// Creates a relay that drives an owner.
    ///
    /// - Parameter owner: The owner to drive; a root owner (a nested owner is driven by its
    ///   parent).
    public init(owner: Owner) {
        self.owner = owner
    }

    // An `isolated deinit` would tear down in place when released on the main thread, but the
    // package supports iOS 17 and macOS 14, and on systems before iOS 18.4 and macOS 15.4 it runs
    // through a back-deployed form that has been reported to abort (altic-dev/FluidVoice#772). So
    // the tear-down is queued on the main actor. The hook is out of reach here; the only refusal left
    // then is a nested owner's, which the hook already reported for every callback.
    deinit {
        let owner = owner
        Task { @MainActor in try? owner.tearDown() }
    }

    // MARK: - Lifecycle callbacks

    /// Reports `viewDidLoad` (UIKit, AppKit): loads the owner the first time, nothing after.
    public func viewDidLoad() { relay(.viewDidLoad) }

    /// Reports `viewWillAppear`: the owner will appear, loaded first if it was not.
    public func viewWillAppear() { relay(.viewWillAppear) }

    /// Reports `viewDidAppear`: the owner appears, with any will-appear or load it missed first.
    public func viewDidAppear() { relay(.viewDidAppear) }

    /// Reports `viewWillDisappear`: the owner will disappear, if it is appearing or appeared.
    public func viewWillDisappear() { relay(.viewWillDisappear) }

    /// Reports `viewDidDisappear`: the owner disappears, with its will-disappear first if missed.
    public func viewDidDisappear() { relay(.viewDidDisappear) }

    /// Reports SwiftUI's `onAppear`, which has no will/did pair: load, will-appear and did-appear
    /// as needed to reach ``LifecycleState/appeared``.
    public func appeared() { relay(.appeared) }

    /// Reports SwiftUI's `onDisappear`, which has no will/did pair: will-disappear and
    /// did-disappear as needed. The owner stays loaded, since the view may appear again.
    public func disappeared() { relay(.disappeared) }

    /// Tears the owner down for good: a visible owner first gets the events that close its
    /// appearance, then every controller is detached. Later callbacks are ignored, and so is an
    /// owner torn down already: the host agrees that the screen is gone.
    public func tearDown() { relay(.tearDown) }

    // MARK: - Delivery

    private func relay(_ report: HostReport) {
        pending.append(report)
        deliverPending()
    }

    /// Delivers the callbacks that arrived, in order, while the owner's tree delivers no
    /// lifecycle event: one that comes during a delivery (this relay's own, or a newcomer's
    /// catch-up) runs once that delivery has closed, rather than being refused as re-entrant.
    private func deliverPending() {
        guard !isDelivering, !isWaiting else { return }
        isWaiting = true
        owner.whenIdleInTree { [weak self] in
            guard let self else { return }
            isWaiting = false
            isDelivering = true
            defer { isDelivering = false }
            while !pending.isEmpty {
                deliver(pending.removeFirst())
            }
        }
    }

    private func deliver(_ report: HostReport) {
        do {
            if report == .tearDown {
                try owner.tearDown()
                isPastTearDown = true
                return
            }
            guard isLive(for: report.description) else { return }
            // Planned again from where the owner stands after each event: another relay's
            // callback that waited for the event to close may have moved it.
            while let event = report.events(from: owner.state).first {
                try owner.handle(event)
            }
        } catch {
            // Torn down by a callback meanwhile (a lazy controller's factory): another path's
            // tear-down, reported once for the relay, not a refusal that left the owner unchanged.
            if owner.state == .tornDown {
                _ = isLive(for: report.description)
                return
            }
            reportRefusal(of: report.description, error)
        }
    }

    /// Whether the owner can still hear `report`, a callback of the host; one torn down by another
    /// path than this relay is reported the first time, as the refusal it is.
    ///
    /// The host-event methods ask it too: they send rather than drive, but to an owner torn down
    /// behind the relay's back they are lost the same way.
    func isLive(for report: String) -> Bool {
        guard owner.state == .tornDown else { return true }
        guard !isPastTearDown else { return false }
        isPastTearDown = true
        let refusal = HostDiagnostic(
            report: report, owner: owner.name, state: .tornDown, error: .tornDown("relay \(report)"))
        owner.report(
            Diagnostic(
                cause: .hostCallbackRefused,
                owner: owner.name,
                message: report,
                hint: "\(refusal) It was torn down by another path than this relay (Owner.tearDown(), or a "
                    + "relay that was released), so its controllers hear nothing from this screen: give each screen "
                    + "shown a new Owner, and end it with HostRelay.tearDown(); reported once per relay",
                refusal: refusal
            )
        )
        return false
    }

    /// Reports a callback the owner refused to the owner's diagnostics, once per callback.
    func reportRefusal(of report: String, _ error: any Error) {
        guard let error = error as? OwnerError else { return }
        let refusal = HostDiagnostic(report: report, owner: owner.name, state: owner.state, error: error)
        owner.report(
            Diagnostic(
                cause: .hostCallbackRefused,
                owner: owner.name,
                message: report,
                hint: "\(refusal); the owner is unchanged",
                refusal: refusal
            )
        )
    }
}
