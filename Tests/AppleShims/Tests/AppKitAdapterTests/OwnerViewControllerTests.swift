import AdapterTestSupport
import AppKit
import BCKit
import BCKitAppKit
import Testing

/// A screen built on the AppKit adapter; with no nib, it builds its view.
final class GoodsScreen: OwnerViewController {
    override func loadView() { view = NSView(frame: .zero) }
}

/// A screen that cannot change its superclass, with the owner installed from viewDidLoad.
final class LegacyScreen: NSViewController {
    let recorder: Recorder
    private let made: Owner

    init() {
        (made, recorder) = Recorder.owner(named: "Legacy")
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    var owner: Owner { made }

    override func loadView() { view = NSView(frame: .zero) }

    override func viewDidLoad() {
        super.viewDidLoad()
        installOwner(made)
    }
}

@MainActor
@Suite struct OwnerViewControllerTests {
    @Test func showingAndHidingTheWindowDrivesTheOwner() {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        let screen = GoodsScreen(owner: owner)
        let window = NSWindow(contentViewController: screen)
        window.makeKeyAndOrderFront(nil)
        window.orderOut(nil)
        window.makeKeyAndOrderFront(nil)
        #expect(
            recorder.log == [
                "did-load", "will-appear", "did-appear", "will-disappear", "did-disappear", "will-appear", "did-appear",
            ])
        #expect(owner.host === screen)
    }

    @Test func anInstalledOwnerFollowsTheHostThroughItsInvisibleChild() {
        let screen = LegacyScreen()
        let window = NSWindow(contentViewController: screen)
        window.makeKeyAndOrderFront(nil)
        window.orderOut(nil)
        #expect(
            screen.recorder.log == ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"])
        #expect(screen.owner.host === screen)
        #expect(screen.children.first?.view.isHidden == true)
    }

    @Test func theInstalledChildHearsNothingOnceItsViewLeavesTheWindow() {
        let screen = LegacyScreen()
        let window = NSWindow(contentViewController: screen)
        screen.children.first?.view.removeFromSuperview()
        window.makeKeyAndOrderFront(nil)
        #expect(screen.recorder.log == ["did-load"])
    }

    @Test func theOwnerIsTornDownWhenTheViewControllerDeallocates() async {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        var window: NSWindow? = NSWindow(contentViewController: GoodsScreen(owner: owner))
        window?.makeKeyAndOrderFront(nil)
        window = nil
        for _ in 0..<100 where owner.state != .tornDown { await Task.yield() }
        #expect(owner.state == .tornDown)
        #expect(recorder.log.suffix(3) == ["will-disappear", "did-disappear", "detached"])
    }

    @Test func theInstalledOwnerIsTornDownWhenTheHostDeallocates() async {
        var screen: LegacyScreen? = LegacyScreen()
        _ = screen?.view
        let recorder = screen?.recorder
        weak let owner = screen?.owner
        screen = nil
        for _ in 0..<100 where owner != nil { await Task.yield() }
        #expect(owner == nil)
        #expect(recorder?.log == ["did-load", "detached"])
    }
}
