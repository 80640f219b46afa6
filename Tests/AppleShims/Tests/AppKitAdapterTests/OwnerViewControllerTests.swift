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

/// AppKit's four appearance callbacks, as a window, a tab view or a split view may call them.
enum AppKitCallback: String, Sendable {
    case willAppear, didAppear, willDisappear, didDisappear

    @MainActor
    func call(on screen: NSViewController) {
        switch self {
        case .willAppear: screen.viewWillAppear()
        case .didAppear: screen.viewDidAppear()
        case .willDisappear: screen.viewWillDisappear()
        case .didDisappear: screen.viewDidDisappear()
        }
    }
}

@MainActor
@Suite struct AppKitAppearanceSequenceTests {
    nonisolated static let sequences: [(calls: [AppKitCallback], log: [String], state: LifecycleState)] = [
        ([.willAppear, .didAppear, .willAppear, .didAppear], ["did-load", "will-appear", "did-appear"], .appeared),
        (
            [.willAppear, .willDisappear, .didDisappear],
            ["did-load", "will-appear", "will-disappear", "did-disappear"], .loaded
        ),
        (
            [.didAppear, .didDisappear],
            ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"], .loaded
        ),
        ([.willDisappear, .didDisappear], ["did-load"], .loaded),
    ]

    @Test(arguments: sequences)
    func appKitsCallbacksInAnyOrderReachTheOwnerAsAValidPath(
        calls: [AppKitCallback], log: [String], state: LifecycleState
    ) {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        var refusals: [HostDiagnostic] = []
        let screen = GoodsScreen(owner: owner)
        owner.onDiagnostic = { diagnostic in diagnostic.refusal.map { refusals.append($0) } }
        screen.loadViewIfNeeded()
        for call in calls { call.call(on: screen) }
        #expect(recorder.log == log)
        #expect(owner.state == state)
        #expect(refusals.isEmpty)
    }
}
