/// Where an owner's lifecycle deliveries stand: how many are open, the event the innermost one
/// walks, the buffers a fan-out under them still walks, and their traces. The owner's delivery
/// phase, beside its ``LifecycleState`` and its ``Owner/Ending``, as one value: "is the owner
/// delivering?" has one answer, ``isIdle``.
///
/// Deliveries nest only one way: a fan-out (one per owner at a time), and inside one of its
/// callbacks the catch-up or closing delivery of a controller attached or detached there. A reuse
/// is a delivery that walks no event.
@MainActor
struct LifecycleDelivery {
    /// How many deliveries are open, the innermost included.
    private(set) var depth = 0
    /// The event the innermost delivery walks, and the fan-out under it that a message moves
    /// forward (DESIGN 13); `nil` while none is walked (idle, or a reuse). A delivery to one
    /// controller sets the fan-out's run aside meanwhile, keeping its event, and puts it back
    /// after.
    var run: LifecycleRun?
    /// Earlier buffers of the owner's attachments that a running fan-out may still walk, kept by
    /// ``Owner/changeAttachments(_:)`` until the outermost delivery closes
    /// (``Owner/endDelivery(traced:)``).
    var keptBuffers: [AttachmentOrder] = []
    /// The traced deliveries, innermost last.
    var traces: [DispatchTrace] = []
    /// What waits for the outermost delivery to close: a nested owner following its parent, which
    /// passed on an event the owner could not take while it caught a newcomer up
    /// (``Owner/followParent()``), and a host's callback that came meanwhile
    /// (``Owner/whenIdleInTree(_:)``).
    var idleActions: [@MainActor () -> Void] = []
    /// How many newcomers hold back ``idleActions`` although no delivery is open: one catching up
    /// and not listening yet, and the lazy controllers an appearance creates before it fans out.
    /// Run meanwhile, a host's callback would fan out to a newcomer deaf to what its siblings say,
    /// or move the owner before the appearance does.
    var holds = 0
    /// Whether a reuse is closing the appearance: the closing events are the host's, as on a
    /// will-disappear the host reports, and their traces are not nested in the reuse's delivery,
    /// which is open only so that nothing reopens the appearance before the reset.
    var isClosingForReuse = false
    /// How many controllers are being attached, from their restore to the end of their catch-up:
    /// a reuse started meanwhile would reset a newcomer before it is in step with its owner.
    var attaches = 0

    /// Whether no delivery is open: a lifecycle call made while one is would interleave two
    /// events, and is refused.
    var isIdle: Bool { depth == 0 }

    /// Whether what waits for the deliveries to close may run: none is open, and no newcomer
    /// holds it back.
    var letsIdleActionsRun: Bool { depth == 0 && holds == 0 }

    /// Whether a reuse may start: no delivery is open, and no newcomer waits for its catch-up,
    /// which comes before anything else it hears.
    var letsReuseStart: Bool { depth == 0 && attaches == 0 }

    /// Opens a delivery.
    mutating func open() {
        depth += 1
    }

    /// Closes the innermost delivery.
    mutating func close() {
        depth -= 1
    }
}
