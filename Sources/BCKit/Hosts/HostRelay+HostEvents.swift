// MARK: - Host events

extension HostRelay {
    /// Reports a memory warning to every controller that speaks ``HostEventConversation``, in
    /// nested owners too.
    ///
    /// - Returns: How many controllers heard it.
    @discardableResult
    public func didReceiveMemoryWarning() -> Int {
        broadcast { $0.hostDidReceiveMemoryWarning() }
    }

    /// Reports that the app went to the background.
    ///
    /// - Returns: How many controllers heard it.
    @discardableResult
    public func didEnterBackground() -> Int {
        broadcast { $0.hostDidEnterBackground() }
    }

    /// Reports that the app is about to come back to the foreground.
    ///
    /// - Returns: How many controllers heard it.
    @discardableResult
    public func willEnterForeground() -> Int {
        broadcast { $0.hostWillEnterForeground() }
    }

    /// Reports that the host's content is about to take a new size.
    ///
    /// - Parameter size: The new size, in points.
    /// - Returns: How many controllers heard it.
    @discardableResult
    public func sizeWillChange(to size: HostSize) -> Int {
        broadcast { $0.hostSizeWillChange(to: size) }
    }

    /// Reports that the host's traits changed.
    ///
    /// - Parameter traits: The traits now in effect.
    /// - Returns: How many controllers heard it.
    @discardableResult
    public func traitsDidChange(_ traits: HostTraits) -> Int {
        broadcast { $0.hostTraitsDidChange(traits) }
    }

    /// Host events concern the whole screen, so they reach nested owners too; a torn-down owner has
    /// no controllers left, so they reach nobody.
    private func broadcast(_ message: (any HostEventConversation) -> Void) -> Int {
        owner.center.send((any HostEventConversation).self, scope: .broadcastDown, message)
    }
}
