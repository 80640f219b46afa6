/// The machinery behind one owner's ``CommunicationCenter``: the cached dispatch tables, the
/// nesting count, the tracer and the retained messages.
///
/// A center is a view of a switchboard that also knows who is sending; the switchboard is what
/// the owner keeps.
@MainActor
@usableFromInline
final class Switchboard {
    /// The owner this switchboard serves.
    @usableFromInline
    weak var owner: Owner?

    /// Unchecked: four checks per appearance cycle, in ``careReasons``' `didSet`, and one per
    /// table a screen builds; measured on a whole screen session.
    @usableFromInline
    // measured: screen-kit N=20 141,241 -> 117,009 Ir (21%), checked, Switchboard.index alone
    @exclusivity(unchecked)
    var index = TableIndex()

    /// The owner's attachments, in its order: ``Owner/attachments``, which the owner changes
    /// through ``Owner/changeAttachments(_:)`` only. Unchecked for the reason the owner's
    /// lifecycle state is.
    @usableFromInline
    // measured: lifecycle-kit N=10 2,523 -> 2,195 Ir (15%), checked, Switchboard.attachments alone
    @exclusivity(unchecked)
    var attachments: AttachmentOrder = []

    /// How many conversation dispatches of this owner are running inside each other.
    ///
    /// Main-actor state, read and written by dispatches around calls into user code but never
    /// while an access to it is open. Unchecked: checked, it cost a screen session about 500
    /// checks (the kit case's send loop hides them: its accesses are hoisted out of the loop).
    @usableFromInline
    // measured: screen-kit N=20 177,217 -> 136,654 Ir (30%), depth checked, about 500 checks a session
    @exclusivity(unchecked)
    var depth = 0

    /// Whether a dispatch at a given depth may take the fast path: closed while any of
    /// ``careReasons`` holds, else open just below the depth where nesting is recorded to name a
    /// runaway loop. Derived from ``careReasons`` only, in its `didSet`, which also makes the
    /// index forget its remembered table when care starts: a dispatch that names that table
    /// needs the gate only for the depth, and only when it has receivers.
    ///
    /// One comparison of the depth the fast path reads anyway answers both questions; a flag and
    /// a separate nesting check cost a send 2 more instructions. Unchecked: it is set in
    /// ``careReasons``' `didSet`, four checks per appearance cycle, and read by every send;
    /// measured on a whole screen session.
    @usableFromInline
    // measured: screen-kit N=20 137,922 -> 117,009 Ir (18%), checked, Switchboard.fastPath alone
    @exclusivity(unchecked)
    var fastPath = FastPathGate.open

    /// Why every dispatch of this owner must take the careful path now; the one input of
    /// ``fastPath`` and of when the index forgets its remembered table.
    var careReasons: CareReasons = [] {
        didSet {
            fastPath = careReasons.isEmpty ? .open : .closed
            if !careReasons.isEmpty { index.forgetRecent() }
        }
    }

    /// Whether a dispatch must take the careful path.
    var needsCare: Bool { !careReasons.isEmpty }

    /// Dispatch-table memory that a running dispatch may still read, and when it is dropped.
    /// Unchecked: it is read by a fast-path walk (see ``Delivery``) and by every ``leave()``, on
    /// the main actor and never across an access to it; checked, it was the one check left in a
    /// send's loop.
    @usableFromInline
    // measured: kit N=10 211 -> 129 Ir (64%), checked, Switchboard.memory alone
    @exclusivity(unchecked)
    var memory = ParkedMemory()

    /// The conversations of the dispatches nested deeper than `nestingLimit - namedLinks`, so a
    /// runaway loop can be named; empty in the common case.
    var chain: [ObjectIdentifier] = []

    /// Every observer that sees this owner's dispatches, each once: those of the owners it is
    /// nested in, outermost first, then its own (see ``Owner/addObserver(_:)``). Kept up to date by
    /// the owner whenever its own observers or its parent's change, so a dispatch reads one array.
    var observers: [any DispatchTracer] = [] {
        didSet { careReasons.set(.traced, !observers.isEmpty) }
    }

    /// The observers added to this owner itself, with the registration that removes each.
    var ownObservers: [(observation: Owner.Observation, observer: any DispatchTracer)] = []

    /// Whether the owner is fanning out an up event; set by the owner around the fan-out.
    var isRunningUp: Bool {
        get { careReasons.contains(.runningUp) }
        set { careReasons.set(.runningUp, newValue) }
    }

    /// Whether the owner has controllers registered to be created on their first conversation.
    var hasLazyControllers: Bool {
        get { careReasons.contains(.lazyControllers) }
        set { careReasons.set(.lazyControllers, newValue) }
    }

    /// The latest message of each retained kind, in the order the kinds were first retained.
    ///
    /// Read on every attach, detach and reuse, mostly to find it empty.
    var retained: [RetainedMessage] = []

    /// Dispatches nested deeper than this record their conversation.
    @usableFromInline
    nonisolated static let namedLinks = 16

    init() {}

    /// A switchboard of no owner, which a controller that is not attached sends through: it
    /// reaches nobody. Made for that center or send alone, so nothing a send does there (a table
    /// built, a nesting count) is shared with any other.
    static func nowhere() -> Switchboard { Switchboard() }

    /// Whether a dispatch of this owner may be reading a table's memory right now.
    @inlinable
    var isDispatching: Bool { depth > 0 }

    /// Keeps table memory alive until the outermost running dispatch returns.
    @usableFromInline
    func park(_ table: AnyObject) {
        guard depth > 0 else { return }
        memory.park(table)
    }

    /// The dispatch table for a conversation, built on first use.
    @inlinable
    func table<Conversation>(for conversation: Conversation.Type) -> DispatchTable<Conversation> {
        index.withTable(for: Conversation.self) { $0 } ?? makeTable(for: Conversation.self)
    }

    /// Builds and caches the table for a conversation, casting each controller once.
    ///
    /// Specialized in the caller's module like the sends (inlinable, kept out of line): run
    /// unspecialized, it looked up the generic metadata of the table, its entries, their storage
    /// and an `Optional` of the conversation at run time, and cast through the generic path.
    @inlinable
    @inline(never)
    func makeTable<Conversation>(for conversation: Conversation.Type) -> DispatchTable<Conversation> {
        let table = ConformanceMemo.shared.receivers(among: attachments, as: conversation)
        index.insert(table)
        return table
    }

    /// Adds a controller that has caught up with its owner to every cached table it speaks.
    func startListening(_ attachment: Attachment) {
        for table in index.allTables {
            table.insert(attachment, parkingIn: self)
        }
    }

    /// Removes a leaving controller from every cached table.
    func stopListening(_ attachment: Attachment) {
        for table in index.allTables {
            table.remove(attachment, parkingIn: self)
        }
    }

    /// Removes the controllers of a batch detach, all marked as left already, from every cached
    /// table: one pass over each table instead of a search in each per controller.
    func stopListeningDeparted() {
        for table in index.allTables {
            table.removeDeparted(parkingIn: self)
        }
    }

    /// Puts `fresh` in the place of `table`, whose memory a running dispatch may still be reading:
    /// kept until the outermost dispatch returns.
    @usableFromInline
    func replace(_ table: some AnyDispatchTable, with fresh: some AnyDispatchTable) {
        park(table)
        index.replace(table, with: fresh)
    }

    /// Drops every table at once, for a tear-down: cheaper than removing controllers one by one,
    /// and a dispatch still walking a table keeps it through `parked`.
    func dropTables() {
        for table in index.allTables {
            park(table)
        }
        index.removeAll()
    }

    /// Lets go of the controllers of an owner freed without a tear-down, for the centers that
    /// outlive it: the tables and retained messages go with them, so those centers reach nobody.
    ///
    /// Each controller also counts as left, so that a debug build reports a send through its
    /// center kept from before, unless a dispatch is running: a send in flight when the host
    /// drops its owner still reaches everyone it started with.
    func forgetControllers() {
        if !isDispatching {
            for attachment in attachments { attachment.phase = .detached }
        }
        attachments = []
        dropTables()
        retained = []
    }

    /// Counts a dispatch in; names the chain once nesting runs away.
    func enter(_ conversation: ObjectIdentifier) {
        if depth >= CommunicationCenter.nestingLimit - Self.namedLinks {
            enterDeep(conversation)
        }
        depth &+= 1
    }

    /// Counts a fast-path dispatch in: its caller checked the depth against ``fastPath``,
    /// which is below the depth where ``enter(_:)`` starts naming the chain.
    @inlinable
    @inline(__always)
    func enterShallow() {
        depth &+= 1
    }

    /// Counts a dispatch out; the outermost one frees the memory parked while it ran.
    @inlinable
    @inline(__always)
    func leave() {
        depth &-= 1
        if memory.isReleased(atDepth: depth) {
            releaseParked()
        }
    }

    @usableFromInline
    func releaseParked() {
        memory.release()
    }

    private func enterDeep(_ conversation: ObjectIdentifier) {
        chain.removeLast(max(0, chain.count - (depth - (CommunicationCenter.nestingLimit - Self.namedLinks))))
        chain.append(conversation)
        if depth >= CommunicationCenter.nestingLimit {
            stopRunawayLoop()
        }
    }

    private func stopRunawayLoop() -> Never {
        let names = chain.map { link in index.allTables.first { $0.key == link }?.name ?? "?" }
        Self.stopRunawayLoop(of: "conversations", in: owner?.name ?? "?", lastLinks: names)
    }

    /// Stops the program on a runaway loop of sends, sync or async, naming its last links: the
    /// one diagnostic for both.
    nonisolated static func stopRunawayLoop(of kind: String, in owner: String, lastLinks names: [String]) -> Never {
        // fatalError, not preconditionFailure: optimized builds drop a precondition's message.
        fatalError(
            """
            BCKit: \(kind) nested more than \(CommunicationCenter.nestingLimit) deep in owner \
            '\(owner)', a runaway loop; its last \(names.count) conversations: \
            \(names.joined(separator: " -> "))
            """
        )
    }

    /// The names of the conversations this switchboard has tables for, with their receivers.
    var tablesByName: [(key: ObjectIdentifier, name: String, receivers: [Attachment])] {
        index.allTables.map { ($0.key, $0.name, $0.receivers) }.sorted { $0.name < $1.name }
    }
}

/// Why an owner's dispatches must take the careful path: each reason is a member here, and
/// ``Switchboard/fastPath`` is derived from these alone.
struct CareReasons: OptionSet {
    let rawValue: UInt8

    /// A tracer watches every dispatch.
    static let traced = CareReasons(rawValue: 1)
    /// An up event is being fanned out: a receiver may lag it (DESIGN 13).
    static let runningUp = CareReasons(rawValue: 2)
    /// Lazy controllers wait to be created by the first dispatch of their conversations.
    static let lazyControllers = CareReasons(rawValue: 4)

    mutating func set(_ reason: CareReasons, _ holds: Bool) {
        if holds { insert(reason) } else { remove(reason) }
    }
}

/// Whether a dispatch at some nesting depth may take the fast path: a named gate around the one
/// comparison the fast path makes.
@usableFromInline
struct FastPathGate {
    /// The first depth the gate refuses: dispatches nested less deeply than this are admitted.
    @usableFromInline
    let refusedFrom: Int

    /// Admits every depth below the one where nesting is recorded to name a runaway loop.
    static var open: FastPathGate {
        FastPathGate(refusedFrom: CommunicationCenter.nestingLimit - Switchboard.namedLinks)
    }

    /// Refuses every depth, since no dispatch is nested less than zero deep: every dispatch takes
    /// the careful path.
    static var closed: FastPathGate { FastPathGate(refusedFrom: 0) }

    /// Whether a dispatch at `depth` may take the fast path.
    @inlinable
    @inline(__always)
    func admits(depth: Int) -> Bool { depth < refusedFrom }
}

/// Table memory a running dispatch may still read, kept until the outermost dispatch of its
/// switchboard returns, so a controller detached meanwhile is freed then.
@usableFromInline
struct ParkedMemory {
    @usableFromInline
    var objects: [AnyObject] = []
    /// Whether memory was parked during the running dispatches: only then can a receiver have
    /// left a table a dispatch is walking (see ``Delivery``), which a fast-path walk asks for
    /// every receiver.
    @usableFromInline
    var hasParked = false

    init() {}

    /// Whether a dispatch returning to `depth` releases the parked memory: the outermost one, when
    /// something was parked.
    @inlinable
    @inline(__always)
    func isReleased(atDepth depth: Int) -> Bool { hasParked && depth == 0 }

    mutating func park(_ object: AnyObject) {
        objects.append(object)
        hasParked = true
    }

    @usableFromInline
    mutating func release() {
        hasParked = false
        objects.removeAll()
    }
}
