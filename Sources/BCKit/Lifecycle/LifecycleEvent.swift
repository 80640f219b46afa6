/// A screen lifecycle event that an owner forwards to its business controllers.
///
/// ``isUp`` events (load, will appear, did appear) reach controllers in the owner's order; the
/// others reach them in reverse order, so the first controller set up is the last one told that the
/// screen goes away, like a stack.
public enum LifecycleEvent: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The screen's content was loaded.
    case didLoad
    /// The screen is about to appear.
    case willAppear
    /// The screen appeared.
    case didAppear
    /// The screen is about to disappear.
    case willDisappear
    /// The screen disappeared.
    case didDisappear

    /// Whether the event builds the screen up (and so reaches controllers in order).
    public var isUp: Bool {
        switch self {
        case .didLoad, .willAppear, .didAppear: true
        case .willDisappear, .didDisappear: false
        }
    }

    /// The event's name as it appears in diagnostics, such as `will-appear`.
    public var description: String {
        switch self {
        case .didLoad: "did-load"
        case .willAppear: "will-appear"
        case .didAppear: "did-appear"
        case .willDisappear: "will-disappear"
        case .didDisappear: "did-disappear"
        }
    }

    /// The states this event can be delivered in (at most two, repeated when only one) and the
    /// state it leads to: the lifecycle's one transition table, which
    /// ``LifecycleState/applying(_:)`` and the fan-outs read.
    var transition: (from: LifecycleState, alsoFrom: LifecycleState, to: LifecycleState) {
        switch self {
        case .didLoad: (.initial, .initial, .loaded)
        case .willAppear: (.loaded, .disappearing, .appearing)
        case .didAppear: (.appearing, .appearing, .appeared)
        case .willDisappear: (.appearing, .appeared, .disappearing)
        case .didDisappear: (.disappearing, .disappearing, .loaded)
        }
    }
}
