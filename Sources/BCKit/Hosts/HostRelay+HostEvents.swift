// MARK: - Host events

extension HostRelay {
    /// Reports a memory warning to every controller that speaks ``HostEventConversation``, in
    /// nested owners too.
    public func didReceiveMemoryWarning() {
        guard isLive(for: "didReceiveMemoryWarning") else { return }
        events.hostDidReceiveMemoryWarning()
    }

    /// Reports that the app went to the background.
    public func didEnterBackground() {
        guard isLive(for: "didEnterBackground") else { return }
        events.hostDidEnterBackground()
    }

    /// Reports that the app is about to come back to the foreground.
    public func willEnterForeground() {
        guard isLive(for: "willEnterForeground") else { return }
        events.hostWillEnterForeground()
    }

    /// Reports that the host's content is about to take a new size.
    ///
    /// - Parameter size: The new size, in points.
    public func sizeWillChange(to size: HostSize) {
        guard isLive(for: "sizeWillChange") else { return }
        events.hostSizeWillChange(to: size)
    }

    /// Reports that the host's traits changed.
    ///
    /// - Parameter traits: The traits now in effect.
    public func traitsDidChange(_ traits: HostTraits) {
        guard isLive(for: "traitsDidChange") else { return }
        events.hostTraitsDidChange(traits)
    }

    /// Where the host's events go: every controller of the owner and of the owners nested in it,
    /// sent as the host. Send an app's own host events through it:
    ///
    /// ```swift
    /// relay.events.connectivityDidChange(isOnline: false)
    /// ```
    ///
    /// Host events concern the whole screen, so they reach nested owners too; a torn-down owner has
    /// no controllers left, so they reach nobody (the relay's own methods report, once, an owner
    /// torn down by another path than the relay; what is sent through this center is not checked).
    /// They are for whoever cares, so the center is ``CommunicationCenter/quietly``: debug builds
    /// report none as unhandled.
    public var events: CommunicationCenter {
        owner.center.down.quietly
    }
}
