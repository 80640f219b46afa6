extension Owner {
    /// Registers a controller to be created on first need, as Boardy's board producers are: on
    /// the first dispatch of a conversation it speaks, or when the owner next appears (its first
    /// appearance, for one registered before it), whichever comes first. A screen with many
    /// controllers pays only for those it uses.
    ///
    /// ```swift
    /// try owner.attach(lazily: { ReviewsController() }, speaking: [(any ReviewQuery).self])
    /// ```
    ///
    /// Its place in the owner's order is the one it would have had if attached now. Once created it
    /// is attached like any late joiner: caught up with the owner's state first, then it hears
    /// conversations; it gets the message that created it once, since it is created before that
    /// dispatch starts (and before a retained message is kept, so it gets no replay of it). Until
    /// then ``description`` lists it as registered, not created.
    ///
    /// `make` must return a new controller. One attached already, here or elsewhere, cannot take
    /// a second place: it stays where it is, and the registration is used up.
    ///
    /// - Parameters:
    ///   - make: Creates the controller; called at most once.
    ///   - conversations: The conversation protocols whose first dispatch creates it, such as
    ///     `(any ReviewQuery).self`.
    ///   - priority: Higher comes first, as for ``attach(_:priority:)``.
    /// - Throws: ``OwnerError/tornDown(_:)`` after tear-down, ``OwnerError/priorityOutOfRange(_:)``.
    public func attach<Controller: BusinessController>(
        lazily make: @escaping () -> Controller,
        speaking conversations: [Any.Type],
        priority: Int = 0
    ) throws(OwnerError) {
        guard let compact = Int16(exactly: priority) else { throw .priorityOutOfRange(priority) }
        guard mayChange else { throw .tornDown("attach") }
        lazyControllers.append(
            LazyController(
                name: String(describing: Controller.self),
                conversations: Set(conversations.map(ObjectIdentifier.init)),
                conversationNames: conversations.map { conversationName(of: $0) },
                priority: compact,
                sequence: takeSequence(),
                make: make
            )
        )
    }

    /// Creates and attaches the lazy controllers a conversation needs, or all of them for `nil`.
    func createLazyControllers(speaking conversation: ObjectIdentifier?) {
        let due = lazyControllers.filter { lazy in conversation.map(lazy.conversations.contains) ?? true }
        guard !due.isEmpty else { return }
        lazyControllers.removeAll { lazy in conversation.map(lazy.conversations.contains) ?? true }
        for lazy in due where mayChange {
            let controller = lazy.make()
            // A factory that tore this owner down (or had it let go by its parent) leaves nothing
            // to attach to; one handing out a controller attached already cannot be obeyed.
            guard mayChange, controller.owner == nil else { continue }
            trace(.lazilyCreated, controller)
            insert(controller, priority: lazy.priority, sequence: lazy.sequence)
        }
    }
}
