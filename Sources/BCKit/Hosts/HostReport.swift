/// One callback a real host delivered, as the relay names it in diagnostics.
///
/// Internal: hosts report through ``HostRelay``'s methods, one per callback, so this set can grow
/// without breaking anyone.
enum HostReport: Hashable, Sendable, CustomStringConvertible {
    case viewDidLoad
    case viewWillAppear
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
    /// SwiftUI's `onAppear`: on screen, with no will/did pair.
    case appeared
    /// SwiftUI's `onDisappear`: off screen, with no will/did pair.
    case disappeared
    case tearDown

    var description: String {
        switch self {
        case .viewDidLoad: "viewDidLoad"
        case .viewWillAppear: "viewWillAppear"
        case .viewDidAppear: "viewDidAppear"
        case .viewWillDisappear: "viewWillDisappear"
        case .viewDidDisappear: "viewDidDisappear"
        case .appeared: "onAppear"
        case .disappeared: "onDisappear"
        case .tearDown: "tear down"
        }
    }

    /// The owner events that take an owner in `state` to where this report says the host is.
    ///
    /// The whole policy of the relay, as one table. A report that skips steps (an appearance before
    /// the load was reported, a did-appear whose will-appear a container never forwarded,
    /// SwiftUI's unpaired `onAppear`) gets the missing steps first; a report that repeats where the
    /// owner already is, or closes an appearance that is not open, gets nothing; a torn-down owner
    /// gets nothing ever.
    func events(from state: LifecycleState) -> [LifecycleEvent] {
        switch (self, state) {
        case (.tearDown, _), (_, .tornDown): []
        case (.viewDidLoad, .initial): [.didLoad]
        case (.viewDidLoad, _): []
        case (.viewWillAppear, .initial): [.didLoad, .willAppear]
        case (.viewWillAppear, .loaded), (.viewWillAppear, .disappearing): [.willAppear]
        case (.viewWillAppear, .appearing), (.viewWillAppear, .appeared): []
        case (.viewDidAppear, _), (.appeared, _): Self.toAppeared(from: state)
        case (.viewWillDisappear, .appearing), (.viewWillDisappear, .appeared): [.willDisappear]
        case (.viewWillDisappear, _): []
        case (.viewDidDisappear, _), (.disappeared, _): Self.toDisappeared(from: state)
        }
    }

    /// The events that bring `state` on screen; none for a torn-down owner.
    private static func toAppeared(from state: LifecycleState) -> [LifecycleEvent] {
        state.path(to: .appeared)
    }

    /// The events that take `state` off screen.
    private static func toDisappeared(from state: LifecycleState) -> [LifecycleEvent] {
        state.closingEvents
    }
}
