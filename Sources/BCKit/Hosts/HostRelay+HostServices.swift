// MARK: - Host services

extension HostRelay {
    /// Attaches `services` to the owner, so what its controllers ask of their screen
    /// (``HostServiceConversation``) reaches the host; a provider given before is detached.
    ///
    /// The provider goes first in the owner's order: a controller that asks something while the
    /// screen loads then reaches a provider that has loaded, without moving the load forward for
    /// the controllers in between. Requests travel up, so one provider at the root owner serves
    /// nested owners too.
    ///
    /// ```swift
    /// relay.provideServices(HostServices(navigate: { route in navigator.navigate(to: route) }))
    /// ```
    ///
    /// An owner that refuses it (torn down, or the provider serves another owner) is reported to
    /// the owner's diagnostics (``Diagnostic``), never thrown into view code.
    ///
    /// - Parameter services: The provider; ``services`` afterwards.
    public func provideServices(_ services: HostServices) {
        // Kept only while it still serves this owner: the app may have detached it meanwhile.
        if self.services === services, services.owner === owner { return }
        // The new one is attached before the previous one leaves, so a refusal keeps the provider
        // that works, as its report says.
        do {
            try owner.attach(services, priority: Int(Int16.max))
        } catch {
            reportRefusal(of: "provideServices", error)
            return
        }
        if let previous = self.services, previous !== services { try? owner.detach(previous) }
        self.services = services
    }
}
