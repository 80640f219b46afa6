import BCKit

// MARK: - Directed notifications

extension ModuleHost {
    /// Sends a notification up: to the modules of higher levels than the sender, in start order.
    ///
    /// ```swift
    /// try host.broadcast(ModuleNotification("sessionDidChange"), from: "session")
    /// ```
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - sender: The sending module's identifier.
    ///   - level: Only this level, which must be higher than the sender's; every higher level
    ///     when `nil`.
    /// - Returns: The identifiers of the modules that received it, in order.
    /// - Throws: ``ModuleError/wrongDirection(sender:from:to:direction:)`` when `level` is not
    ///   higher than the sender's, ``ModuleError/unknownModule(_:)`` for an unknown sender.
    @discardableResult
    public func broadcast(
        _ notification: ModuleNotification,
        from sender: String,
        to level: ModuleLevel? = nil
    ) throws(ModuleError) -> [String] {
        try deliver(notification, from: sender, to: level, direction: "broadcast") { $0 > $1 }
    }

    /// Sends a notification down: to the modules of lower levels than the sender, in start order.
    ///
    /// ```swift
    /// try host.report(ModuleNotification("cartDidCheckOut"), from: "cart", to: .basic)
    /// ```
    ///
    /// - Parameters:
    ///   - notification: The notification.
    ///   - sender: The sending module's identifier.
    ///   - level: Only this level, which must be lower than the sender's; every lower level when `nil`.
    /// - Returns: The identifiers of the modules that received it, in order.
    /// - Throws: ``ModuleError/wrongDirection(sender:from:to:direction:)`` when `level` is not
    ///   lower than the sender's, ``ModuleError/unknownModule(_:)`` for an unknown sender.
    @discardableResult
    public func report(
        _ notification: ModuleNotification,
        from sender: String,
        to level: ModuleLevel? = nil
    ) throws(ModuleError) -> [String] {
        try deliver(notification, from: sender, to: level, direction: "report") { $0 < $1 }
    }

    /// Delivers through the app owner's center to the modules whose level `reaches` admits
    /// (`reaches(receiverLevel, senderLevel)`).
    private func deliver(
        _ notification: ModuleNotification,
        from sender: String,
        to level: ModuleLevel?,
        direction: String,
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
