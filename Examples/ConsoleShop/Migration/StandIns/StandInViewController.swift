/// Stands in for `UIViewController`, so the migration compiles and runs on every platform: a view,
/// and the lifecycle callbacks a screen overrides.
@MainActor
class StandInViewController {
    /// The screen's view.
    let view = ProfileView()

    /// The view is built.
    func viewDidLoad() {}
    /// The view is about to appear.
    func viewWillAppear() {}
    /// The view appeared.
    func viewDidAppear() {}
    /// The view is about to disappear.
    func viewWillDisappear() {}
    /// The view disappeared.
    func viewDidDisappear() {}
}
