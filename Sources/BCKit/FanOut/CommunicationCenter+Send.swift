// MARK: - Sending and asking

extension CommunicationCenter {
    /// Calls a conversation method on every controller of this owner that speaks the conversation.
    ///
    /// ```swift
    /// owner.center.send((any CartConversation).self) { $0.cartDidChange(count: 3) }
    /// ```
    ///
    /// The fastest path through the kit: a table lookup and a loop that only calls receivers.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any CartConversation).self`.
    ///   - message: The call to make on each receiver.
    /// - Returns: How many receivers got the message; `0` when nobody speaks the conversation.
    /// - Complexity: O(*r*) for *r* receivers; the first send of a conversation in an owner also
    ///   builds its table, O(*n*) for *n* controllers.
    @inlinable
    @inline(never)
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        _ message: (Conversation) -> Void
    ) -> Int {
        dispatch(conversation, kind: .send, scope: .local) { receiver in
            message(receiver)
            return true
        }
    }

    /// Calls a conversation method on every controller in scope that speaks the conversation.
    ///
    /// ```swift
    /// page.center.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any ThemeConversation).self`.
    ///   - scope: How far through nested owners the message goes.
    ///   - message: The call to make on each receiver.
    /// - Returns: How many receivers got the message, over every owner in scope.
    @inlinable
    @inline(never)
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        scope: Scope,
        _ message: (Conversation) -> Void
    ) -> Int {
        dispatch(conversation, kind: .send, scope: scope) { receiver in
            message(receiver)
            return true
        }
    }

    /// Asks receivers in order and returns the first answer that is not `nil`; the receivers after
    /// it are not asked.
    ///
    /// ```swift
    /// let title = owner.center.first((any GoodsQuery).self) { $0.title }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes.
    ///   - ask: The question to put to a receiver; `nil` means "not me".
    /// - Returns: The first answer, or `nil` if nobody answered.
    @inlinable
    @inline(never)
    public func first<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        _ ask: (Conversation) -> Answer?
    ) -> Answer? {
        var answer: Answer?
        dispatch(conversation, kind: .query, scope: scope) { receiver in
            answer = ask(receiver)
            return answer == nil
        }
        return answer
    }

    /// Asks every receiver and returns the answers in the owner's order.
    ///
    /// ```swift
    /// let badges = owner.center.all((any BadgeQuery).self) { $0.badge }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes.
    ///   - ask: The question to put to each receiver.
    /// - Returns: One answer per receiver, in order; empty when nobody speaks the conversation.
    @inlinable
    @inline(never)
    public func all<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        _ ask: (Conversation) -> Answer
    ) -> [Answer] {
        var answers: [Answer] = []
        dispatch(conversation, kind: .query, scope: scope) { receiver in
            answers.append(ask(receiver))
            return true
        }
        return answers
    }

    /// Folds the receivers' contributions into one value, in the owner's order.
    ///
    /// ```swift
    /// let total = owner.center.reduce((any PriceQuery).self, into: 0) { sum, part in sum += part.amount }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes.
    ///   - initial: The value to start from.
    ///   - combine: Updates the value with one receiver's contribution.
    /// - Returns: The folded value; `initial` when nobody speaks the conversation.
    @inlinable
    @inline(never)
    public func reduce<Conversation, Result>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        into initial: Result,
        _ combine: (inout Result, Conversation) -> Void
    ) -> Result {
        var result = initial
        dispatch(conversation, kind: .query, scope: scope) { receiver in
            combine(&result, receiver)
            return true
        }
        return result
    }

    /// Calls a throwing conversation method on every receiver; every receiver is called even when
    /// some throw, then all the errors are thrown together.
    ///
    /// ```swift
    /// do {
    ///     try owner.center.send((any FormConversation).self) { try $0.validate() }
    /// } catch {
    ///     print(error.failures.map(\.receiver))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the message goes.
    ///   - message: The call to make on each receiver.
    /// - Returns: How many receivers got the message, when none threw.
    /// - Throws: A ``ConversationError`` listing each receiver that threw, in order.
    @inlinable
    @inline(never)
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        _ message: (Conversation) throws -> Void
    ) throws(ConversationError) -> Int {
        var failures: [ConversationError.Failure] = []
        let reached = dispatch(conversation, kind: .send, scope: scope) { receiver in
            do {
                try message(receiver)
            } catch {
                failures.append(ConversationError.Failure(receiver: typeName(of: receiver), error: error))
            }
            return true
        }
        guard failures.isEmpty else {
            throw ConversationError(conversation: conversationName(of: Conversation.self), failures: failures)
        }
        return reached
    }
}

// MARK: - The dispatch loop

extension CommunicationCenter {
    /// Delivers to the receivers in scope; `body` returns `false` to stop. The common case (this
    /// owner only, no tracer) is the inlined loop; everything else takes the slow path.
    @inlinable
    @inline(__always)
    @discardableResult
    func dispatch<Conversation>(
        _ conversation: Conversation.Type,
        kind: Dispatch.Kind,
        scope: Scope,
        _ body: (Conversation) -> Bool
    ) -> Int {
        if scope.reach == .local, tracer == nil {
            guard let table = index.table(for: ObjectIdentifier(Conversation.self)) else {
                return deliverHere(makeTable(for: conversation), body).delivered
            }
            // Borrowed, not retained: the caller keeps this center alive for the call, and the
            // center keeps every table it ever built.
            return borrowing(table) {
                deliverHere(unsafeDowncast($0, to: DispatchTable<Conversation>.self), body).delivered
            }
        }
        return dispatchSlowly(conversation, kind: kind, scope: scope, body)
    }

    /// The loop over one table: the receivers present when it starts, minus any detached since.
    ///
    /// The hot loop: no bounds checks, no reference counting and one comparison per receiver for
    /// re-entrancy; a receiver's `isAttached` flag is read only once some detach happened.
    @inlinable
    @inline(__always)
    func deliverHere<Conversation>(
        _ table: DispatchTable<Conversation>,
        _ body: (Conversation) -> Bool
    ) -> (delivered: Int, finished: Bool) {
        let detaches = detachCount
        enter(ObjectIdentifier(Conversation.self))
        defer { depth &-= 1 }
        // Read once: while `depth` is above zero the table never writes or frees this memory
        // (see `DispatchTable.base`).
        let entries = table.base
        let count = table.count
        var position = 0
        var skipped = 0
        while position < count {
            defer { position &+= 1 }
            if detachCount != detaches, !entries[position].attachment.isAttached {
                skipped &+= 1
                continue
            }
            if !body(entries[position].receiver) { return (position &+ 1 &- skipped, false) }
        }
        return (position &- skipped, true)
    }

    /// Scoped or traced dispatch: not specialized, since tracing costs far more than generic calls.
    @usableFromInline
    func dispatchSlowly<Conversation>(
        _ conversation: Conversation.Type,
        kind: Dispatch.Kind,
        scope: Scope,
        _ body: (Conversation) -> Bool
    ) -> Int {
        guard let origin = owner else { return 0 }
        let sender = currentSender?.name ?? TaskAttribution.sender
        var total = 0
        for owner in scope.owners(from: origin) {
            let center = owner.center
            let table = center.table(for: conversation)
            let result =
                center.tracer == nil
                ? center.deliverHere(table, body)
                : center.deliverTraced(table, kind: kind, sender: sender, body)
            total += result.delivered
            if !result.finished { break }
        }
        return total
    }
}

/// Runs `body` with an unretained reference the caller knows is alive.
///
/// Nonisolated on purpose: a main-actor closure handed straight to the standard library's
/// `_withUnsafeGuaranteedRef` gets a runtime executor check (SE-0423) on every call, about 60
/// instructions; handed to this function of a Swift 6 module it gets none.
@inlinable
@inline(__always)
func borrowing<Object: AnyObject, Result>(_ object: Unmanaged<Object>, _ body: (Object) -> Result) -> Result {
    object._withUnsafeGuaranteedRef(body)
}

/// Runs `body` over the array's storage, unretained.
///
/// Nonisolated for the same reason as `borrowing(_:_:)`: the closure reaches the standard library
/// from here, not from main-actor code, so it gets no runtime executor check. Used where the
/// array's owner guarantees the storage is neither written nor freed while `body` runs.
@inlinable
@inline(__always)
func withBuffer<Element, Result>(
    of array: ContiguousArray<Element>,
    _ body: (UnsafeBufferPointer<Element>) -> Result
) -> Result {
    array.withUnsafeBufferPointer(body)
}

/// A conversation protocol's name without the `any ` that `String(describing:)` puts before it.
@usableFromInline
func conversationName<Conversation>(of conversation: Conversation.Type) -> String {
    let described = String(describing: conversation)
    return described.hasPrefix("any ") ? String(described.dropFirst(4)) : described
}

/// The dynamic type's name of a receiver held as an existential.
@usableFromInline
func typeName<Value>(of value: Value) -> String {
    // `type(of:)` on a generic value bound to an existential gives the protocol's metatype;
    // going through `Any` opens the box and gives the concrete type.
    String(describing: type(of: value as Any))
}
