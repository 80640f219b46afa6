/// What the process has learned of (controller type, conversation) pairs, shared by every owner,
/// so building a table asks the runtime about a pair once: a type found silent is skipped, and a
/// receiver of a type found to speak the conversation is made from the witness table its first
/// cast found.
///
/// A failed `as?` walks the runtime's conformance records and costs thousands of instructions even
/// when the runtime has cached the answer; most pairs of a screen fail (a controller speaks a few of
/// the owner's conversations). A successful one still looks the pair up in the runtime's
/// conformance cache, about 280 instructions, 44 times in a screen session. A type's conformances
/// are fixed once its image is loaded; a conformance added later by a newly loaded image would be
/// missed for a pair already recorded, which the kit's targets (no dynamic loading of
/// conversations) never do.
///
/// It also keeps which types leave ``BusinessController/didAttach(to:)`` to the protocol's empty
/// default: that default records it here, and both attaches read it.
///
/// This is the kit's one cache of facts about types, and its only process-wide mutable state:
/// every fact is true of its type for the life of the process, so what a run does never depends
/// on which run learned it. Kept in ``IdentityTable``s, the kit's one open-addressing table: a
/// `Set` of pairs hashed with SipHash cost about 300 instructions per question, and an
/// unspecialized `Optional` of the conversation another 350 (`Benchmarks/callgrind.sh
/// screen-kit`).
///
/// The facts are kept per conversation, so a table's build looks its conversation up once and
/// then asks a local table per controller. Kept per controller type instead (a class of facts
/// holding a table of conversations), every question read a class property (an exclusivity
/// check) and retained and released the facts and their table: building the 10 tables of a
/// screen session cost 117,705 Ir instead of 31,485 (`Benchmarks/callgrind.sh screen-kit`:
/// 239,934 -> 153,780 Ir per session).
@MainActor
@usableFromInline
struct ConformanceMemo {
    /// For each conversation, what is known of each controller type.
    @usableFromInline
    var conformances = IdentityTable<IdentityTable<Conformance>>()

    /// The controller types known to leave `didAttach(to:)` to the empty default.
    var quietGreeters = IdentityTable<Bool>()

    /// The process's memo.
    @usableFromInline
    static var shared = ConformanceMemo()

    init() {}

    /// Keeps what a table's build learned of its conversation.
    @usableFromInline
    mutating func keep(_ known: IdentityTable<Conformance>, for conversation: ObjectIdentifier) {
        conformances.insert(known, for: conversation)
    }

    /// Records that `controller`'s type leaves `didAttach(to:)` to the empty default.
    mutating func noteQuietGreeting(of controller: any BusinessController.Type) {
        let key = ObjectIdentifier(controller)
        // A controller attached alone calls its default every time: a known fact is not written
        // again.
        if quietGreeters.value(for: key) == nil { quietGreeters.insert(true, for: key) }
    }

    /// Whether `controller`'s type is known to leave `didAttach(to:)` to the empty default, which
    /// an attach then does not call: the one rule both attaches follow.
    func greetsQuietly(_ controller: any BusinessController) -> Bool {
        quietGreeters.value(for: ObjectIdentifier(type(of: controller))) ?? false
    }

    /// `controller` as a receiver of `Conversation`, or `nil`; remembers what it learned.
    @inlinable
    mutating func receiver<Conversation>(_ controller: any BusinessController, as _: Conversation.Type)
        -> Conversation?
    {
        let conversation = ObjectIdentifier(Conversation.self)
        var known = conformances.value(for: conversation)
        var learned = false
        let receiver = Self.receiver(of: controller, as: Conversation.self, known: &known, learned: &learned)
        if learned, let known { keep(known, for: conversation) }
        return receiver
    }

    /// `controller` as a receiver of `Conversation`, or `nil`, by what `known` (the facts of
    /// `Conversation`) says of its type; a cast otherwise, whose outcome goes into `known`.
    ///
    /// The one place a controller becomes a receiver: a table's build and an attach both ask
    /// here.
    @inlinable
    @inline(__always)
    static func receiver<Conversation>(
        of controller: any BusinessController,
        as _: Conversation.Type,
        known: inout IdentityTable<Conformance>?,
        learned: inout Bool
    ) -> Conversation? {
        let controllerType = ObjectIdentifier(type(of: controller))
        switch known?.value(for: controllerType) {
        case .silent?: return nil
        case .witness(let witness)?: return Conformance.receiver(controller, witness: witness)
        case nil: break
        }
        guard let receiver = controller as? Conversation else {
            record(.silent, of: controllerType, in: &known)
            learned = true
            return nil
        }
        // A conversation not laid out as the object and one witness table is cast every time.
        if let fact = Conformance(of: receiver, castFrom: controller) {
            record(fact, of: controllerType, in: &known)
            learned = true
        }
        return receiver
    }

    /// Adds what a cast showed of a controller type to the facts of one conversation, made on
    /// the first.
    @usableFromInline
    static func record(
        _ fact: Conformance,
        of controllerType: ObjectIdentifier,
        in known: inout IdentityTable<Conformance>?
    ) {
        var types = known ?? IdentityTable()
        known = nil
        types.insert(fact, for: controllerType)
        known = types
    }

    /// The receivers of `Conversation` among the listening `attachments`, in order, in a new
    /// table.
    ///
    /// Inlined into the caller's specialized table building, so the casts and the entries'
    /// metadata are the caller's concrete types. One access to the memo for the whole build: the
    /// loops call no user code, only the runtime's casts.
    ///
    /// An owner of up to ``roomForAll`` attachments (a screen) gets a table with room for all of
    /// them and one pass, never trimmed: at most 512 bytes spare per table, where a first pass
    /// counting the candidates cost about 500 instructions per table of a 20-controller screen
    /// (Benchmarks/callgrind.sh screen-kit). A larger owner first counts the controllers not
    /// known to be silent, so the table is allocated once, at its final size once the memo
    /// knows every type; a table left less than half full by casts that failed for the first
    /// time is trimmed. Gathering into temporary stack memory saved 4% of a session, too little
    /// for another raw buffer.
    @inlinable
    mutating func receivers<Conversation>(
        among attachments: AttachmentOrder,
        as _: Conversation.Type
    ) -> DispatchTable<Conversation> {
        let conversation = ObjectIdentifier(Conversation.self)
        // A local copy, asked per controller without touching the memo; written back only when
        // this build learned something.
        var known = conformances.value(for: conversation)
        let hasRoomForAll = attachments.count <= Self.roomForAll
        var candidates = hasRoomForAll ? attachments.count : 0
        if !hasRoomForAll {
            for index in attachments.indices {
                if attachments[index].isListening,
                    known?.value(for: ObjectIdentifier(type(of: attachments[index].controller))) != .silent
                {
                    candidates &+= 1
                }
            }
        }
        let table = DispatchTable<Conversation>.make(capacity: candidates)
        guard candidates > 0 else { return table }
        var learned = false
        // Each attachment handed on as an argument: bound to a constant, it is copied out of its
        // optional slot (`AttachmentOrder`), a retain and a release per controller.
        for index in attachments.indices {
            Self.append(attachments[index], to: table, known: &known, learned: &learned)
        }
        if learned, let known { keep(known, for: conversation) }
        // Trimmed only when casts failed for types new to the memo.
        return !hasRoomForAll && table.entryCapacity > 4 && table.count * 2 < table.entryCapacity
            ? table.trimmed() : table
    }

    /// Adds `attachment` to `table` if it listens and its controller speaks `Conversation`.
    @inlinable
    @inline(__always)
    static func append<Conversation>(
        _ attachment: Attachment,
        to table: DispatchTable<Conversation>,
        known: inout IdentityTable<Conformance>?,
        learned: inout Bool
    ) {
        guard attachment.isListening,
            let receiver = receiver(of: attachment.controller, as: Conversation.self, known: &known, learned: &learned)
        else { return }
        table.append(Entry(receiver: receiver, attachment: attachment))
    }

    /// Owners up to this many attachments get tables with room for all of them, in one pass.
    @usableFromInline
    static var roomForAll: Int { 32 }
}
