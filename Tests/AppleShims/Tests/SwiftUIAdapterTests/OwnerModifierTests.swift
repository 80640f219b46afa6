import AdapterTestSupport
import BCKit
import SwiftUI
import Testing

@testable import BCKitSwiftUI

/// A leaf view, as an app's own view would be.
struct Leaf: View {
    var body: Never { fatalError("a leaf has no body") }
}

@MainActor
@Suite struct OwnerModifierTests {
    /// Counts the owners a modifier builds, and hands out the last one.
    @MainActor
    final class Factory {
        var built: [(Owner, Recorder)] = []

        func make() -> Owner {
            let made = Recorder.owner(named: "Profile")
            built.append(made)
            return made.0
        }
    }

    @Test func onAppearAndOnDisappearReachTheOwnerAsWillAndDidPairs() throws {
        let factory = Factory()
        let view = Leaf().owner { factory.make() }
        StandInRenderer.appear(view)
        StandInRenderer.disappear(view)
        StandInRenderer.appear(view)
        let (owner, recorder) = try #require(factory.built.first)
        #expect(factory.built.count == 1)
        #expect(
            recorder.log == [
                "did-load", "will-appear", "did-appear", "will-disappear", "did-disappear", "will-appear", "did-appear",
            ])
        #expect(owner.state == .appeared)
    }

    @Test func reinitializingTheViewBuildsNoOwnerUntilItAppears() {
        let factory = Factory()
        // SwiftUI initializes a view again on every update of its parent, evaluating the state's
        // initial value each time; only the first value is kept for the view's identity.
        let kept = Leaf().owner { factory.make() }
        _ = (0..<3).map { _ in Leaf().owner { factory.make() } }
        #expect(factory.built.isEmpty)
        StandInRenderer.appear(kept)
        #expect(factory.built.count == 1)
    }

    @Test func anOnDisappearWithoutAnAppearanceBuildsNoOwner() {
        let factory = Factory()
        let view = Leaf().owner { factory.make() }
        StandInRenderer.disappear(view)
        #expect(factory.built.isEmpty)
        StandInRenderer.appear(view)
        #expect(factory.built.count == 1)
    }

    @Test func aNewIdentityGetsANewOwnerAndTheOldOneIsTornDown() async throws {
        let factory = Factory()
        // `.id(_:)` changing, or a branch of an `if` switching: SwiftUI closes the old view, releases
        // its state, and shows a new view with state of its own.
        var old: OwnerModifier? = OwnerModifier { factory.make() }
        StandInRenderer.appear(try #require(old.map { StandInRenderer.body(of: $0) }))
        let replacement = OwnerModifier { factory.make() }
        StandInRenderer.disappear(try #require(old.map { StandInRenderer.body(of: $0) }))
        old = nil
        StandInRenderer.appear(StandInRenderer.body(of: replacement))
        let (first, firstLog) = try #require(factory.built.first)
        let (second, secondLog) = try #require(factory.built.last)
        #expect(factory.built.count == 2)
        for _ in 0..<100 where first.state != .tornDown { await Task.yield() }
        #expect(first.state == .tornDown)
        #expect(firstLog.log.suffix(3) == ["will-disappear", "did-disappear", "detached"])
        #expect(second.state == .appeared)
        #expect(secondLog.log == ["did-load", "will-appear", "did-appear"])
    }

    @Test func theScenesPhaseReachesTheControllersAsBackgroundAndForeground() throws {
        defer { StandInRenderer.environment.scenePhase = .active }
        let factory = Factory()
        let view = Leaf().owner { factory.make() }
        // Before the first appearance there is no owner to tell, and none is built for it.
        StandInRenderer.update(view) { $0.scenePhase = .inactive }
        #expect(factory.built.isEmpty)
        StandInRenderer.update(view) { $0.scenePhase = .active }
        StandInRenderer.appear(view)
        let (_, recorder) = try #require(factory.built.first)
        // Home button: active, inactive, background; back: inactive, active.
        for phase: ScenePhase in [.inactive, .background, .inactive, .active] {
            StandInRenderer.update(view) { $0.scenePhase = phase }
        }
        #expect(recorder.log == ["did-load", "will-appear", "did-appear", "background", "foreground"])
        #expect(factory.built.count == 1)
    }

    @Test func onDisappearAloneDoesNotTearTheOwnerDown() throws {
        let factory = Factory()
        let view = Leaf().owner { factory.make() }
        StandInRenderer.appear(view)
        StandInRenderer.disappear(view)
        let (owner, _) = try #require(factory.built.first)
        #expect(owner.state == .loaded)
    }

    @Test func theOwnerIsTornDownWhenTheViewsStateIsReleased() async throws {
        let factory = Factory()
        var view: OwnerModifier? = OwnerModifier { factory.make() }
        StandInRenderer.appear(try #require(view.map { StandInRenderer.body(of: $0) }))
        let (owner, recorder) = try #require(factory.built.first)
        view = nil
        for _ in 0..<100 where owner.state != .tornDown { await Task.yield() }
        #expect(owner.state == .tornDown)
        #expect(recorder.log.suffix(3) == ["will-disappear", "did-disappear", "detached"])
    }
}
