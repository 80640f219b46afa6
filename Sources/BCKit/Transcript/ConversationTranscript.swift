/// A tracer that writes a run's message flow as readable, deterministic text: who sent which
/// conversation to whom, and the lifecycle events, in the order they started, with what each
/// dispatch caused indented under it (an async send comes after what it caused; see "How lines
/// nest").
///
/// ```swift
/// let transcript = ConversationTranscript()
/// owner.addObserver(transcript)
/// try owner.didLoad()
/// print(transcript.text)
/// // [GoodsDetail] lifecycle did-load: host -> RefreshController, HeaderController
/// //   [GoodsDetail] send GoodsConversation: RefreshController -> HeaderController
/// ```
///
/// Each line reads `[Owner] kind Conversation.message: sender -> receivers`, the conversation
/// alone for an explicit form such as `send((any CartConversation).self) { … }`, which names no
/// message; `host` stands for code outside every controller, `(ignored)` follows a receiver that
/// left the message to its default, and `(unhandled)` ends a message no receiver handled
/// (`nobody (unhandled)` when nobody speaks it, `nobody yet (kept)` for a retained message kept for
/// a controller attached later). A controller registered with
/// ``Owner/attach(lazily:speaking:creation:priority:)`` gets a line when it is created, which says
/// why: `[Owner] lazily created PaywallController: first message of PreviewConversation` (or
/// `appearance`, or `retained message of …`), placed where the dispatch that created it runs.
/// Durations are left out, so the same run always gives the same text: commit it and compare
/// (BCKitTesting's `expectSnapshot`). One transcript may be installed on several owners;
/// ``note(_:)`` adds the host's own lines, such as the commands that drove the run.
///
/// ## How lines nest
/// A dispatch made inside a receiver's callback is indented under the dispatch that called the
/// receiver; so is the catch-up of a controller attached there (to that owner or one nested in
/// it), or created lazily by a message sent there, with its creation line, before that message.
/// An owner attached there is caught up one event after the other, in lifecycle order, each with
/// the nested owner's own event under it.
/// A message a controller sends from a lifecycle callback is indented under that lifecycle event;
/// one sent from ``BusinessController/didAttach(to:)`` (or
/// ``RestorableController/restoreState(_:)``) of a controller attached late shows under the first
/// event it catches up with. What a controller sends outside every callback the kit runs (a
/// button action, a controller task), and what it sends while it joins an owner that has no event
/// to catch up with (one not loaded yet) or from a later restore, is never put under a lifecycle
/// event: it starts on its own. A nested owner's lifecycle event, which its parent delivers to
/// it, is indented under the parent's, and so are, before it, the creation and catch-up of the
/// lazy controllers its appearance creates. Otherwise nesting is followed within one owner; a
/// message that leaves it (a scoped send) starts a new line at the left in the other owner, after
/// the line of the dispatch that caused it: lines at the left come in the order their dispatches
/// started. A transcript added while a dispatch runs (from a receiver's callback) never hears
/// that dispatch, so what its receivers send next starts at the left.
///
/// An async send (`await center.send(…) { await … }`) is written when it finishes, once its
/// receivers are done: what they sent meanwhile, before or after a suspension, async sends
/// included, is not indented under it but comes before it, each message on its own line, since
/// their tasks interleave with whatever else runs.
@MainActor
public final class ConversationTranscript: DispatchTracer, @MainActor CustomStringConvertible {
    private struct Node {
        let line: String
        var children: [Node] = []
        /// What a later lifecycle event may adopt this line as; `nil` for what no event adopts
        /// (notes, the host's messages, what a controller sent outside the kit's callbacks).
        let adoptable: Origin?
        /// The count of lines placed before it: whether it came while an event ran, or while a
        /// newcomer waited for its catch-up.
        var number = 0
    }

    /// Where a line came from, for the lifecycle event that may have caused it.
    private enum Origin {
        /// A message a controller sent from inside a callback the kit ran.
        case message(sender: String, senderID: ObjectIdentifier?, owner: String, task: String?)
        /// A lifecycle event of an owner, which a parent delivering it to that owner caused.
        case lifecycle(event: String, owner: String, task: String?)
        /// A lazy controller's creation by an owner's appearance, which a parent delivering the
        /// appearance to that owner caused.
        case creation(owner: String, task: String?)
    }

    /// What the transcript learned of a synchronous dispatch when it started.
    private struct Start {
        let id: DispatchID
        let record: DispatchRecord
        /// The count of lines placed before it started: what it caused was placed since (for a
        /// message, since the lazy controllers it created were, just before it started).
        let linesBefore: Int
        /// The count of top-level lines before it started: a top-level dispatch goes there, so
        /// that what it caused in other owners, written at the left, comes after it.
        let rootsBefore: Int
        /// The depth its line goes at: its own, or `0` when the transcript heard nothing of the
        /// dispatch it is nested in (it was added during that one, or that one was untraced).
        let placedDepth: Int
    }

    /// Finished top-level lines, in the order they started.
    private var roots: [Node] = []
    /// Nested dispatches waiting for the one that caused them: the tracer hears of a dispatch when
    /// it finishes, so nested ones arrive first.
    private var parked: [(depth: Int, nodes: [Node])] = []
    /// Whether the newest line went to ``roots``: a nested owner's event, reported at its own
    /// depth 0, may belong under a parent's event reported deeper in the parent.
    private var newestIsRoot = false
    /// The synchronous dispatches started and not finished yet, innermost last.
    private var running: [Start] = []
    /// How many lines were placed so far.
    private var placedLines = 0
    /// The count of lines placed before the first lazy controller a message created, while that
    /// message has not started yet: created and caught up before it starts, they are its lines.
    /// With the count of dispatches running then: a message that starts among more was sent from
    /// inside the catch-up, and did not create them.
    private var pendingCreation: (linesBefore: Int, running: Int)?
    /// The controllers attached to an owner that has events for them to catch up with, by
    /// identity, with the count of lines placed before they were: what they send until their
    /// catch-up, from ``BusinessController/didAttach(to:)`` or a restore, goes under its first
    /// event, though it came before that event started.
    private var awaitingCatchUp: [ObjectIdentifier: Int] = [:]
    /// The controllers attached while a message of their owner, or of an owner it is nested in,
    /// ran (a lazy controller that message created, or one a receiver attached), by identity,
    /// with their owner, the message's and the depth of what the message's receivers caused:
    /// their catch-up goes there, under the message, as the receivers' own messages do.
    /// Forgotten once the message ends.
    private var joinedInMessage:
        [ObjectIdentifier: (owner: ObjectIdentifier, messageOwner: ObjectIdentifier?, depth: Int)] = [:]

    /// Creates an empty transcript.
    public init() {}

    /// Adds a dispatch, placed under whatever it was part of.
    ///
    /// - Parameter dispatch: The dispatch that just finished.
    public func didDispatch(_ dispatch: DispatchRecord) {
        var start: Start?
        if let id = dispatch.id, let position = running.lastIndex(where: { $0.id == id }) {
            start = running.remove(at: position)
        }
        let task = Speaker.taskSpeaker?.name
        let adoptable: Origin? =
            if dispatch.kind == .lifecycle {
                .lifecycle(event: dispatch.conversation, owner: dispatch.owner, task: task)
            } else if Speaker.isTakingTurn, let sender = dispatch.sender {
                .message(sender: sender, senderID: dispatch.senderID, owner: dispatch.owner, task: task)
            } else {
                nil
            }
        // An async send's depth counts the async sends around it, not the lines parked here:
        // written when it finishes, it goes at the left after what its receivers sent.
        if dispatch.isAsynchronous {
            place(Node(line: Self.line(for: dispatch), adoptable: adoptable), at: 0)
            return
        }
        // A lifecycle event's own depth counts lifecycle events only: a newcomer's catch-up in a
        // message goes under that message instead.
        let depthInMessage = dispatch.kind == .lifecycle ? catchUpDepth(of: dispatch) : nil
        let depth = depthInMessage ?? dispatch.depth
        // What is parked deeper is its own only if placed since it started: a nested owner counts
        // its depth from zero, so what its parent placed deeper before the nested owner's event or
        // message started (the parent's earlier event of a catch-up, the creation of a lazy
        // controller by the parent's message) is parked deeper than it too.
        let firstCaused = start?.linesBefore ?? 0
        var children: [Node] = []
        while let last = parked.last, last.depth > depth {
            let caused = last.nodes.drop { $0.number < firstCaused }
            children = caused + children
            guard caused.count == last.nodes.count else {
                parked[parked.count - 1].nodes.removeLast(caused.count)
                break
            }
            parked.removeLast()
        }
        var rootPosition = start?.rootsBefore
        if dispatch.kind == .lifecycle {
            children =
                adoptSiblings(
                    at: depth, of: dispatch, task: task, linesBefore: start?.linesBefore,
                    rootPosition: &rootPosition)
                + children
            for receiver in dispatch.receiverIDs { awaitingCatchUp[receiver] = nil }
        } else if !joinedInMessage.isEmpty {
            joinedInMessage = joinedInMessage.filter {
                $0.value.messageOwner != dispatch.ownerID || $0.value.depth <= depth
            }
        }
        let node = Node(line: Self.line(for: dispatch), children: children, adoptable: adoptable)
        guard let start else {
            place(node, at: depth)
            return
        }
        place(node, at: depthInMessage ?? start.placedDepth, rootPosition: rootPosition)
    }

    /// Where a lifecycle event whose every receiver joined its owner while one message ran goes:
    /// under that message. `nil` for any other event.
    private func catchUpDepth(of event: DispatchRecord) -> Int? {
        guard let first = event.receiverIDs.first, let joined = joinedInMessage[first], joined.owner == event.ownerID
        else { return nil }
        let allJoinedThere = event.receiverIDs.allSatisfy {
            joinedInMessage[$0].map {
                $0.owner == joined.owner && $0.messageOwner == joined.messageOwner && $0.depth == joined.depth
            } ?? false
        }
        return allJoinedThere ? joined.depth : nil
    }

    /// Notes a synchronous dispatch starting: what it causes is placed in it, and a message
    /// nested in a dispatch the transcript never heard of starts at the left.
    ///
    /// - Parameter dispatch: The dispatch about to run.
    public func willDispatch(_ dispatch: DispatchRecord) {
        // A message creates its lazy controllers, which catch up, just before it starts: the next
        // message to start where they were created (not one sent from their catch-up) is taken as
        // the one that created them, and their lines as its own.
        var linesBefore = placedLines
        if dispatch.kind != .lifecycle, let creation = pendingCreation, creation.running == running.count {
            linesBefore = creation.linesBefore
            pendingCreation = nil
        }
        guard let id = dispatch.id, !dispatch.isAsynchronous else { return }
        // A message's depth counts the messages running in its owner, each of which this
        // transcript heard start if it heard of it at all; a lifecycle event's cause may be a
        // delivery reported at its end only (will-reuse), so it keeps its depth.
        let heardItsCause =
            dispatch.kind == .lifecycle || dispatch.depth == 0
            || running.contains {
                $0.record.kind != .lifecycle && $0.record.ownerID == dispatch.ownerID
                    && $0.record.depth == dispatch.depth - 1
            }
        running.append(
            Start(
                id: id, record: dispatch, linesBefore: linesBefore, rootsBefore: roots.count,
                placedDepth: heardItsCause ? dispatch.depth : 0))
    }

    /// Adds a line for a lazy controller's creation, saying why it was created (before its
    /// catch-up: inside the dispatch running when a message created it, else at the left, or for
    /// an appearance a parent delivered, under that parent's event), and one for each controller
    /// that got its saved piece back.
    ///
    /// Other events (attaches, tasks, markers) are left out, so the transcript stays the message
    /// flow it always was; an attach tells only where what the newcomer sends before its
    /// catch-up goes.
    ///
    /// - Parameter event: What happened; only ``TraceEvent/Kind/lazilyCreated`` and
    ///   ``TraceEvent/Kind/restored`` add a line.
    public func didObserve(_ event: TraceEvent) {
        switch event.kind {
        case .attached:
            guard let controller = event.controller else { break }
            let id = ObjectIdentifier(controller)
            awaitingCatchUp[id] = event.owner.state == .initial ? nil : placedLines
            if let cause = running.last, cause.record.kind != .lifecycle, let causeOwner = cause.record.ownerID,
                ObjectIdentifier(event.owner) == causeOwner || event.owner.isNested(within: causeOwner)
            {
                joinedInMessage[id] = (ObjectIdentifier(event.owner), cause.record.ownerID, cause.record.depth + 1)
            }
        case .detached:
            guard let controller = event.controller else { break }
            awaitingCatchUp[ObjectIdentifier(controller)] = nil
            joinedInMessage[ObjectIdentifier(controller)] = nil
        case .lazilyCreated:
            let line = "[\(event.owner.name)] lazily created \(event.subject ?? "a controller"): \(event.detail ?? "")"
            if event.detail == LazyCreationCause.appearance.detail {
                // Created before its owner's appearance starts, it goes where that event and its
                // own catch-up go: at the owner's own depth, taken in with them by the parent's
                // event that delivers the appearance, if any.
                let task = Speaker.taskSpeaker?.name
                place(Node(line: line, adoptable: .creation(owner: event.owner.name, task: task)), at: 0)
            } else {
                if pendingCreation == nil { pendingCreation = (placedLines, running.count) }
                place(Node(line: line, adoptable: nil), at: running.last.map { $0.record.depth + 1 } ?? 0)
            }
        case .restored:
            noteRestore(event)
        default:
            break
        }
    }

    /// Puts a finished line at `depth`: at the left, or parked until the dispatch around it ends.
    /// A line at the left goes at `rootPosition`, where it started, when one is given.
    private func place(_ node: Node, at depth: Int, rootPosition: Int? = nil) {
        var node = node
        node.number = placedLines
        placedLines += 1
        if depth == 0 {
            let position = min(rootPosition ?? roots.count, roots.count)
            roots.insert(node, at: position)
            newestIsRoot = position == roots.count - 1
        } else if let last = parked.last, last.depth == depth {
            parked[parked.count - 1].nodes.append(node)
        } else {
            parked.append((depth, [node]))
        }
        if depth != 0 { newestIsRoot = false }
    }

    /// Adds a line of the host's own, such as the command that is about to run.
    ///
    /// - Parameter line: The line; it starts at the left.
    public func note(_ line: String) {
        place(Node(line: line, adoptable: nil), at: 0)
    }

    /// Every line so far, nested lines indented by two spaces per level.
    public var lines: [String] {
        var lines: [String] = []
        func write(_ node: Node, level: Int) {
            lines.append(String(repeating: "  ", count: level) + node.line)
            for child in node.children { write(child, level: level + 1) }
        }
        for node in roots { write(node, level: 0) }
        for group in parked {
            for node in group.nodes { write(node, level: group.depth) }
        }
        return lines
    }

    /// The transcript as text: ``lines`` with a newline after each.
    public var text: String {
        lines.map { $0 + "\n" }.joined()
    }

    /// ``text``, so that `print(transcript)` prints the lines on the main actor. Off the main
    /// actor the conformance is not found, and the type's name prints instead.
    public var description: String { text }

    /// Forgets every line, for example between two parts of a test.
    public func clear() {
        roots.removeAll()
        parked.removeAll()
        // The dispatches running go on, and what they cause still goes under them: they start
        // the lines at the left again.
        running = running.map {
            Start(
                id: $0.id, record: $0.record, linesBefore: $0.linesBefore, rootsBefore: 0,
                placedDepth: $0.placedDepth)
        }
        awaitingCatchUp.removeAll()
        newestIsRoot = false
    }

    /// Takes what a lifecycle event's receivers caused while they had it: the latest siblings
    /// that one of its receivers sent from its callbacks, in its owner, and the same event of the
    /// nested owners among its receivers, all from the same task and placed since the event
    /// started (`linesBefore`, `nil` when the transcript missed the start), or, for a receiver
    /// this event catches up, since it was attached.
    ///
    /// `rootPosition`, where the event's own line is to stand at the left, moves up by each line
    /// it adopts from before it (what a newcomer sent before its catch-up started).
    private func adoptSiblings(
        at depth: Int,
        of event: DispatchRecord,
        task: String?,
        linesBefore: Int?,
        rootPosition: inout Int?
    ) -> [Node] {
        func firstAdopted(from sender: ObjectIdentifier?) -> Int {
            guard let linesBefore else { return 0 }
            guard let attached = sender.flatMap({ awaitingCatchUp[$0] }) else { return linesBefore }
            return min(attached, linesBefore)
        }
        // A nested receiver's other lines placed while the event ran, its lazy controllers'
        // creation and the catch-ups of its newcomers, were caused by the event too.
        func isPlacedSinceTheEventStarted(_ node: Node) -> Bool {
            linesBefore.map { node.number >= $0 } ?? false
        }
        func adopts(_ node: Node) -> Bool {
            switch node.adoptable {
            case .message(let sender, let senderID, let owner, let origin):
                owner == event.owner && origin == task && event.receivers.contains(sender)
                    && node.number >= firstAdopted(from: senderID)
            case .lifecycle(let name, let owner, let origin):
                (name == event.conversation || isPlacedSinceTheEventStarted(node)) && owner != event.owner
                    && origin == task && event.receivers.contains(owner)
            case .creation(let owner, let origin):
                isPlacedSinceTheEventStarted(node) && owner != event.owner && origin == task
                    && event.receivers.contains(owner)
            case nil:
                false
            }
        }
        // A nested owner counts its own depth: its event, delivered by a parent's catch-up from
        // inside a callback, is a root while the parent's is deeper. It was the newest line then.
        var fromRoots: [Node] = []
        if depth > 0, newestIsRoot, let last = roots.last, case .lifecycle = last.adoptable, adopts(last) {
            fromRoots.append(roots.removeLast())
        }
        var adopted: [Node] = []
        // A message counts its own depth too: one sent from a callback of an event placed deeper
        // (a catch-up run from inside another callback) is at the left while the event is deeper,
        // unless the event's start was missed (what its receivers send then starts at the left).
        func mayBeAtTheLeft(_ node: Node) -> Bool {
            if case .message = node.adoptable { return true }
            return depth == 0
        }
        if depth == 0 || linesBefore != nil {
            // Lines at the left stand in the order they started, so one the event does not adopt
            // but that started while it ran (a message in another owner) may stand after one it
            // does: the search passes over it, and stops at the first it neither adopts nor saw
            // start.
            var position = roots.count
            while position > 0 {
                position -= 1
                if mayBeAtTheLeft(roots[position]), adopts(roots[position]) {
                    adopted.insert(roots.remove(at: position), at: 0)
                    if let before = rootPosition, position < before { rootPosition = before - 1 }
                } else if let linesBefore, roots[position].number >= linesBefore {
                    continue
                } else {
                    break
                }
            }
        }
        if depth > 0, let last = parked.last, last.depth == depth {
            while let node = parked[parked.count - 1].nodes.last, adopts(node) {
                adopted.insert(parked[parked.count - 1].nodes.removeLast(), at: 0)
            }
            if parked[parked.count - 1].nodes.isEmpty { parked.removeLast() }
        }
        return adopted + fromRoots
    }

    /// `[Owner] kind Conversation.message: sender -> receivers`, with no duration; an explicit
    /// form, which names no message, and a lifecycle event name the conversation or event alone.
    private static func line(for dispatch: DispatchRecord) -> String {
        let subject = dispatch.message.map { "\(dispatch.conversation).\($0)" } ?? dispatch.conversation
        return "[\(dispatch.owner)] \(dispatch.kind) \(subject): \(dispatch.sender ?? "host") -> "
            + dispatch.receiverList
    }
}
