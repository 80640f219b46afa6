extension Owner {
    /// Registers a controller to be created on first need, as Boardy's board producers are: by
    /// default (``LazyCreation/onFirstMessageOrAppearance``) on the first dispatch of a conversation
    /// it speaks, or when the owner next appears (its first appearance, for one registered before
    /// it), whichever comes first; with ``LazyCreation/onFirstMessage``, only on that first
    /// message. A screen with many controllers pays only for those it uses.
    ///
    /// ```swift
    /// try owner.attach(lazily: { ReviewsController() }, speaking: [(any ReviewQuery).self])
    /// ```
    ///
    /// Its place in the owner's order is the one it would have had if attached now. Once created it
    /// is attached like any late joiner: caught up with the owner's state first, then it hears
    /// conversations; it gets the message that created it once, ahead of any later message, since
    /// it is created before that dispatch starts (and before a retained message is kept, so it gets
    /// no replay of it). Until then ``description`` lists it as registered, not created.
    ///
    /// With ``LazyCreation/onFirstMessage``, a retained message of one of its conversations kept
    /// already when it is registered is its first message: it is created at once, and gets that
    /// message by replay, once.
    ///
    /// Observers hear its creation, and why, as a ``TraceEvent`` of kind
    /// ``TraceEvent/Kind/lazilyCreated`` whose ``TraceEvent/detail`` names the cause:
    /// `first message of ReviewQuery`, `appearance`, or `retained message of ReviewQuery`.
    ///
    /// `make` must return a new controller. One attached already, here or elsewhere, cannot take
    /// a second place: it stays where it is, and the registration is used up. `make` cannot throw:
    /// when a message creates the controller, no caller is there to catch the error (and a `try!`
    /// in it stops the app at that message). A controller whose setup can fail is created all the
    /// same, and handles the failure itself, from `didAttach(to:)` on: it shows it, or tells the
    /// others through a conversation. Each conversation
    /// listed must be one the controller speaks: one it does not is reported when the controller is
    /// created, as ``Diagnostic/Cause/unspokenLazyConversation``.
    ///
    /// - Parameters:
    ///   - make: Creates the controller; called at most once.
    ///   - conversations: The conversation protocols whose first dispatch creates it, such as
    ///     `(any ReviewQuery).self`.
    ///   - creation: Whether the owner's next appearance creates it too; by default it does.
    ///   - priority: Higher comes first, as for ``attach(_:priority:)``.
    /// - Throws: ``OwnerError/tornDown(_:)`` after tear-down, ``OwnerError/priorityOutOfRange(_:)``,
    ///   ``OwnerError/neverCreated(_:)`` for ``LazyCreation/onFirstMessage`` with no conversation.
    public func attach<Controller: BusinessController>(
        lazily make: @escaping () -> Controller,
        speaking conversations: [Any.Type],
        creation: LazyCreation = .onFirstMessageOrAppearance,
        priority: Int = 0
    ) throws(OwnerError) {
        guard let compact = Int16(exactly: priority) else { throw .priorityOutOfRange(priority) }
        guard mayChange else { throw .tornDown("attach") }
        let name = String(describing: Controller.self)
        // Nothing could ever create it: no message of its, and no appearance.
        if conversations.isEmpty && !creation.isCreatedByAppearance { throw .neverCreated(name) }
        let lazy = LazyController(
            name: name,
            conversations: conversations,
            creation: creation,
            priority: compact,
            sequence: takeSequence(),
            make: make
        )
        // Its first message came already and is kept: now is the moment it waited for.
        if !creation.isCreatedByAppearance,
            let kept = switchboard.retained.first(where: {
                lazy.isCreated(by: $0.conversation)
            })
        {
            create(lazy, for: .retained(kept.conversation))
            return
        }
        lazyControllers.append(lazy)
    }

    /// Creates and attaches the lazy controllers that `cause` creates.
    func createLazyControllers(for cause: LazyCreationCause) {
        let due = lazyControllers.filter { $0.isDue(for: cause) }
        guard !due.isEmpty else { return }
        lazyControllers.removeAll { $0.isDue(for: cause) }
        for lazy in due {
            create(lazy, for: cause)
        }
    }

    /// Makes a lazy controller that is no longer registered and attaches it in its reserved place.
    private func create(_ lazy: LazyController, for cause: LazyCreationCause) {
        guard mayChange else { return }
        let outerFactory = runningFactory
        runningFactory = lazy.name
        let controller = lazy.make()
        runningFactory = outerFactory
        // A factory that tore this owner down (or had it let go by its parent) leaves nothing to
        // attach to. What it returned passes the checks of an eager attach: there is no caller to
        // throw to, so a refusal is reported.
        guard mayChange else { return }
        do throws(OwnerError) {
            try checkAttachable(controller)
        } catch {
            // Named as transcripts name it: a nested owner by its name, which the registration,
            // knowing only the type, could not give.
            let created = displayName(of: controller)
            report(
                Diagnostic(
                    cause: .lazyControllerRefused,
                    owner: name,
                    sender: created,
                    hint: "the factory of \(created), registered lazily, returned what attach(_:) refuses "
                        + "(\(error)); nothing was attached: return a new controller from the factory"
                )
            )
            return
        }
        trace(.lazilyCreated, controller, detail: cause.detail)
        for conversation in lazy.conversations where !speaks(controller, conversation) {
            let created = displayName(of: controller)
            report(
                Diagnostic(
                    cause: .unspokenLazyConversation,
                    owner: name,
                    sender: created,
                    conversation: conversationName(of: conversation),
                    hint: """
                        \(created) was registered lazily as speaking \(conversationName(of: conversation)) but does \
                        not conform to it, so that conversation's first message creates it and it never hears it; \
                        make it conform, or leave the conversation out of speaking:
                        """
                )
            )
        }
        // Asked again: an observer or a diagnostic handler told of the creation may have torn the
        // owner down (which is final, DESIGN 7) or attached the controller itself, and what it did
        // stands.
        guard (try? checkAttachable(controller)) != nil else { return }
        insert(controller, priority: lazy.priority, sequence: lazy.sequence)
    }

    /// Whether `controller` speaks `conversation`, a conversation protocol's existential
    /// metatype such as `(any ReviewQuery).self`, handed over as `Any.Type`.
    private func speaks(_ controller: any BusinessController, _ conversation: Any.Type) -> Bool {
        func isSpoken<Conversation>(_: Conversation.Type) -> Bool { controller is Conversation }
        return isSpoken(conversation)
    }
}
