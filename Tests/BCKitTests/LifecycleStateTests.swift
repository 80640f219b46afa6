import BCKit
import Testing

@Suite struct LifecycleStateTests {
    /// Every transition UIKit can produce, written out by hand; everything else is impossible.
    static let valid: [LifecycleState: [LifecycleEvent: LifecycleState]] = [
        .initial: [.didLoad: .loaded],
        .loaded: [.willAppear: .appearing],
        .appearing: [.didAppear: .appeared, .willDisappear: .disappearing],
        .appeared: [.willDisappear: .disappearing],
        .disappearing: [.didDisappear: .loaded, .willAppear: .appearing],
        .tornDown: [:],
    ]

    @Test(arguments: LifecycleState.allCases, LifecycleEvent.allCases)
    func applyingAnEventFollowsUIKitsStateMachine(state: LifecycleState, event: LifecycleEvent) {
        #expect(state.applying(event) == Self.valid[state]?[event])
    }

    @Test func onlyTheThreeMiddleStatesAreVisible() {
        #expect(LifecycleState.allCases.filter(\.isVisible) == [.appearing, .appeared, .disappearing])
    }

    @Test func loadAndAppearanceAreUpEventsAndDisappearanceIsDown() {
        #expect(LifecycleEvent.allCases.filter(\.isUp) == [.didLoad, .willAppear, .didAppear])
    }
}
