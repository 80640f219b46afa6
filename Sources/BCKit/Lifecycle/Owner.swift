/// The host of one screen's business controllers: it keeps them in order, forwards the screen's
/// lifecycle to them and carries their conversations.
///
/// A screen (a view controller, a console screen, a server-side page) creates one owner, attaches
/// its controllers and reports its lifecycle; the controllers never reference each other.
///
/// ```swift
/// let owner = Owner(host: screen, name: "GoodsDetail")
/// try owner.attach([HeaderController(), PriceController(), StockController()])
/// try owner.didLoad()
/// try owner.willAppear()
/// owner.center.goodsDidChange(goods)
/// ```
///
/// ## Order
/// Controllers keep their attach order; a higher `priority` puts a controller earlier, ties keep
/// attach order. Conversations and the up events (load, will appear, did appear) reach
/// controllers in that order; the down events (will disappear, did disappear, detach) reach them
/// in reverse order, like a stack.
///
/// ## Refusals
/// An impossible request (a lifecycle sequence UIKit never produces, attaching a controller twice
/// or one that belongs to another owner, anything after ``tearDown()``) throws an ``OwnerError``
/// and changes nothing. Mistakes that have no caller to throw to, such as a reply sent twice or
/// a runaway loop of nested sends, stop the program with a `fatalError` that names the culprit, in
/// optimized builds too.
///
/// ## Memory
/// The owner holds its controllers; a controller holds its owner weakly (``BusinessController/owner``)
/// and the owner holds its host weakly. Dropping the owner frees its controllers. A controller
/// detached during a dispatch is freed when that dispatch returns.
///
/// ## Isolation
/// Owners, controllers and conversations live on the main actor: declare hosts, controllers and
/// conversation protocols `@MainActor` (a ``BusinessController`` is already).
@MainActor
public final class Owner {
    /// The name used in descriptions, traces and diagnostics.
    public let name: String

    /// The object this owner works for (usually the screen), held weakly.
    ///
    /// Use ``host(as:)`` to reach it typed. A screen that keeps its owner in a stored property
    /// cannot pass `self` to ``init(host:name:)``; it sets `owner.host = self` once initialized.
    public weak var host: AnyObject?

    // Read by every lifecycle call, written only by attach and detach, on the main actor, never
    // while a read is open: unchecked, which saved 76 of the 252 Ir of `drive` per event
    // (Benchmarks/callgrind.sh lifecycle-kit, N = 1).
    /// The owner this one is nested in, or `nil` for a root owner.
    public internal(set) weak var parent: Owner?

    /// Whether a parent ever held this owner: read before the weak ``parent``, so a root owner's
    /// lifecycle calls and reuse skip its weak load (lifecycle-kit at N = 1: 52 of 998 Ir per
    /// appearance cycle). Set once, by the parent's attach; a nested owner detached again is torn
    /// down, so the flag never needs clearing.
    var wasEverNested = false

    /// Whether an owner was ever attached to this one: until then it nests none, which
    /// ``nestsNoOwner`` reads before looking for the table of nested owners.
    var everNestedAnOwner = false

    /// Whether the owner is nested in a parent, which drives it.
    @inline(__always)
    var isNested: Bool { wasEverNested && parent != nil }

    /// The machinery behind ``center``.
    @usableFromInline
    let switchboard: Switchboard

    // The owner's own state is read and written only on the main actor, each access a plain read
    // or a whole-value write that calls no user code while it is open, so none can overlap
    // another. Only the properties whose dynamic exclusivity checks cost an appearance cycle at
    // least 10% are unchecked; the others are checked like any class property.

    // measured: lifecycle-kit N=10 2,327 -> 1,985 Ir (17%), checked, Owner.state
    /// Where the owner stands in the screen lifecycle.
    @exclusivity(unchecked)
    public internal(set) var state: LifecycleState = .initial

    /// Attachments in the owner's order. A lifecycle fan-out walks a copy-on-write snapshot of it.
    ///
    /// Changed only through ``changeAttachments(_:)``, which a fan-out walking it unretained
    /// relies on. Kept by the switchboard, where a table's build reads them without loading its
    /// weak reference to the owner (an exclusivity check, the load, and a retain and a release of
    /// an object with a side table: about 170 instructions a table; screen-kit: 114,584 -> 112,208
    /// Ir per session).
    @inlinable
    var attachments: AttachmentOrder { switchboard.attachments }
    /// Each attachment by its controller's identity, once a controller was looked up among more
    /// than ``Owner/scanLimit`` attachments; then kept up to date by attach and detach, and
    /// dropped when the owner is small again. An owner that never detaches one by one (most
    /// screens, and the 100,000 controllers of the memory benchmark) pays nothing for it.
    var attachmentsByController: IdentityTable<Attachment>?
    /// The centers of the controllers that read theirs, by controller: made on the first read and
    /// dropped when the controller leaves, so sends from a controller make no center each (a
    /// send to ten from a controller 1,096 -> 683 Ir, Benchmarks/callgrind.sh speaker-relay-kit).
    /// Read on every goodbye, mostly to find it empty; its accesses call no code of the kit's
    /// users, hence no exclusivity checks.
    @exclusivity(unchecked)  // measured: scale-tear-down N=200 586 -> 504 Ir (14%), checked
    var speakingCenters = IdentityTable<CommunicationCenter>()
    var nextSequence: UInt32 = 0
    /// Where the owner's lifecycle deliveries stand (the event walked, the buffers kept for the
    /// walk, the traces): the delivery phase, one value beside ``state`` and ``ending``.
    // measured: lifecycle-kit N=10 2,329 -> 1,985 Ir (17%), checked
    @exclusivity(unchecked)
    var delivering = LifecycleDelivery()
    /// How far a tear-down has gone: whether a delivery running in the owner stops.
    var ending = Ending.none
    /// Controllers registered to be created on first need, in registration order.
    var lazyControllers: [LazyController] = [] {
        didSet { switchboard.hasLazyControllers = !lazyControllers.isEmpty }
    }
    /// The lazy controller whose factory is running, if any: what the factory sends reaches
    /// only the controllers attached already, which a report then says.
    var runningFactory: String?
    /// Where this owner's diagnostics go (Diagnostics/Owner+Diagnostics.swift): `nil` to inherit
    /// the parent's, and at the root the app-wide ``Diagnostic/handler``.
    ///
    /// ```swift
    /// owner.onDiagnostic = { logger.warning("\($0)") }
    /// ```
    public var onDiagnostic: Diagnostic.Handler? {
        didSet { reportedDiagnostics = [] }
    }
    /// What this owner's own ``onDiagnostic`` was given, each diagnostic once; for a root owner
    /// with no handler of its own, what its tree gave the app-wide handler.
    var reportedDiagnostics: Set<Diagnostic.Key> = []
    /// Which app-wide handler ``reportedDiagnostics`` counts for, when it counts for one. Held, so
    /// that one made later at the same address is never mistaken for it; a replaced handler is
    /// kept only until this tree reports again or goes. Not weak: a weak reference to the
    /// process's default handler, which lives to the end, allocates a side table that the
    /// address sanitizer's leak check reports at exit, in the kit's tests and in an app's.
    var reportedTo: Diagnostic.AppWideHandler?
    /// How many observers were ever added (Tracing/Owner+Observers.swift): the last
    /// ``Observation``'s number.
    var nextObservation = 0
    /// The registration of the observer set through ``tracer``, if any.
    var tracerSlot: Observation?
    /// What an archive this owner was given has yet to hand out (SavedState/Owner+SavedState.swift);
    /// `nil` until it is given one, so an attach checks one reference.
    var savedStateShelf: SavedStateShelf?
    /// The gathers still waiting for a reply from one of this owner's controllers
    /// (Conversations/Owner+Gathering.swift): each is told when one of them leaves.
    var pendingGathers: [any PendingGather] = []
    /// The controllers' tasks (Tasks/Owner+Tasks.swift); `nil` until one starts. Released with
    /// the owner, the table's `deinit` cancels them: an owner dropped without a tear-down.
    var tasks: ControllerTasks?

    /// Creates an empty owner in the ``LifecycleState/initial`` state.
    ///
    /// - Parameters:
    ///   - host: The object the owner works for, usually the screen; held weakly.
    ///   - name: A name for descriptions, traces and diagnostics.
    public init(host: AnyObject? = nil, name: String = "Owner") {
        self.name = name
        self.host = host
        self.switchboard = Switchboard()
        self.center = CommunicationCenter(host: switchboard)
        switchboard.owner = self
    }

    // A center kept in a variable keeps the switchboard after the owner is gone; it must then
    // keep no controller and reach nobody, as after a tear-down. Isolated because the switchboard
    // is main-actor state: released on the main actor, as an owner is, it runs at once.
    isolated deinit {
        // A gather still waiting on a controller of this owner waits no more: the controller left
        // with it, as at a tear-down.
        if !pendingGathers.isEmpty {
            for attachment in switchboard.attachments { withdrawReplies(owedBy: attachment.controller) }
        }
        switchboard.forgetControllers()
    }

    /// Carries conversations between this owner's controllers, sending as the host.
    ///
    /// Controllers send through their own ``BusinessController/center``, which names them as the
    /// sender.
    ///
    /// An owner is also a ``BusinessController``, and this property does not replace that
    /// protocol's ``BusinessController/center``, an extension member: which one a read gets
    /// depends on the static type. On `Owner` it is this center, speaking in this owner as its
    /// host. On `any BusinessController`, or in code generic over a controller type, it is the
    /// protocol's, which speaks in the parent owner, as the nested owner (for a root owner, it
    /// reaches nobody):
    ///
    /// ```swift
    /// let reviews = Owner(name: "Reviews")
    /// try page.attach(reviews)
    /// reviews.center.reviewsDidChange()  // the controllers of `reviews`, sent by the host
    /// let nested: any BusinessController = reviews
    /// nested.center.reviewsDidChange()  // the controllers of `page`, sent by `reviews`
    /// ```
    public let center: CommunicationCenter

    /// The host, typed as the caller expects, or `nil` if it is gone or of another type.
    ///
    /// ```swift
    /// owner.host(as: GoodsScreen.self)?.show(title)
    /// ```
    ///
    /// - Parameter type: The host's type.
    /// - Returns: The host, or `nil`.
    public func host<Host: AnyObject>(as type: Host.Type = Host.self) -> Host? {
        host as? Host
    }

    /// The attached controllers, in the owner's order.
    ///
    /// Each read builds a new array (the owner keeps attachments, not controllers), so read it once
    /// into a constant before a loop that indexes it; `for controller in owner.controllers` reads it
    /// once, as every loop of the libraries does.
    public var controllers: [any BusinessController] {
        attachments.map(\.controller)
    }

    /// The lifecycle state a controller attached to this owner has been told about.
    ///
    /// - Parameter controller: An attached controller.
    /// - Returns: Its state, or `nil` when it is not attached to this owner.
    public func state(of controller: any BusinessController) -> LifecycleState? {
        attachment(of: controller)?.state
    }

    /// Up to this many attachments, finding a controller's is a scan; beyond, an index, kept
    /// until the owner holds half as many. So the index is touched only in owners of more than
    /// half this number: a screen of 20 controllers attaches and tears down without it.
    static let scanLimit = 32

    /// The attachment of a controller attached here.
    ///
    /// - Complexity: O(1): the last attachment is checked first (a reversed detach), then the
    ///   index by controller, made on the first lookup in an owner of more than ``scanLimit``.
    func attachment(of controller: any BusinessController) -> Attachment? {
        guard controller.owner === self else { return nil }
        return attachment(ofAttached: controller)
    }

    /// The center of `controller`, whose `owner` the caller just read as this owner: the one kept
    /// for it, made on its first read; `nil` when it is not attached here after all (its `owner`
    /// was set by hand, or it is saying goodbye).
    ///
    /// Kept by the controller's identity rather than its attachment, so that a read finds it with
    /// one probe and no search for the attachment (a send to ten from a controller 596 -> 510 Ir,
    /// Benchmarks/callgrind.sh speaker-relay-kit). The center holds its controller, so the
    /// identity names no other object while the center is kept; goodbye drops it.
    func center(ofAttached controller: any BusinessController) -> CommunicationCenter? {
        let identity = ObjectIdentifier(controller)
        if let center = speakingCenters.value(for: identity) { return center }
        guard let attachment = attachment(ofAttached: controller) else { return nil }
        let center = CommunicationCenter(speaker: controller, attachment: attachment, in: switchboard)
        speakingCenters.insert(center, for: identity)
        return center
    }

    /// The attachment of a controller whose `owner` the caller just read as this owner.
    func attachment(ofAttached controller: any BusinessController) -> Attachment? {
        let identity = ObjectIdentifier(controller)
        if let last = attachments.last, ObjectIdentifier(last.controller) == identity { return last }
        // Only an owner of at least `scanLimit / 2` can have an index (see `remove`): a smaller
        // one skips the checked read of it (a send from a controller among ten 683 -> 595 Ir,
        // Benchmarks/callgrind.sh speaker-relay-kit).
        if attachments.count >= Self.scanLimit / 2 {
            if attachmentsByController == nil, attachments.count > Self.scanLimit {
                var index = IdentityTable<Attachment>(capacity: attachments.count)
                for position in attachments.indices where !Delivery.hasLeft(attachments[position], mayHaveLeft: true) {
                    index.insert(attachments[position], for: ObjectIdentifier(attachments[position].controller))
                }
                attachmentsByController = index
            }
            if let index = attachmentsByController { return index.value(for: identity) }
        }
        // A plain loop: a closure handed to the standard library's `first(where:)` from main-actor
        // code pays a runtime executor check on every element.
        for position in attachments.indices where ObjectIdentifier(attachments[position].controller) == identity {
            return attachments[position]
        }
        return nil
    }

    /// Whether the owner may still change: attach, be driven, be reused. The one check every
    /// such call makes.
    @inline(__always)
    var mayChange: Bool { ending == .none && state != .tornDown }

    /// Changes ``attachments``, the one way to: while a fan-out walks the current buffer
    /// unretained (a callback of it, or a catch-up or closing delivery inside it, makes the
    /// change), the buffer is first kept until the fan-out ends, which also makes the change copy
    /// it, so the walk never reads freed memory.
    @inline(__always)
    func changeAttachments(_ change: (inout AttachmentOrder) -> Void) {
        if let current = delivering.run, current.withinFanOut { delivering.keptBuffers.append(attachments) }
        change(&switchboard.attachments)
    }
}

extension Owner {
    /// How far a tear-down has gone, beside ``state``, which alone says whether the owner is torn
    /// down: whether one is under way, and whether a delivery running in the owner stops.
    ///
    /// The two cases that stop a delivery come last, so that every step of a fan-out asks with
    /// one comparison (3 instructions fewer than two; screen-kit: 114,892 -> 114,584 Ir per
    /// session).
    enum Ending: UInt8 {
        /// No tear-down is under way or waiting.
        case none
        /// Tearing down: closing the appearance, then saying goodbye to each controller.
        case underWay
        /// Detached from its parent from inside one of its own deliveries: that delivery stops,
        /// and the tear-down waits for it to unwind.
        case pending
        /// Tearing down, and detached from its parent from inside one of the closing deliveries,
        /// which stops.
        case interrupted

        /// Whether a delivery running in the owner stops before its next receiver.
        @inline(__always)
        var stopsDelivery: Bool { rawValue >= Self.pending.rawValue }

        /// Whether a tear-down is under way now.
        var isUnderWay: Bool { self == .underWay || self == .interrupted }
    }
}
