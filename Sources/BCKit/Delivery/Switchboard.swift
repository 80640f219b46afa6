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

    @usableFromInline
    @exclusivity(unchecked)
    var index = TableIndex()

    /// How many conversation dispatches of this owner are running inside each other.
    ///
    /// Main-actor state, read and written by dispatches around calls into user code but never
    /// while an access to it is open, hence no exclusivity checks. Checked, this switchboard's and
    /// the owner's state cost a send to ten controllers 751 Ir instead of 173, and an appearance
    /// cycle of ten controllers 21,136 Ir instead of 7,051 (Benchmarks/callgrind.sh kit
    /// lifecycle-kit).
    @usableFromInline
    @exclusivity(unchecked)
    var depth = 0

    /// The deepest nesting at which a dispatch may take the fast path: `-1` when every dispatch
    /// must take the careful path (a tracer is set, an up lifecycle event is being fanned out
    /// (DESIGN 13), or lazy controllers wait), else just below the depth where nesting is
    /// recorded to name a runaway loop.
    ///
    /// One comparison of the depth the fast path reads anyway answers both questions; a flag and
    /// a separate nesting check cost a send 2 more instructions. Unchecked for the reason
    /// `depth` is.
    @usableFromInline
    @exclusivity(unchecked)
    var fastDepthLimit = CommunicationCenter.nestingLimit - Switchboard.namedLinks - 1

    /// Whether a dispatch must take the careful path.
    var needsCare: Bool { fastDepthLimit < 0 }

    /// The depth at which ``leave()`` frees the parked memory: 0 while something is parked, `-1`
    /// (never reached) otherwise. Comparing the depth with it costs the outermost send 3
    /// instructions fewer than testing the depth for zero and then `parked` for emptiness, and
    /// it is what a fast-path walk compares with a constant for every receiver (see
    /// ``Delivery``). Unchecked for the reason `depth` is.
    @usableFromInline
    @exclusivity(unchecked)
    var releaseDepth = -1

    /// Dispatch-table memory that a running dispatch may still read; dropped when the outermost
    /// dispatch of this owner returns, so a controller detached meanwhile is freed then.
    @usableFromInline
    @exclusivity(unchecked)
    var parked: [AnyObject] = []

    /// The conversations of the dispatches nested deeper than `nestingLimit - namedLinks`, so a
    /// runaway loop can be named; empty in the common case.
    var chain: [ObjectIdentifier] = []

    /// The object that sees every dispatch of this owner.
    var tracer: (any DispatchTracer)? {
        didSet { updateCare() }
    }

    /// Whether the owner is fanning out an up event; set by the owner around the fan-out.
    var isRunningUp = false {
        didSet { updateCare() }
    }

    /// Whether the owner has controllers registered to be created on their first conversation.
    var hasLazyControllers = false {
        didSet { updateCare() }
    }

    /// The latest message of each retained kind, in the order the kinds were first retained.
    ///
    /// Read on every attach, detach and reuse, mostly to find it empty; written by `keep` and
    /// the owner, whose accesses call no code of the kit's users while open (only `==` on the
    /// message keys, which cannot reach a switchboard), hence no exclusivity checks: checked, the
    /// read cost a 5-controller reconfigure 76 of its 578 Ir (13%, Benchmarks/callgrind.sh
    /// cell-kit).
    @exclusivity(unchecked)
    var retained: [RetainedMessage] = []

    /// Dispatches nested deeper than this record their conversation.
    @usableFromInline
    nonisolated static let namedLinks = 16

    init() {}

    /// The switchboard of no owner, which a controller that is not attached sends through: it
    /// reaches nobody.
    static let nowhere = Switchboard()

    private func updateCare() {
        let needsCare = tracer != nil || isRunningUp || hasLazyControllers
        fastDepthLimit = needsCare ? -1 : CommunicationCenter.nestingLimit - Self.namedLinks - 1
    }

    /// Whether memory was parked during the running dispatches: only then can a receiver have
    /// left a table a dispatch is walking (see ``Delivery``).
    @inlinable
    @inline(__always)
    var hasParked: Bool { releaseDepth == 0 }

    /// Whether a dispatch of this owner may be reading a table's memory right now.
    @inlinable
    var isDispatching: Bool { depth > 0 }

    /// Keeps table memory alive until the outermost running dispatch returns.
    @usableFromInline
    func park(_ storage: AnyObject) {
        guard depth > 0 else { return }
        parked.append(storage)
        releaseDepth = 0
    }

    /// The dispatch table for a conversation, built on first use.
    @inlinable
    func table<Conversation>(for conversation: Conversation.Type) -> DispatchTable<Conversation> {
        if let table = index.table(for: ObjectIdentifier(Conversation.self)) {
            return unsafeDowncast(table.takeUnretainedValue(), to: DispatchTable<Conversation>.self)
        }
        return makeTable(for: Conversation.self)
    }

    /// The dispatch table for a conversation if one was built.
    @inline(__always)
    func cachedTable<Conversation>(for conversation: Conversation.Type) -> DispatchTable<Conversation>? {
        guard let table = index.table(for: ObjectIdentifier(Conversation.self)) else { return nil }
        return unsafeDowncast(table.takeUnretainedValue(), to: DispatchTable<Conversation>.self)
    }

    /// Builds and caches the table for a conversation, casting each controller once.
    ///
    /// Specialized in the caller's module like the sends (inlinable, kept out of line): run
    /// unspecialized, it looked up the generic metadata of the table, its entries, their storage
    /// and an `Optional` of the conversation at run time, and cast through the generic path.
    @inlinable
    @inline(never)
    func makeTable<Conversation>(for conversation: Conversation.Type) -> DispatchTable<Conversation> {
        let attachments = owner?.attachments ?? []
        let table = DispatchTable(storage: ConformanceMemo.shared.receivers(among: attachments, as: conversation))
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

    /// Drops every table at once, for a tear-down: cheaper than removing controllers one by one,
    /// and a dispatch still walking a table keeps it through `parked`.
    func dropTables() {
        for table in index.allTables {
            park(table)
        }
        index = TableIndex()
    }

    /// Counts a dispatch in; names the chain once nesting runs away.
    func enter(_ conversation: ObjectIdentifier) {
        if depth >= CommunicationCenter.nestingLimit - Self.namedLinks {
            enterDeep(conversation)
        }
        depth &+= 1
    }

    /// Counts a fast-path dispatch in: its caller checked the depth against ``fastDepthLimit``,
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
        if depth == releaseDepth {
            releaseParked()
        }
    }

    @usableFromInline
    func releaseParked() {
        releaseDepth = -1
        parked.removeAll()
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
        // fatalError, not preconditionFailure: optimized builds drop a precondition's message.
        fatalError(
            """
            BCKit: conversations nested more than \(CommunicationCenter.nestingLimit) deep in owner \
            '\(owner?.name ?? "?")', a runaway loop; its last \(names.count) conversations: \
            \(names.joined(separator: " -> "))
            """
        )
    }

    /// The names of the conversations this switchboard has tables for, with their receivers.
    var tablesByName: [(name: String, receivers: [Attachment])] {
        index.allTables.map { ($0.name, $0.receivers) }.sorted { $0.name < $1.name }
    }
}
