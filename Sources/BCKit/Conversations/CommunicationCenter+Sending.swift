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
    @inline(__always)
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        _ message: (Conversation) -> Void
    ) -> Int {
        // Its own fast path inline and the careful one out of line, as in `first` and `all`:
        // through `dispatch`, the closure the careful path takes was built before the check on
        // every send (screen-kit: 115,543 Ir per session that way, 113,007 this way).
        onFastPath(conversation, scope: .local) { table in
            let reached = boundSwitchboard.deliver(table) { receiver -> Never? in
                message(receiver)
                return nil
            }.reached
            #if DEBUG
                reportIfNobody(conversation, reached: reached, in: boundSwitchboard)
            #endif
            return reached
        } otherwise: {
            carefulSend(conversation, message)
        }
    }

    /// `send`'s careful path, ``dispatchCarefully(_:kind:scope:message:diagnosing:until:)``, for a
    /// message that answers nothing. Not a second path: out of line only so that `send` builds
    /// no closure for it before its fast path's check.
    @inlinable
    @inline(never)
    func carefulSend<Conversation>(_ conversation: Conversation.Type, _ message: (Conversation) -> Void) -> Int {
        dispatchCarefully(conversation, kind: .send, scope: .local, message: nil, diagnosing: false) {
            receiver -> Never? in
            message(receiver)
            return nil
        }.reached
    }

    /// Calls a conversation method on every controller in scope that speaks the conversation.
    ///
    /// ```swift
    /// page.center.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any ThemeConversation).self`.
    ///   - scope: How far through nested owners the message goes. Through a view (``down``,
    ///     ``up``, ``others``), ``Scope/local`` keeps the view's reach and a wider scope replaces
    ///     it; ``others`` still leaves the sender out (see "Views" on ``CommunicationCenter``).
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
    ///   - scope: How far through nested owners the question goes. Through a view (``down``,
    ///     ``up``, ``others``), ``Scope/local`` keeps the view's reach and a wider scope replaces
    ///     it; ``others`` still leaves the sender out (see "Views" on ``CommunicationCenter``).
    ///   - ask: The question to put to a receiver; `nil` means "not me".
    /// - Returns: The first answer, or `nil` if nobody answered.
    @inlinable
    @inline(__always)
    public func first<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        _ ask: (Conversation) -> Answer?
    ) -> Answer? {
        // The fast path's answer comes back in registers: through `dispatch`, it met the careful
        // path's answer in memory, since that call returns the count and the answer together
        // (fixed-first 49 -> 33 Ir).
        onFastPath(conversation, scope: scope) { table in
            let (reached, found) = boundSwitchboard.deliver(table, until: ask)
            #if DEBUG
                reportIfNobody(conversation, reached: reached, in: boundSwitchboard)
            #endif
            return found
        } otherwise: {
            carefulFirst(conversation, scope: scope, ask)
        }
    }

    /// The answer of `first`'s careful path, ``dispatchCarefully(_:kind:scope:message:diagnosing:until:)``,
    /// alone. Not a second path: out of line only so that `first`'s fast path keeps its answer in
    /// registers; returned with the count, as the careful path returns it, it went through memory
    /// on every `first` (fixed-first 17 -> 27 Ir, Benchmarks/callgrind.sh).
    @inlinable
    @inline(never)
    func carefulFirst<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope,
        _ ask: (Conversation) -> Answer?
    ) -> Answer? {
        dispatchCarefully(conversation, kind: .query, scope: scope, message: nil, diagnosing: false, until: ask).found
    }

    /// Asks every receiver and returns the answers in the owner's order.
    ///
    /// ```swift
    /// let badges = owner.center.all((any BadgeQuery).self) { $0.badge }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes. Through a view (``down``,
    ///     ``up``, ``others``), ``Scope/local`` keeps the view's reach and a wider scope replaces
    ///     it; ``others`` still leaves the sender out (see "Views" on ``CommunicationCenter``).
    ///   - ask: The question to put to each receiver.
    /// - Returns: One answer per receiver, in order; empty when nobody speaks the conversation.
    @inlinable
    @inline(__always)
    public func all<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        _ ask: (Conversation) -> Answer
    ) -> [Answer] {
        // On the fast path the answers go into scratch memory sized from the table (on the stack
        // when small), then into the array at once: appending to the array checked its
        // uniqueness on every answer, an opaque call around which each receiver was retained and
        // released (40,439 Ir against 8,974 at N = 1000; Benchmarks/callgrind.sh all-kit). The
        // careful path, which may bring receivers of other owners, appends.
        onFastPath(conversation, scope: scope) { table in
            let answers = table.count > 0 ? Self.answers(of: table, in: boundSwitchboard, ask) : []
            #if DEBUG
                reportIfNobody(conversation, reached: answers.count, in: boundSwitchboard)
            #endif
            return answers
        } otherwise: {
            carefulAnswers(conversation, scope: scope, ask)
        }
    }

    /// The answers of `all`'s careful path, ``dispatchCarefully(_:kind:scope:message:diagnosing:until:)``,
    /// which may bring receivers of other owners, appended as they come. Not a second path: out of
    /// line only so that `all` inlines the decision and the lookup alone (fixed-all 38 -> 41 Ir
    /// with this inline, over its bound of 40; Benchmarks/callgrind.sh).
    @inlinable
    @inline(never)
    func carefulAnswers<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope,
        _ ask: (Conversation) -> Answer
    ) -> [Answer] {
        var answers: [Answer] = []
        _ = dispatchCarefully(conversation, kind: .query, scope: scope, message: nil, diagnosing: false) {
            receiver -> Never? in
            answers.append(ask(receiver))
            return nil
        }
        return answers
    }

    /// The answers of a fast-path walk over `table`: one per receiver it reaches, which is at
    /// most the table's count when the walk starts.
    ///
    /// Out of line, with the empty table answered before the call: `all` then inlines only the
    /// decision and the lookup, and a query nobody here answers makes no call (fixed-all
    /// 103 -> 56 Ir, Benchmarks/callgrind.sh).
    // measured: all-kit N=1000 40,394 -> 8,331 Ir (79%), the scratch of withScratch(of:capacity:_:) filled here
    @inlinable
    @inline(never)
    static func answers<Conversation, Answer>(
        of table: DispatchTable<Conversation>,
        in switchboard: Switchboard,
        _ ask: (Conversation) -> Answer
    ) -> [Answer] {
        let capacity = table.count
        return withScratch(of: Answer.self, capacity: capacity) { scratch in
            var count = 0
            _ = switchboard.deliver(table) { receiver -> Never? in
                assert(count < capacity, "a fast-path walk reaches at most the receivers it started with")
                (scratch.baseAddress.unsafelyUnwrapped + count).initialize(to: ask(receiver))
                count &+= 1
                return nil
            }
            defer { scratch.baseAddress?.deinitialize(count: count) }
            return Array(scratch[..<count])
        }
    }

    /// Folds the receivers' contributions into one value, in the owner's order.
    ///
    /// ```swift
    /// let total = owner.center.reduce((any PriceQuery).self, into: 0) { sum, part in sum += part.amount }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes. Through a view (``down``,
    ///     ``up``, ``others``), ``Scope/local`` keeps the view's reach and a wider scope replaces
    ///     it; ``others`` still leaves the sender out (see "Views" on ``CommunicationCenter``).
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
    ///   - scope: How far through nested owners the message goes. Through a view (``down``,
    ///     ``up``, ``others``), ``Scope/local`` keeps the view's reach and a wider scope replaces
    ///     it; ``others`` still leaves the sender out (see "Views" on ``CommunicationCenter``).
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
        }
        guard failures.isEmpty else {
            throw ConversationError(conversation: conversationName(of: Conversation.self), failures: failures)
        }
        return reached
    }
}

extension CommunicationCenter {
    /// Hands a dispatch to the switchboard of the sender's owner, as this center's sender and
    /// through this center's view; a controller's center that is not attached reaches nobody.
    /// The dispatch stops at the first receiver for which `visit` gives an answer.
    ///
    /// The one dispatch of every synchronous form but `send`, `first` and `all` (the relayed
    /// messages, `reduce`, the scoped and throwing sends, `gather`): its first branch is the fast
    /// path, inline, and the other the careful path,
    /// ``dispatchCarefully(_:kind:scope:message:diagnosing:until:)``. `send`, `first` and `all`
    /// write their own fast path, measured faster, and reach the same careful path through
    /// ``carefulSend(_:_:)``, ``carefulFirst(_:scope:_:)`` and ``carefulAnswers(_:scope:_:)``.
    ///
    /// In debug builds a relayed message takes the careful path while somebody listens to
    /// diagnostics, so that a message nobody handled is reported (DESIGN 21), and a dispatch the
    /// sender did not name (`message` is `nil`: an explicit form) is reported when it reaches
    /// nobody; release builds and the explicit forms keep the fast path.
    @inlinable
    @inline(__always)
    func dispatch<Conversation, Found>(
        _ conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        scope: Scope,
        message: Message? = nil,
        until visit: (Conversation) -> Found?
    ) -> (reached: Int, found: Found?) {
        #if DEBUG
            if message != nil, isDiagnosing(message, in: switchboard) {
                return dispatchCarefully(
                    conversation, kind: kind, scope: scope, message: message, diagnosing: true, until: visit)
            }
        #endif
        return onFastPath(conversation, scope: scope) { table in
            let delivered = boundSwitchboard.deliver(table, until: visit)
            #if DEBUG
                if message == nil { reportIfNobody(conversation, reached: delivered.reached, in: boundSwitchboard) }
            #endif
            return delivered
        } otherwise: {
            dispatchCarefully(conversation, kind: kind, scope: scope, message: message, diagnosing: false, until: visit)
        }
    }

    /// A dispatch to every receiver: one that never stops early.
    ///
    /// - Returns: How many receivers got it.
    @inlinable
    @inline(__always)
    @discardableResult
    func dispatch<Conversation>(
        _ conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        scope: Scope,
        message: Message? = nil,
        toEach body: (Conversation) -> Void
    ) -> Int {
        dispatch(conversation, kind: kind, scope: scope, message: message) { receiver -> Never? in
            body(receiver)
            return nil
        }.reached
    }

    /// Runs `fast` with the table of `Conversation` when a dispatch through this center in
    /// `scope` takes the fast path now, else returns `careful()`: the center sends through its
    /// bound switchboard (``isBound``, which an owner's own center is without a look at its
    /// sender), the scope stays in this owner, and the switchboard needs no care (see
    /// ``Switchboard/withFastTable(of:_:otherwise:)``).
    @inlinable
    @inline(__always)
    func onFastPath<Conversation, Result>(
        _ conversation: Conversation.Type,
        scope: Scope,
        _ fast: (DispatchTable<Conversation>) -> Result,
        otherwise careful: () -> Result
    ) -> Result {
        guard (isPlainHost || isBound) && viewed(scope).isLocalToEveryone else { return careful() }
        return boundSwitchboard.withFastTable(of: conversation, fast, otherwise: careful)
    }

    /// The careful path of every synchronous send and query, through the switchboard of the
    /// speaker's owner as it is now (a center kept while its controller moved follows it), or
    /// nowhere.
    ///
    /// Specialized in the caller's module but kept out of line: the fast path then needs no
    /// metadata for it, and the message's closure is not inlined here. Debug builds report here
    /// a send from a controller that is not attached (whose center always takes this path) and
    /// an explicit form that reached nobody.
    ///
    /// - Parameters:
    ///   - message: The relayed message, or `nil` for an explicit form.
    ///   - diagnosing: Whether to report `message` when no receiver handled it (debug builds).
    @inlinable
    @inline(never)
    func dispatchCarefully<Conversation, Found>(
        _ conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        scope: Scope,
        message: Message?,
        diagnosing: Bool,
        until visit: (Conversation) -> Found?
    ) -> (reached: Int, found: Found?) {
        let switchboard = self.switchboard
        #if DEBUG
            reportIfNotAttached(conversation, message, in: switchboard)
        #endif
        let delivered = switchboard.dispatchCarefully(
            conversation, kind: kind, scope: viewed(scope), sender: sender, message: message, isQuiet: isQuiet,
            diagnosing: diagnosing, until: visit)
        #if DEBUG
            if message == nil {
                reportIfNobody(conversation, reached: delivered.reached, in: switchboard, about: delivered.dispatch)
            }
        #endif
        return (delivered.reached, delivered.found)
    }
}

/// Runs `body` with uninitialized memory for `capacity` values, on the stack when small.
///
/// Nonisolated on purpose, like ``borrowing(_:_:)``: a main-actor closure handed straight to the
/// standard library's `withUnsafeTemporaryAllocation` gets a runtime executor check on every call.
@inlinable
@inline(__always)
func withScratch<Element, Result>(
    of type: Element.Type,
    capacity: Int,
    // measured: all-kit N=1000 40,394 -> 8,331 Ir (79%), answers appended to the array instead
    _ body: (UnsafeMutableBufferPointer<Element>) -> Result
) -> Result {
    withUnsafeTemporaryAllocation(of: type, capacity: capacity, body)
}
