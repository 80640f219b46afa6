/// One controller's place in an owner: its order and the lifecycle it has seen.
///
/// The owner and every dispatch table share the same `Attachment`, so a dispatch can tell with one
/// load whether a receiver was detached while the dispatch was running.
@MainActor
@usableFromInline
final class Attachment {
    @usableFromInline
    let controller: any BusinessController
    let priority: Int
    let sequence: Int

    /// The lifecycle state this controller has been told about, which may lag the owner's while an
    /// event is being delivered. Read and written only by the owner on the main actor, and never
    /// across a call into a controller, hence no exclusivity checks.
    @exclusivity(unchecked)
    var state: LifecycleState = .initial

    /// Cleared as soon as a detach starts. Dispatches read it only after some detach happened,
    /// always on the main actor and never across an access to it, hence no exclusivity checks.
    @usableFromInline
    @exclusivity(unchecked)
    var isAttached = true

    /// Set once the controller has caught up with the owner's state; only then does it receive
    /// conversations.
    var isListening = false

    init(controller: any BusinessController, priority: Int, sequence: Int) {
        self.controller = controller
        self.priority = priority
        self.sequence = sequence
    }

    /// Whether this attachment comes before `other` in the owner's order: higher priority first,
    /// ties in attach order.
    func precedes(_ other: Attachment) -> Bool {
        priority != other.priority ? priority > other.priority : sequence < other.sequence
    }

    var name: String { displayName(of: controller) }
}
