/// One controller's place in an owner: its order and the lifecycle it has seen.
///
/// The owner and every dispatch table share the same `Attachment`, so a dispatch can tell with one
/// load whether a receiver was detached while the dispatch was running.
///
/// Forty bytes, so that with the allocator's header it takes a 48-byte block: the priority is
/// stored in 16 bits and the attach order in 32, which the owner renumbers before it overflows.
@MainActor
@usableFromInline
final class Attachment {
    /// Where the attachment is in its life with the owner.
    @usableFromInline
    enum Phase: UInt8 {
        /// Attached and being caught up with the owner's state; hears no conversation yet.
        case catchingUp
        /// Attached and hearing conversations.
        case listening
        /// Detached, or being detached.
        case detached
    }

    @usableFromInline
    let controller: any BusinessController
    /// Attach order among the owner's attachments; only its relative order matters.
    var sequence: UInt32
    private let storedPriority: Int16

    /// The lifecycle state this controller has been told about (``state``) in the low bits, and
    /// above them the appearance callbacks it leaves to the protocol's empty default
    /// (``LifecycleCallback/quietFlag``), learned the first time a fan-out calls each. One byte,
    /// so the attachment keeps its 40 bytes. Read and written only by the owner on the main actor,
    /// and never across a call into a controller; checked like any class property, which costs
    /// an appearance cycle nothing measurable.
    var lifecycle: UInt8 = LifecycleState.initial.code

    /// The lifecycle state this controller has been told about, which may lag the owner's while an
    /// event is being delivered. Once detached it stays as the closing events left it: ``phase``
    /// alone says that it left, and every walk asks it.
    var state: LifecycleState {
        get { LifecycleState(code: lifecycle & LifecycleState.codeMask) }
        set { lifecycle = lifecycle & ~LifecycleState.codeMask | newValue.code }
    }

    /// Read by dispatches only after some detach happened (``Delivery/hasLeft(_:mayHaveLeft:)``
    /// is the one reader that asks whether it left), on the main actor and never across an
    /// access to it, hence no exclusivity checks.
    @usableFromInline
    // measured: lifecycle-kit N=10 5,495 -> 2,195 Ir (150%), checked, Attachment.phase alone
    @exclusivity(unchecked)
    var phase: Phase = .catchingUp

    init(controller: any BusinessController, priority: Int16, sequence: UInt32) {
        self.controller = controller
        self.storedPriority = priority
        self.sequence = sequence
    }

    var priority: Int { Int(storedPriority) }

    /// Whether the controller has caught up with its owner and hears conversations.
    @inlinable
    var isListening: Bool { phase == .listening }

    /// Whether this attachment comes before `other` in the owner's order: higher priority first,
    /// ties in attach order.
    @usableFromInline
    func precedes(_ other: Attachment) -> Bool {
        storedPriority != other.storedPriority ? storedPriority > other.storedPriority : sequence < other.sequence
    }

    var name: String { displayName(of: controller) }
}
