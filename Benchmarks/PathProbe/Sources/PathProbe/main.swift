import BCKit

// One send or one lifecycle event, warmed up, then made once more inside a wrapper that
// `Benchmarks/files-crossed.sh` names to callgrind (`--toggle-collect`), so the profile holds that
// call and nothing else. Diagnostics stay at their default, as in an app's debug build.
//
//     swift run --package-path Benchmarks/PathProbe PathProbe send    # a controller's one-call send
//     swift run --package-path Benchmarks/PathProbe PathProbe appear  # HostRelay's viewDidAppear

/// The measured send: a controller's one-call send to one receiver, as the quick start writes it.
@MainActor @inline(never)
func measuredSend(from button: CartButton) {
    button.center.cartDidChange(count: 3)
}

/// The measured event: one `viewDidAppear` from the host's callback to one controller.
@MainActor @inline(never)
func measuredAppearance(of relay: HostRelay) {
    relay.viewDidAppear()
}

@MainActor
func probeSend() throws {
    let owner = Owner(name: "Cart")
    let button = CartButton()
    let badge = CartBadge()
    try owner.attach([button, badge])
    // Warm: the conversation's table, the button's center and every memo are made before.
    button.center.cartDidChange(count: 1)
    button.center.cartDidChange(count: 2)
    measuredSend(from: button)
    precondition(badge.count == 3, "send: the badge heard \(badge.count), not 3")
}

@MainActor
func probeAppearance() throws {
    let owner = Owner(name: "Cart")
    let badge = CartBadge()
    try owner.attach(badge)
    let relay = HostRelay(owner: owner)
    // Warm: one whole appearance first, so the measured one meets what a screen shown again does.
    relay.viewDidLoad()
    relay.viewWillAppear()
    relay.viewDidAppear()
    relay.viewWillDisappear()
    relay.viewDidDisappear()
    relay.viewWillAppear()
    measuredAppearance(of: relay)
    precondition(badge.appearances == 2, "appear: the badge appeared \(badge.appearances) times, not 2")
    relay.tearDown()
}

switch CommandLine.arguments.dropFirst().first {
case "send": try probeSend()
case "appear": try probeAppearance()
default: fatalError("usage: PathProbe send|appear")
}
