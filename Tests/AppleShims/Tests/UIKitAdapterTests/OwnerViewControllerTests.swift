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
