/// Who is speaking: the controller whose callback is running, so that what it sends is traced as
/// sent by it, and whether that callback fell through to a default implementation.
///
/// Kept only while a tracer or the testing harness watches (the careful path), and around each
/// receiver of a `gather`, which must learn whether a receiver's default ran (that default never
/// replies); the untraced send loop never touches it. Every turn is a task-local value, never process-global state: a
/// synchronous turn is bound for the extent of the receiver's call, and async work names its
/// speaker the same way, so one task's speaker never leaks into another's sends.
@MainActor
enum Speaker {
    /// One synchronous receiver's turn. A task created during it inherits it, but runs only after
    /// it closed (the turn cannot suspend), and then ignores it. It holds the speaker weakly, so a
    /// task that inherited it never keeps a detached controller alive (DESIGN 16).
    @MainActor
    final class Turn {
        weak var speaker: AnyObject?
        /// Whom what is sent in the turn without a sender is traced as sent by: the speaker, unless
        /// it is a nested owner. An owner passing its parent's event on to its controllers is not
        /// speaking (each of them speaks in a turn of its own), so what the host's code sends
        /// meanwhile, such as a replay or a lazy controller's factory, is named as if it passed
        /// nothing on: by the turn around it, if any.
        weak var sender: AnyObject?
        let level: Level
        var defaultedMethod: String?
        /// Whether the message of ``defaultedMethod`` is quiet (``Message/quiet(_:)``).
        var defaultIsQuiet = false
        var isOpen = true

        init(speaker: any BusinessController) {
            self.speaker = speaker
            sender = speaker is Owner ? Speaker.openTurn?.sender : speaker
            level = Level(of: speaker)
        }
    }

    /// How deep its owner's dispatches ran when a turn opened: a default noted at another depth
    /// ran in a dispatch nested in the turn whose receivers got no turn of their own (the
    /// untraced send loop), and is not the turn's. A hand-written default's `notHandled()` does
    /// not say whose default it is; its depth does, for sends through the speaker's own owner.
    @MainActor
    struct Level {
        private weak var owner: Owner?
        private let depth: Int

        init(of speaker: any BusinessController) {
            owner = speaker.owner
            depth = owner?.switchboard.depth ?? 0
        }

        /// Whether no dispatch nested in the turn runs now through the speaker's owner. Always
        /// true for a turn opened with no owner, or once that owner is freed: nothing is left to
        /// compare with.
        var isCurrent: Bool {
            guard let owner else { return true }
            return owner.switchboard.depth == depth
        }
    }

    /// The innermost synchronous turn.
    @TaskLocal static var syncTurn: Turn?

    /// The innermost synchronous turn, while it is open.
    private static var openTurn: Turn? {
        guard let turn = syncTurn, turn.isOpen else { return nil }
        return turn
    }

    /// The controller an async task speaks for, set by the kit around async receivers and
    /// controller tasks.
    @TaskLocal static var taskSpeaker: Identity?

    /// The turn of the async receiver a task is running, while a tracer watches: where
    /// ``notHandled(_:)`` notes a default outside every synchronous turn.
    @TaskLocal static var asyncTurn: AsyncTurn?

    /// One async receiver's turn: a box its task carries across its suspension points, where a
    /// synchronous turn never lasts.
    @MainActor
    final class AsyncTurn {
        let level: Level
        var defaultedMethod: String?

        init(speaker: any BusinessController) {
            level = Level(of: speaker)
        }
    }

    /// A speaker's identity and name, as a task carries it.
    struct Identity: Sendable {
        let id: ObjectIdentifier
        let name: String
    }

    /// The identity of a controller, for `taskSpeaker`.
    static func identity(of speaker: AnyObject) -> Identity {
        Identity(id: ObjectIdentifier(speaker), name: displayName(of: speaker))
    }

    /// Runs `body` as `speaker`'s turn; what it sends is traced as sent by `speaker`.
    ///
    /// - Returns: What `body` returns, and the closed turn, which says whether a default
    ///   implementation ran during it.
    static func turn<Result>(of speaker: any BusinessController, _ body: () -> Result) -> (Result, Turn) {
        let turn = Turn(speaker: speaker)
        defer { turn.isOpen = false }
        let result = $syncTurn.withValue(turn) { body() }
        return (result, turn)
    }

    /// Runs `body` as `speaker`'s turn and returns the default implementation that ran in it, if
    /// any: its method, and whether its message is quiet. A turn of the same speaker already open
    /// around it (a traced dispatch's) learns of the default too, so observers still see it.
    static func defaultRun(
        of speaker: any BusinessController, in body: () -> Void
    ) -> (method: String, isQuiet: Bool)? {
        let enclosing = openTurn
        let (_, turn) = turn(of: speaker, body)
        guard let method = turn.defaultedMethod else { return nil }
        if let enclosing, enclosing.speaker === speaker {
            enclosing.defaultedMethod = method
            enclosing.defaultIsQuiet = turn.defaultIsQuiet
        }
        return (method, turn.defaultIsQuiet)
    }

    /// Whether a controller's callback that the kit runs is under way, so that what is sent now
    /// is part of that callback's dispatch or lifecycle event (a button action's send is not).
    static var isTakingTurn: Bool { syncTurn?.isOpen == true }

    /// Notes that a default implementation ran in the innermost turn: a synchronous receiver's,
    /// else the async receiver's the task runs. Async code never runs inside a synchronous turn
    /// it did not open itself, since a synchronous dispatch cannot suspend.
    ///
    /// A default that ran in a dispatch nested in the turn, whose receivers got no turn of their
    /// own (the untraced send loop), is not the turn's, and nobody is told: one of another object
    /// than the turn's speaker, or one noted while a dispatch nested in the turn runs through the
    /// speaker's owner (``Level``).
    ///
    /// - Parameter receiver: The object whose default ran, when known (a relayed default).
    static func noteDefault(_ method: String, isQuiet: Bool = false, of receiver: AnyObject? = nil) {
        guard let turn = openTurn else {
            if let receiver, let speaker = taskSpeaker, speaker.id != ObjectIdentifier(receiver) { return }
            guard let asyncTurn, asyncTurn.level.isCurrent else { return }
            asyncTurn.defaultedMethod = method
            return
        }
        if let receiver, turn.speaker !== receiver { return }
        guard turn.level.isCurrent else { return }
        turn.defaultedMethod = method
        turn.defaultIsQuiet = isQuiet
    }

    /// The name a dispatch is traced as sent by: the explicit sender, else the controller whose
    /// turn it is (``Turn/sender``), else the task's speaker, else `nil` for the host.
    static func name(of sender: AnyObject?) -> String? {
        if let sender { return displayName(of: sender) }
        if let speaker = openTurn?.sender { return displayName(of: speaker) }
        return taskSpeaker?.name
    }

    /// The identity of whom a dispatch is traced as sent by, chosen as ``name(of:)`` chooses.
    static func identity(of sender: AnyObject?) -> ObjectIdentifier? {
        if let sender { return ObjectIdentifier(sender) }
        if let speaker = openTurn?.sender { return ObjectIdentifier(speaker) }
        return taskSpeaker?.id
    }
}

/// Marks a conversation method's default implementation, so that a receiver whose own method was
/// misspelled (and so never called) is reported, naming the receiver, the conversation and the
/// method.
///
/// Call it as the only statement of each empty default:
///
/// ```swift
/// extension CartConversation {
///     func cartDidChange(count: Int) { notHandled() }
/// }
/// ```
///
/// A tracer sees such a delivery in ``DispatchRecord/defaulted``; BCKitTesting reports it as an
/// issue in exhaustive mode. Without a tracer it costs a function call in the default itself and
/// nothing in the send loop.
///
/// It does not say whose default ran, so the kit tells by where it runs: a default that runs in
/// a send the receiver makes through its own owner (`center`, `owner.center`) belongs to that
/// send's receiver, not to the receiver that sent it. In a send the receiver makes through
/// another owner's center, such as a nested owner it keeps, the kit cannot tell and takes it for
/// the sender's own: trace that owner too, or call such sends outside the receiver's method.
///
/// - Parameter method: The method; the default, `#function`, names it.
@MainActor
public func notHandled(_ method: String = #function) {
    Speaker.noteDefault(method)
}

/// The name diagnostics and traces use for a controller or sender: an owner's name, or the
/// type's name.
@MainActor
package func displayName(of object: AnyObject) -> String {
    if let owner = object as? Owner { return owner.name }
    return String(describing: type(of: object))
}
