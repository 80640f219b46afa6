/// The one delivery rule, and the one loop that walks it: every dispatch of the kit goes through
/// ``walk(_:departures:observer:_:)``, conversations (sync and async, every scope, traced or not),
/// lifecycle fan-outs, catch-ups and closings, reuse and retained replays alike.
///
/// > A dispatch reaches the receivers present when it started, in order, each at most once,
/// > minus those detached while it runs.
///
/// "Present when it started" is the snapshot the dispatch walks: a receiver attached later is not
/// in it. "At most once" is the walk itself: the position only moves forward. "Minus those
/// detached" is the check below: a controller detached from its owner, or moved to another owner
/// (which gives it a new ``Attachment``), has a detached attachment in the snapshot and is
/// skipped. For a scoped send the snapshot holds the receivers of every owner in the scope, so
/// the same three facts hold across the whole scope.
///
/// The test is ``hasLeft(_:mayHaveLeft:)``, and it is the only one. A receiver leaves a table
/// only while its owner's switchboard parks that table's memory (a dispatch is running), so the
/// send fast path reads a receiver's own flag only once its switchboard parked something during
/// the running dispatches (it rarely does): one comparison with a constant per receiver instead
/// of two dependent loads. Walks over several owners read every flag.
///
/// The kinds differ only in what they pass the walk: the snapshot, which ``Departures`` to check,
/// an observer (``Unobserved`` for the fast path) and the body that calls a receiver. A walk is a
/// cursor: a body that returns `false` stops it after that receiver, and a later call carries on
/// from there, which is how an async send awaits each receiver in turn.
@frozen
@usableFromInline
struct Delivery {
    @usableFromInline
    var position: Int
    @usableFromInline
    let end: Int
    @usableFromInline
    let step: Int

    /// A walk over `count` receivers, first to last, or last to first for the down events;
    /// `start` skips the first receivers of a forward walk.
    @inlinable
    init(count: Int, reversed: Bool = false, from start: Int = 0) {
        position = reversed ? count &- 1 : start
        end = reversed ? -1 : count
        step = reversed ? -1 : 1
    }

    /// Whether a receiver in the walk's snapshot has left (been detached, or moved to another
    /// owner, which gives it a new attachment) since the walk started.
    ///
    /// - Parameters:
    ///   - mayHaveLeft: `false` when no receiver of the snapshot can have left, which spares
    ///     reading the attachment.
    @inlinable
    @inline(__always)
    @MainActor
    static func hasLeft(_ attachment: Attachment, mayHaveLeft: Bool) -> Bool {
        mayHaveLeft && attachment.phase == .detached
    }

    /// Which receivers of a walk may have left since it started.
    @usableFromInline
    enum Departures {
        /// Any of them: every receiver's flag is read.
        case possible
        /// Only once `Switchboard` parked table memory during the running dispatches: the snapshot
        /// is that switchboard's own table (see ``Switchboard/memory``).
        case afterParking(Switchboard)
        /// None that matters: the one receiver is leaving and gets its closing events.
        case leaving

        @inlinable
        @inline(__always)
        @MainActor
        var arePossible: Bool {
            switch self {
            case .possible: true
            case .afterParking(let switchboard): switchboard.memory.hasParked
            case .leaving: false
            }
        }
    }

    /// The one delivery loop: walks `receivers` from the cursor by the delivery rule, and calls
    /// `body` with the position of each receiver that has not left and that `observer` lets
    /// through, until the walk ends, `observer` stops it, or `body` returns `false` (the cursor
    /// then stands after that receiver).
    ///
    /// `body` gets a position, not the receiver: it reads the receiver where it calls it, so that
    /// nothing holds the receiver across the call. Handed the receiver, the lifecycle walk
    /// retained and released every controller around its step (lifecycle-kit at N = 1000:
    /// 369,690 against 180,659 Ir per appearance cycle).
    ///
    /// - Returns: How many receivers `body` was called on.
    @inlinable
    @inline(__always)
    @MainActor
    @discardableResult
    mutating func walk<Receivers: RandomAccessCollection, Observer: DeliveryObserver>(
        _ receivers: Receivers,
        departures: Departures,
        observer: inout Observer,
        _ body: (Int) -> Bool
    ) -> Int where Receivers.Element: Deliverable, Receivers.Index == Int {
        // Counting down from every receiver as some are skipped, rather than up as each is
        // reached, saves an instruction per receiver; keeping that one count, rather than the
        // skipped and the total, saves four per dispatch (173 -> 169 Ir for a send to ten
        // controllers).
        var reached = (end &- position) &* step
        while position != end {
            // Checked before the cursor moves, so a stopped walk stands at its first receiver
            // not visited.
            if observer.stopsWalk {
                return reached &- (end &- position) &* step
            }
            let current = position
            position &+= step
            if Self.hasLeft(receivers[current].attachment, mayHaveLeft: departures.arePossible)
                || !observer.willDeliver(to: receivers[current].attachment)
            {
                reached &-= 1
                continue
            }
            let goesOn = observer.deliver(receivers, at: current) { body(current) }
            if !goesOn { return reached &- (end &- position) &* step }
        }
        return reached
    }
}

extension Delivery {
    /// The walk of a conversation: ``walk(_:departures:observer:_:)`` until `answer` gives a
    /// value for a receiver, returned with the count. `first` stops at its answer;
    /// a send never answers.
    ///
    /// Returning the answer, rather than storing it from the caller's closure, keeps a query's
    /// closure free of captures: its context was built on every query even on the fast path,
    /// where nothing reads it (`first` over one receiver, 94 -> 86 Ir; Benchmarks/callgrind.sh
    /// first2-kit).
    @inlinable
    @inline(__always)
    @MainActor
    mutating func find<Receivers: RandomAccessCollection, Observer: DeliveryObserver, Found>(
        _ receivers: Receivers,
        departures: Departures,
        observer: inout Observer,
        _ answer: (Int) -> Found?
    ) -> (reached: Int, found: Found?) where Receivers.Element: Deliverable, Receivers.Index == Int {
        var found: Found?
        let reached = walk(receivers, departures: departures, observer: &observer) { position in
            guard let answer = answer(position) else { return true }
            found = answer
            return false
        }
        return (reached, found)
    }
}

/// Something a ``Delivery`` walks over: it knows the attachment it delivers to.
@MainActor
@usableFromInline
protocol Deliverable {
    var attachment: Attachment { get }
}

extension Attachment: Deliverable {
    @inlinable
    var attachment: Attachment { self }
}

// MARK: - The one entry point of a receiver

/// How a call into a controller is observed: what ``Delivery/visit(_:in:_:)`` does around it.
@MainActor
enum Observing {
    /// Nobody watches: the call is made as is.
    case none
    /// Observers watch the owner, but not as a dispatch (an attach or detach callback, saving or
    /// restoring state): the call is the controller's speaker turn, so what it sends is traced as
    /// sent by it.
    case speaker
    /// A traced dispatch: the receiver is recorded as reached, the call is its speaker turn, and a
    /// default implementation it falls through to is noted in the trace.
    case trace(DispatchTrace)
}

extension Delivery {
    /// The one place the kit calls into a controller: a message, a question, a lifecycle
    /// callback, a reset for reuse, an attach or detach callback, a replay, saving or restoring its
    /// state. What happens to a receiver besides the call (recorded as reached, its speaker turn,
    /// a default noted) is written here once, and depends only on `observing`.
    ///
    /// The untraced send and lifecycle loops call their receivers directly, as the `.none` case
    /// does, so that they pay nothing for this switch.
    ///
    /// - Returns: What `call` returns.
    @MainActor
    @inline(__always)
    static func visit<Result>(_ attachment: Attachment, in observing: Observing, _ call: () -> Result) -> Result {
        // The unobserved call inline, the observed ones out of line: a caller that observes nothing
        // (a goodbye without observers) stays as small as its call, whatever observing takes.
        // With all three cases in one body, the optimizer stopped inlining it once a speaker turn
        // read its owner's depth: screen-kit 114,690 -> 115,827 Ir per session
        // (Benchmarks/callgrind.sh); split, 114,725.
        if case .none = observing { return call() }
        return visitObserved(attachment, in: observing, call)
    }

    /// ``visit(_:in:_:)`` for an observed call.
    @MainActor
    @inline(never)
    private static func visitObserved<Result>(
        _ attachment: Attachment, in observing: Observing, _ call: () -> Result
    ) -> Result {
        switch observing {
        case .none:
            // Not reached through `visit`, which makes this call itself; answered all the same.
            return call()
        case .speaker:
            return Speaker.turn(of: attachment.controller, call).0
        case .trace(let trace):
            trace.reached.append(attachment)
            let (result, turn) = Speaker.turn(of: attachment.controller, call)
            if let method = turn.defaultedMethod {
                trace.defaulted.append(DefaultedDelivery(attachment, method: method))
            }
            return result
        }
    }

    /// ``visit(_:in:_:)`` for an awaited call, the one async twin: the task speaks as the
    /// controller throughout, across its suspension points, and a traced call's default is noted
    /// in a turn the task carries with it.
    ///
    /// - Parameter reached: Whether to record the receiver as reached here; `false` when the
    ///   dispatch recorded it already, in delivery order, before starting calls that run
    ///   concurrently.
    /// - Returns: What `call` returns.
    @MainActor
    static func visit<Result: Sendable>(
        _ attachment: Attachment,
        in observing: Observing,
        recordingReached reached: Bool = true,
        _ call: () async -> Result
    ) async -> Result {
        let speaker = Speaker.identity(of: attachment.controller)
        guard case .trace(let trace) = observing else {
            // No turn of its own, and none of an enclosing receiver's: a default this receiver
            // falls through to is not the receiver's whose async send reached it.
            return await Speaker.$taskSpeaker.withValue(speaker) {
                await Speaker.$asyncTurn.withValue(nil) { await call() }
            }
        }
        if reached { trace.reached.append(attachment) }
        let turn = Speaker.AsyncTurn(speaker: attachment.controller)
        let result = await Speaker.$taskSpeaker.withValue(speaker) {
            await Speaker.$asyncTurn.withValue(turn) { await call() }
        }
        if let method = turn.defaultedMethod { trace.defaulted.append(DefaultedDelivery(attachment, method: method)) }
        return result
    }
}
