/// What a controller task's operation gets instead of the controller: a weak way back to it.
///
/// Fetch ``controller`` again after every `await` and do not keep it across one: the context holds
/// the controller weakly and lets go of it as soon as the task is cancelled, so a detached or
/// dropped controller is freed while its task is still suspended.
///
/// ```swift
/// func ownerDidLoad() {
///     let store = store  // copy what the work needs, so the closure does not capture `self`
///     task { context in
///         let picks = await store.recommendations(for: 7)
///         context.controller?.show(picks)  // nil once detached: the result is dropped
///     }
/// }
/// ```
@MainActor
public struct ControllerTaskContext<Controller: BusinessController>: Sendable {
    let binding: Binding

    /// The controller, while the task is bound to it; `nil` once the controller is detached, its
    /// owner is torn down or released, the task is cancelled, or the controller is freed.
    public var controller: Controller? { binding.controller }

    /// The weak link from one run of a task to its controller, cut when the run is cancelled.
    @MainActor
    final class Binding {
        weak var controller: Controller?

        init(_ controller: Controller) {
            self.controller = controller
        }
    }
}
