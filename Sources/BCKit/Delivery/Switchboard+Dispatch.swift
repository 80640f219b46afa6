extension Switchboard {
    /// Runs `body` with the fast path's table of `Conversation`, borrowed, built on first use;
    /// or returns `careful()` while the switchboard needs care (``careReasons``). The one place
    /// that decides a local dispatch's path.
    ///
    /// The table the last lookup found is named with one comparison, which is also the gate's
    /// answer to "is care needed?": the index forgets it whenever care is (``TableIndex/recentKey``).
    /// A dispatch that names it then reads the depth only if the table has receivers: one that
    /// reaches nobody nests nothing, so it answers "nobody" at any depth (fixed-all 45 -> 38 Ir,
    /// fixed-send 22 -> 17, fixed-first 24 -> 17; Benchmarks/callgrind.sh). Every other dispatch
    /// passes the whole gate before the probe, as before.
    @inlinable
    @inline(__always)
    func withFastTable<Conversation, Result>(
        of conversation: Conversation.Type,
        _ body: (DispatchTable<Conversation>) -> Result,
        otherwise careful: () -> Result
    ) -> Result {
        // Borrowed, not retained: the center keeps this switchboard alive for the call, and
        // the switchboard keeps every table it built, or parks it while a dispatch runs.
        // Retaining it instead costs 245 Ir against 173 for a send to ten controllers, and
        // 12,125 against 9,578 to a thousand (callgrind, Benchmarks/callgrind.sh kit).
        // The key before the index: computed inside the lookup's arguments, the metadata call
        // came after the index's fields were read, which were then saved across it.
        let key = ObjectIdentifier(Conversation.self)
        if index.remembers(key) {
            // Unwrapped unchecked in release builds: the key it was remembered with was just
            // matched, so the table is there. A debug build still checks.
            // measured: fixed-send 19 -> 17 Ir (12%), recentTable! instead (fixed-all 40 -> 38)
            let recent = index.recentTable.unsafelyUnwrapped
            return TableIndex.borrow(recent, as: Conversation.self) { table in
                table.count > 0 && !fastPath.admits(depth: depth) ? careful() : body(table)
            }
        }
        guard fastPath.admits(depth: depth) else { return careful() }
        guard let table = index.rememberedTable(for: key) else { return body(makeTable(for: conversation)) }
        return TableIndex.borrow(table, as: Conversation.self, body)
    }

    /// The fast path of a conversation's dispatch: walks `table`'s receivers in place, unobserved.
    /// The first branch of every synchronous send and query (see ``withFastTable(of:_:otherwise:)``);
    /// the careful path is ``dispatchCarefully(_:kind:scope:sender:message:diagnosing:until:)``.
    /// Both are one ``Delivery/find(_:departures:observer:_:)``: they differ only in the receivers
    /// (this table read in place, or a snapshot), the departures checked and the observer.
    ///
    /// - Returns: How many receivers it reached, and the first answer `visit` gave.
    @inlinable
    @inline(__always)
    func deliver<Conversation, Found>(
        _ table: DispatchTable<Conversation>,
        until visit: (Conversation) -> Found?
    ) -> (reached: Int, found: Found?) {
        // Nobody to call, nothing to nest or park: a conversation nobody here speaks, such as a
        // host event nobody listens to, costs no depth bookkeeping (fixed-send 42 -> 36 Ir,
        // fixed-first 61 -> 52).
        guard table.count > 0 else { return (0, nil) }
        enterShallow()
        defer { leave() }
        // Read in place: while `depth` is above zero the table never writes or frees this memory.
        return table.withReceivers(during: self) { entries in
            // Made here, not captured: the address a closure was handed for this empty value
            // was not one the thread sanitizer could check (a crash in its shadow memory).
            var observer = Unobserved()
            var delivery = Delivery(count: entries.count)
            return delivery.find(entries, departures: .afterParking(self), observer: &observer) {
                visit(entries[$0].receiver)
            }
        }
    }

    /// The careful path of a conversation's dispatch: scoped, traced, diagnosed, or while the
    /// switchboard needs care. The receivers of every owner in scope are copied into one
    /// snapshot, then walked with a ``CarefulObserver``, which calls each through
    /// ``Delivery/visit(_:in:_:)``.
    ///
    /// - Parameters:
    ///   - sender: The sending controller, or `nil` for the host.
    ///   - message: The relayed message, or `nil` for an explicit form.
    ///   - isQuiet: Whether the sender's center is quiet (``CommunicationCenter/quietly``), which
    ///     makes the dispatch quiet whatever its message.
    ///   - diagnosing: Whether to report `message` when no receiver handled it.
    /// - Returns: How many receivers it reached, the first answer `visit` gave, and the
    ///   dispatch's identity when it was traced, for a report made as it ends to name.
    @usableFromInline
    func dispatchCarefully<Conversation, Found>(
        _ conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        scope: Scope,
        sender: AnyObject?,
        message: Message? = nil,
        isQuiet: Bool = false,
        diagnosing: Bool = false,
        until visit: (Conversation) -> Found?
    ) -> (reached: Int, found: Found?, dispatch: DispatchID?) {
        guard let origin = owner else { return (0, nil, nil) }
        let owners = scope.owners(from: origin)
        return deliver(
            snapshot(
                of: conversation, in: owners, scope: scope, sender: sender,
                lazyControllersMadeIn: message?.isRetained == true ? origin : nil),
            tracers: distinctTracers(of: owners),
            kind: kind,
            scope: scope,
            sender: sender,
            message: message,
            isQuiet: isQuiet,
            diagnosing: diagnosing,
            until: visit
        )
    }

    /// Walks a snapshot carefully, traced when `tracers` is not empty; with `diagnosing`, reports
    /// the message when no receiver handled it. The careful path's walk, and a retained
    /// message's replay to one newcomer.
    ///
    /// - Returns: How many receivers it reached, the first answer `visit` gave, and the
    ///   dispatch's identity when it was traced.
    func deliver<Conversation, Found>(
        _ receivers: ContiguousArray<Entry<Conversation>>,
        tracers: [any DispatchTracer],
        kind: DispatchRecord.Kind,
        scope: Scope,
        sender: AnyObject?,
        message: Message? = nil,
        isQuiet: Bool = false,
        diagnosing: Bool = false,
        until visit: (Conversation) -> Found?
    ) -> (reached: Int, found: Found?, dispatch: DispatchID?) {
        let trace = DispatchTrace(
            of: Conversation.self, kind: kind, owner: owner, sender: sender, scope: scope, depth: depth,
            message: message, isQuiet: isQuiet, tracers: tracers, evenUntraced: diagnosing)
        let observing: Observing = if let trace { .trace(trace) } else { .none }
        var observer = CarefulObserver(observing, broadcastOrigin: scope.reachesDown ? owner : nil)
        // Counted only when it calls someone, as on the fast path: whether a dispatch to nobody
        // nests must not depend on a tracer.
        let nests = !receivers.isEmpty
        if nests { enter(ObjectIdentifier(Conversation.self)) }
        var delivery = Delivery(count: receivers.count)
        let delivered = delivery.find(receivers, departures: .possible, observer: &observer) {
            visit(receivers[$0].receiver)
        }
        if nests { leave() }
        let record = trace?.finish()
        if diagnosing, let record, let message {
            diagnoseUnhandled(record, of: Conversation.self, message: message, sender: sender)
        }
        return (delivered.reached, delivered.found, record?.id)
    }

    /// The receivers of a conversation in each of `owners`, in delivery order.
    ///
    /// - Parameters:
    ///   - scope: The dispatch's scope, which leaves `sender` out when it excludes the sender
    ///     (``CommunicationCenter/others``): decided here, so that no dispatch forgets it.
    ///   - made: The owner whose lazy controllers this message created already, which the
    ///     snapshot creates none of: a retained message creates them before its owner keeps it,
    ///     and one a factory registered meanwhile would get it by replay and again in flight.
    func snapshot<Conversation>(
        of conversation: Conversation.Type,
        in owners: [Owner],
        scope: Scope,
        sender: AnyObject?,
        lazyControllersMadeIn made: Owner? = nil
    ) -> ContiguousArray<Entry<Conversation>> {
        var receivers = ContiguousArray<Entry<Conversation>>()
        for owner in owners {
            if owner !== made, owner.switchboard.hasLazyControllers {
                owner.createLazyControllers(for: .message(conversation))
            }
            receivers.append(contentsOf: owner.switchboard.table(for: conversation).entries)
        }
        if scope.excludesSender, let sender {
            receivers.removeAll { $0.attachment.controller === sender }
        }
        return receivers
    }

    /// The observers of `owners`, each once, the first owner's first.
    func distinctTracers(of owners: [Owner]) -> [any DispatchTracer] {
        guard owners.count > 1 else { return owners.first?.switchboard.observers ?? [] }
        var tracers: [any DispatchTracer] = []
        for owner in owners {
            for observer in owner.switchboard.observers where !Owner.contains(observer, in: tracers) {
                tracers.append(observer)
            }
        }
        return tracers
    }
}

/// A protocol's (or any type's) name without the `any ` that `String(describing:)` puts before
/// an existential: how conversations and services are named in traces and errors.
@usableFromInline
package func conversationName<Conversation>(of conversation: Conversation.Type) -> String {
    // `_typeName` is what `String(describing:)` prints for a metatype, without first asking the
    // runtime whether the metatype conforms to `CustomStringConvertible` and its kin: a lookup
    // that scans every conformance in the process for each new type (~1M instructions, measured
    // with callgrind on the services benchmark).
    // measured: launch-kit N=100 6,943,680 -> 5,185,042 Ir (34%), String(describing:) instead
    let described = _typeName(conversation, qualified: false)
    return described.hasPrefix("any ") ? String(described.dropFirst(4)) : described
}

/// The dynamic type's name of a value held as an existential or a generic.
@usableFromInline
package func typeName<Value>(of value: Value) -> String {
    // `type(of:)` on a generic value bound to an existential gives the protocol's metatype;
    // going through `Any` opens the box and gives the concrete type.
    String(describing: type(of: value as Any))
}
