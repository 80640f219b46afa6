/// A UIKit-style view controller: a parent tells its children about appearance through methods
/// they override, one vtable call each.
@MainActor
open class ChildViewController {
    /// Creates a child.
    public init() {}

    /// Called before the child appears.
    open func viewWillAppear() {}
    /// Called after the child appeared.
    open func viewDidAppear() {}
    /// Called before the child disappears.
    open func viewWillDisappear() {}
    /// Called after the child disappeared.
    open func viewDidDisappear() {}
}
