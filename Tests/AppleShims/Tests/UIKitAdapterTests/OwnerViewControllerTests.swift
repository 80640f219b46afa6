import AdapterTestSupport
import BCKit
import BCKitUIKit
import Testing
import UIKit

/// A transition coordinator for size changes; the adapters only pass it on.
final class Coordinator: NSObject, UIViewControllerTransitionCoordinator {}

@MainActor
@Suite struct OwnerViewControllerTests {
    @Test func presentingAndDismissingDrivesTheOwnerThroughUIKitsCallbacks() {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        let screen = OwnerViewController(owner: owner)
        #expect(owner.host === screen)

        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()
        screen.beginAppearanceTransition(false, animated: true)
        screen.endAppearanceTransition()

        #expect(recorder.log == ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"])
        #expect(owner.state == .loaded)
    }

    @Test func aCancelledInteractivePopKeepsTheOwnerAppeared() {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        let screen = OwnerViewController(owner: owner)
        screen.beginAppearanceTransition(true, animated: false)
        screen.endAppearanceTransition()

        screen.beginAppearanceTransition(false, animated: true)
        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()

        #expect(recorder.log.suffix(3) == ["will-disappear", "will-appear", "did-appear"])
        #expect(owner.state == .appeared)
    }

    @Test func memoryWarningsAndSizeChangesReachTheControllers() {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        let screen = OwnerViewController(owner: owner)
        screen.didReceiveMemoryWarning()
        screen.viewWillTransition(to: CGSize(width: 844, height: 390), with: Coordinator())
        #expect(recorder.log == ["memory warning", "size 844.0x390.0"])
    }

    @Test func theOwnerIsTornDownWhenTheViewControllerDeallocates() async {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        var screen: OwnerViewController? = OwnerViewController(owner: owner)
        screen?.beginAppearanceTransition(true, animated: false)
        screen?.endAppearanceTransition()
        screen = nil
        for _ in 0..<100 where owner.state != .tornDown { await Task.yield() }
        #expect(owner.state == .tornDown)
        #expect(recorder.log.suffix(3) == ["will-disappear", "did-disappear", "detached"])
    }

    @Test func aStoryboardInstanceGetsAnOwnerNamedAfterItsClass() throws {
        final class StoryboardScreen: OwnerViewController {}
        let screen = try #require(StoryboardScreen(coder: NSCoder()))
        #expect(screen.owner.name == "StoryboardScreen")
        #expect(screen.owner.host === screen)
    }
}

/// One thing UIKit or a container does to a view controller's appearance.
enum AppearanceStep: Sendable {
    /// `beginAppearanceTransition(_:animated:)`, as UIKit's containers call it.
    case begin(appearing: Bool)
    /// `endAppearanceTransition()`.
    case end
    /// A callback called directly, as a container that forwards by hand may do.
    case willAppear, didAppear, willDisappear, didDisappear

    @MainActor
    func apply(to screen: UIViewController) {
        switch self {
        case .begin(let appearing): screen.beginAppearanceTransition(appearing, animated: true)
        case .end: screen.endAppearanceTransition()
        case .willAppear: screen.viewWillAppear(true)
        case .didAppear: screen.viewDidAppear(true)
        case .willDisappear: screen.viewWillDisappear(true)
        case .didDisappear: screen.viewDidDisappear(true)
        }
    }
}

@MainActor
@Suite struct UIKitAppearanceSequenceTests {
    nonisolated static let sequences: [(name: String, steps: [AppearanceStep], log: [String], state: LifecycleState)] =
        [
            (
                "will-appear then will-disappear without did-appear",
                [.begin(appearing: true), .begin(appearing: false), .end],
                ["did-load", "will-appear", "will-disappear", "did-disappear"], .loaded
            ),
            (
                "an interrupted appearance resumed",
                [.begin(appearing: true), .begin(appearing: false), .begin(appearing: true), .end],
                ["did-load", "will-appear", "will-disappear", "will-appear", "did-appear"], .appeared
            ),
            (
                "will-appear twice", [.begin(appearing: true), .willAppear, .end],
                ["did-load", "will-appear", "did-appear"], .appeared
            ),
            (
                "did-disappear without will-disappear", [.begin(appearing: true), .end, .didDisappear],
                ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"], .loaded
            ),
            (
                "did-appear without will-appear", [.didAppear],
                ["did-load", "will-appear", "did-appear"], .appeared
            ),
            (
                "a disappearance while not visible", [.willDisappear, .didDisappear],
                ["did-load"], .loaded
            ),
        ]

    @Test(arguments: sequences)
    func everyAppearanceSequenceUIKitProducesReachesTheOwnerAsAValidPath(
        name: String, steps: [AppearanceStep], log: [String], state: LifecycleState
    ) {
        let (owner, recorder) = Recorder.owner(named: "Goods")
        var refusals: [HostDiagnostic] = []
        let screen = OwnerViewController(owner: owner)
        owner.onDiagnostic = { diagnostic in diagnostic.refusal.map { refusals.append($0) } }
        screen.loadViewIfNeeded()
        for step in steps { step.apply(to: screen) }
        #expect(recorder.log == log, "\(name)")
        #expect(owner.state == state)
        #expect(refusals.isEmpty)
    }

    /// A container such as a navigation or tab bar controller: its child's view is in its own.
    final class Container: UIViewController {
        var forwards = true
        override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwards }

        func embed(_ child: UIViewController) {
            addChild(child)
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
    }

    @Test func aScreenEmbeddedInAContainerFollowsTheContainersAppearance() {
        let (owner, recorder) = Recorder.owner(named: "Tab")
        let container = Container(nibName: nil, bundle: nil)
        container.embed(OwnerViewController(owner: owner))
        container.beginAppearanceTransition(true, animated: true)
        container.endAppearanceTransition()
        container.beginAppearanceTransition(false, animated: true)
        container.endAppearanceTransition()
        #expect(recorder.log == ["did-load", "will-appear", "did-appear", "will-disappear", "did-disappear"])
    }

    @Test func aContainerThatForwardsByHandDrivesTheScreenOnlyThroughItsOwnCalls() {
        let (owner, recorder) = Recorder.owner(named: "Page")
        let container = Container(nibName: nil, bundle: nil)
        container.forwards = false
        let screen = OwnerViewController(owner: owner)
        container.embed(screen)
        container.beginAppearanceTransition(true, animated: true)
        container.endAppearanceTransition()
        #expect(recorder.log == ["did-load"])
        screen.beginAppearanceTransition(true, animated: true)
        screen.endAppearanceTransition()
        #expect(recorder.log == ["did-load", "will-appear", "did-appear"])
    }

    @Test func aScreenDroppedByItsContainerWithNoDisappearanceIsTornDownWhenReleased() async {
        let (owner, recorder) = Recorder.owner(named: "Tab")
        let container = Container(nibName: nil, bundle: nil)
        do {
            let screen = OwnerViewController(owner: owner)
            container.embed(screen)
            container.beginAppearanceTransition(true, animated: false)
            container.endAppearanceTransition()
            // Dropped with no disappearance reported (a container that removes its child without
            // an appearance transition), then released.
            screen.willMove(toParent: nil)
            screen.view.removeFromSuperview()
            screen.removeFromParent()
        }
        for _ in 0..<100 where owner.state != .tornDown { await Task.yield() }
        #expect(owner.state == .tornDown)
        #expect(recorder.log.suffix(3) == ["will-disappear", "did-disappear", "detached"])
    }
}
