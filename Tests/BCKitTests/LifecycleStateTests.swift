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

    /// The catch-up and closing events, written out by hand: what the paths found from the one
    /// transition table must give.
    static let catchUp: [LifecycleState: [LifecycleEvent]] = [
        .initial: [], .loaded: [.didLoad], .appearing: [.didLoad, .willAppear],
        .appeared: [.didLoad, .willAppear, .didAppear], .disappearing: [.didLoad], .tornDown: [],
    ]
    static let closing: [LifecycleState: [LifecycleEvent]] = [
        .initial: [], .loaded: [], .appearing: [.willDisappear, .didDisappear],
        .appeared: [.willDisappear, .didDisappear], .disappearing: [.didDisappear], .tornDown: [],
    ]

    @Test(arguments: LifecycleState.allCases)
    func catchingUpAndClosingFollowTheTransitionTable(state: LifecycleState) {
        #expect(state.catchUpEvents == Self.catchUp[state])
        #expect(state.closingEvents == Self.closing[state])
    }

    /// Every path is a valid walk of the table that ends where it says, and is the shortest: no
    /// state repeats on the way.
    @Test(arguments: LifecycleState.allCases, LifecycleState.allCases)
    func everyPathWalksTheTableToItsGoal(from start: LifecycleState, to goal: LifecycleState) {
        var state = start
        var seen: Set<LifecycleState> = [start]
        for event in start.path(to: goal) {
            guard let next = state.applying(event) else {
                Issue.record("\(event) is impossible from \(state)")
                return
            }
            #expect(seen.insert(next).inserted)
            state = next
        }
        let reachable = start == goal || (start != .tornDown && goal != .tornDown && goal != .initial)
        #expect(state == (reachable ? goal : start))
    }
}
