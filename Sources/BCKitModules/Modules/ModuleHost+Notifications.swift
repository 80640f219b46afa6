import BCKit

// MARK: - Directed notifications

extension ModuleHost {
    /// Sends a notification down: to the modules of every level that builds on the sender's
    /// (higher ranks), in start order, as BCKit's `Scope.broadcastDown` reaches nested owners.
    ///
    /// ```swift
    /// try host.broadcastDown(ModuleNotification("sessionDidChange"), from: "session")
    /// ```
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - sender: The sending module's identifier.
    ///   - level: Only this level, which must be of higher rank than the sender's; every higher
    ///     rank when `nil`.
    /// - Returns: The identifiers of the modules that received it, in order.
    /// - Throws: ``ModuleError/wrongDirection(sender:from:to:direction:)`` when `level` is not of
    ///   higher rank than the sender's, ``ModuleError/unknownModule(_:)`` for an unknown sender.
    @discardableResult
    public func broadcastDown(
        _ notification: ModuleNotification,
        from sender: String,
        to level: ModuleLevel? = nil
    ) throws(ModuleError) -> [String] {
        try deliver(notification, from: sender, to: level, direction: .broadcastDown) { $0 > $1 }
    }

    /// Sends a notification up: to the modules of the levels the sender's builds on (lower
    /// ranks), in start order, as BCKit's `Scope.reportUp` reaches ancestors.
    ///
    /// ```swift
    /// try host.reportUp(ModuleNotification("cartDidCheckOut"), from: "cart", to: .foundation)
    /// ```
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - sender: The sending module's identifier.
    ///   - level: Only this level, which must be of lower rank than the sender's; every lower
    ///     rank when `nil`.
    /// - Returns: The identifiers of the modules that received it, in order.
    /// - Throws: ``ModuleError/wrongDirection(sender:from:to:direction:)`` when `level` is not of
    ///   lower rank than the sender's, ``ModuleError/unknownModule(_:)`` for an unknown sender.
    @discardableResult
    public func reportUp(
        _ notification: ModuleNotification,
        from sender: String,
        to level: ModuleLevel? = nil
    ) throws(ModuleError) -> [String] {
        try deliver(notification, from: sender, to: level, direction: .reportUp) { $0 < $1 }
    }

    /// Delivers through the app owner's center to the modules whose level `reaches` admits
    /// (`reaches(receiverLevel, senderLevel)`).
    private func deliver(
        _ notification: ModuleNotification,
        from sender: String,
        to level: ModuleLevel?,
        direction: ModuleError.Direction,
        reaches: (ModuleLevel, ModuleLevel) -> Bool
    ) throws(ModuleError) -> [String] {
        guard let senderModule = modulesByID[sender], let senderInfo = infoByObject[ObjectIdentifier(senderModule)]
        else {
            throw .unknownModule(sender)
        }
        if let level, !reaches(level, senderInfo.level) {
            throw .wrongDirection(sender: sender, from: senderInfo.level, to: level, direction: direction)
        }
        var receivers: [String] = []
        owner.center.send((any ModuleNotificationConversation).self) { receiver in
            guard let info = infoByObject[ObjectIdentifier(receiver)] else { return }
            guard reaches(info.level, senderInfo.level), level == nil || info.level == level else { return }
            receivers.append(info.id)
            receiver.moduleDidReceive(notification, from: senderInfo)
        }
        return receivers
    }
}
