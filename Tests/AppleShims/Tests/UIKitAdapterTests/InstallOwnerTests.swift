import AdapterTestSupport
import BCKit
import BCKitUIKit
import Testing
import UIKit

/// A screen that cannot change its superclass, with the owner installed from viewDidLoad.
final class LegacyScreen: UIViewController {
    let recorder: Recorder
    private let made: Owner
    var relay: HostRelay?
    var forwardsAppearance = true

    init() {
        (made, recorder) = Recorder.owner(named: "Legacy")
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    var owner: Owner { made }

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAppearance }

    override func viewDidLoad() {
        super.viewDidLoad()
        relay = installOwner(made)
    }
}

@MainActor
@Suite struct InstallOwnerTests {
    @Test func anInstalledOwnerFollowsItsHostsAppearanceThroughTheChild() {
        let screen = LegacyScreen()
        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()
        screen.beginAppearanceTransition(false, animated: true)
        screen.endAppearanceTransition()
        #expect(
            screen.recorder.log == ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"])
        #expect(screen.owner.host === screen)
        #expect(screen.children.count == 1)
    }

    @Test func aCancelledAppearanceReachesTheInstalledOwner() {
        let screen = LegacyScreen()
        screen.beginAppearanceTransition(true, animated: true)
        screen.beginAppearanceTransition(false, animated: true)
        screen.endAppearanceTransition()
        #expect(screen.recorder.log == ["did-load", "will-appear", "will-disappear", "did-disappear"])
    }

    @Test func theChildHearsNothingOnceItsViewLeavesTheHierarchy() {
        let screen = LegacyScreen()
        screen.loadViewIfNeeded()
        screen.children.first?.view.removeFromSuperview()
        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()
        #expect(screen.recorder.log == ["did-load"])
    }

    @Test func aHostThatForwardsAppearanceByHandReachesTheOwnerOnlyThroughItsOwnCalls() throws {
        let screen = LegacyScreen()
        screen.forwardsAppearance = false
        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()
        #expect(screen.recorder.log == ["did-load"])
        let child = try #require(screen.children.first)
        child.beginAppearanceTransition(true, animated: true)
        child.endAppearanceTransition()
        #expect(screen.recorder.log == ["did-load", "will-appear", "did-appear"])
    }

    @Test func memoryWarningsAndSizeChangesReachTheInstalledOwner() throws {
        let screen = LegacyScreen()
        screen.loadViewIfNeeded()
        let child = try #require(screen.children.first)
        // UIKit warns every view controller; a size change reaches children through super.
        child.didReceiveMemoryWarning()
        screen.viewWillTransition(to: CGSize(width: 1024, height: 768), with: Coordinator())
        #expect(screen.recorder.log == ["did-load", "memory warning", "size 1024.0x768.0"])
        #expect(screen.relay?.owner === screen.owner)
    }

    @Test func theInstalledOwnerIsTornDownWhenTheHostDeallocates() async {
        var screen: LegacyScreen? = LegacyScreen()
        screen?.beginAppearanceTransition(true, animated: false)
        screen?.endAppearanceTransition()
        let recorder = screen?.recorder
        weak let owner = screen?.owner
        screen = nil
        for _ in 0..<100 where owner != nil { await Task.yield() }
        #expect(owner == nil)
        #expect(recorder?.log.suffix(3) == ["will-disappear", "did-disappear", "detached"])
    }
}
