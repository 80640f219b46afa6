import BCKit

/// A ``StandInViewController`` that forwards its lifecycle to an owner through a `HostRelay`, as
/// BCKitUIKit's `OwnerViewController` does for a `UIViewController`.
@MainActor
class StandInOwnerViewController: StandInViewController {
    /// The screen's owner: the business controllers taken out of the screen are attached to it.
    let owner: Owner
    private let relay: HostRelay

    /// Creates a screen that drives `owner`.
    init(owner: Owner) {
        self.owner = owner
        relay = HostRelay(owner: owner)
    }

    override func viewDidLoad() { relay.viewDidLoad() }
    override func viewWillAppear() { relay.viewWillAppear() }
    override func viewDidAppear() { relay.viewDidAppear() }
    override func viewWillDisappear() { relay.viewWillDisappear() }
    override func viewDidDisappear() { relay.viewDidDisappear() }
}
