/// What a controller task's operation gets instead of the controller: a weak way back to it.
///
/// Fetch ``controller`` again after every `await` and do not keep it across one: the context holds
/// the controller weakly and lets go of it as soon as the task is cancelled, so a detached or
/// dropped controller is freed while its task is still suspended.
///
/// ```swift
/// func ownerDidLoad() {
///     // Copied into locals, so the operation does not capture `self`.
///     let (goodsID, warehouse) = (goodsID, warehouse)
///     task { context in
///         let units = await warehouse.units(of: goodsID)
///         // Fetched again after the `await`: nil once the controller left the screen.
///         context.controller?.center.send((any ShelfConversation).self) { $0.stockDidChange(units) }
///     }
/// }
/// ```
@MainActor
public struct ControllerTaskContext<Controller: BusinessController>: Sendable {
    let binding: Binding

    /// The controller, while the task is bound to it; `nil` once the controller is detached, its
    /// owner is torn down or released, the task is cancelled, or the controller is freed.
    ///
    /// Read it from the task's operation: cancellation is the running task's.
    public var controller: Controller? {
        Task.isCancelled ? nil : binding.controller
    }

    /// The weak link from one run of a task to its controller, cut when the run is cancelled.
    @MainActor
    final class Binding {
        weak var controller: Controller?

        init(_ controller: Controller) {
            self.controller = controller
        }
    }
}
