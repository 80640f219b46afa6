/// Where an owner, or one of its business controllers, stands in the screen lifecycle.
///
/// The states follow the ones UIKit walks a view controller through. An owner moves between them
/// when its host reports a ``LifecycleEvent``; ``Owner`` refuses a transition that UIKit could not
/// produce (see ``LifecycleState/applying(_:)``).
///
/// ```text
/// initial -load-> loaded -willAppear-> appearing -didAppear-> appeared
///                   ^                   |      ^                  |
///                   |             willDisappear willAppear  willDisappear
///                   |                   v      |                  v
///                   +---didDisappear--- disappearing <------------+
/// ```
///
/// `willDisappear` straight after `willAppear` is a cancelled appearance; `willAppear` straight
/// after `willDisappear` is a cancelled disappearance (an interactive pop that snaps back).
/// ``tornDown`` is terminal.
public enum LifecycleState: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Created; its content is not loaded yet.
    case initial
    /// Loaded and not on screen.
    case loaded
    /// On its way on screen.
    case appearing
    /// On screen.
    case appeared
    /// On its way off screen.
    case disappearing
    /// Torn down for good. Nothing happens to an owner after this.
    case tornDown

    /// The state reached by applying an event, or `nil` when the event is impossible from here.
    ///
    /// ```swift
    /// LifecycleState.loaded.applying(.willAppear)  // .appearing
    /// LifecycleState.loaded.applying(.didAppear)   // nil: no did-appear without will-appear
    /// ```
    ///
    /// - Parameter event: The event to apply.
    /// - Returns: The next state, or `nil` if UIKit could never send `event` in this state.
    public func applying(_ event: LifecycleEvent) -> LifecycleState? {
        // The table is ``LifecycleEvent/transition``, written once.
        let (from, alsoFrom, next) = event.transition
        return self == from || self == alsoFrom ? next : nil
    }

    /// Whether content in this state is on screen or on its way there or away.
    public var isVisible: Bool {
        switch self {
        case .appearing, .appeared, .disappearing: true
        case .initial, .loaded, .tornDown: false
        }
    }

    /// The state in three bits, as an ``Attachment`` stores it beside other flags.
    var code: UInt8 {
        switch self {
        case .initial: 0
        case .loaded: 1
        case .appearing: 2
        case .appeared: 3
        case .disappearing: 4
        case .tornDown: 5
        }
    }

    /// The bits of a byte that hold ``code``.
    static var codeMask: UInt8 { 7 }

    /// The state whose ``code`` is `code`, which only ``code`` makes: each state's code is its
    /// place among ``allCases``.
    init(code: UInt8) {
        self = Self.allCases[Int(code)]
    }

    /// A short lower-case name, as diagnostics print it.
    public var description: String {
        switch self {
        case .initial: "initial"
        case .loaded: "loaded"
        case .appearing: "appearing"
        case .appeared: "appeared"
        case .disappearing: "disappearing"
        case .tornDown: "torn down"
        }
    }

    /// The up events a controller attached to an owner in this state is caught up with, in order.
    ///
    /// An owner that is disappearing is leaving the screen, so a controller joining then is only
    /// loaded: it never sees an appearance it would have to close straight away.
    ///
    /// ```swift
    /// LifecycleState.appeared.catchUpEvents  // [.didLoad, .willAppear, .didAppear]
    /// ```
    public var catchUpEvents: [LifecycleEvent] {
        LifecycleState.initial.path(to: self == .disappearing ? .loaded : self)
    }

    /// The down events that close whatever appearance is open in this state, in the order UIKit
    /// sends them: what a controller detached in this state gets before its detach callback.
    ///
    /// ```swift
    /// LifecycleState.appeared.closingEvents  // [.willDisappear, .didDisappear]
    /// ```
    public var closingEvents: [LifecycleEvent] {
        isVisible ? path(to: .loaded) : []
    }

    /// The shortest sequence of events that takes this state to `goal`, by the one transition
    /// table (``LifecycleEvent/transition``); empty when `goal` is this state or cannot be
    /// reached (``tornDown`` is reached by no event). Catching up, closing, the host relay's
    /// missing steps and BCKitTesting's `drive(to:)` all take their events from here.
    ///
    /// - Complexity: O(1): the paths between every two states are found once.
    package func path(to goal: LifecycleState) -> [LifecycleEvent] {
        Self.paths[Int(code)][Int(goal.code)]
    }

    /// `paths[from][to]`, by ``code``: every shortest path, found once by a breadth-first search
    /// over the transition table.
    private static let paths: [[[LifecycleEvent]]] = allCases.map { start in
        var routes: [LifecycleState: [LifecycleEvent]] = [start: []]
        var frontier = [start]
        while !frontier.isEmpty {
            var next: [LifecycleState] = []
            for state in frontier {
                for event in LifecycleEvent.allCases {
                    guard let reached = state.applying(event), routes[reached] == nil else { continue }
                    routes[reached] = (routes[state] ?? []) + [event]
                    next.append(reached)
                }
            }
            frontier = next
        }
        return allCases.map { routes[$0] ?? [] }
    }
}
