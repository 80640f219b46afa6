/// Collects the value of each line of a block whose lines are bare expressions followed by what they
/// evaluate to (`LifecycleState.loaded.applying(.willAppear)  // .appearing`), so the block can be
/// pasted as it is and the test can compare each value with its comment.
@resultBuilder
enum Collecting<Element> {
    static func buildBlock(_ elements: Element...) -> [Element] { elements }
}

/// The values of the lines of `lines`, in order.
func collect<Element>(@Collecting<Element> _ lines: () -> [Element]) -> [Element] {
    lines()
}
