import BCKit
import Testing

/// A controller whose tasks wait on barriers: an action inside a screen, beside navigations.
@MainActor
final class Action: BusinessController {
    weak var owner: Owner?
}

/// Lets the main actor run until `condition` holds, so a task reaches its wait; fails after many
/// turns rather than hanging.
@MainActor
func turns(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    for _ in 0..<10_000 {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("the condition never held", sourceLocation: sourceLocation)
}
