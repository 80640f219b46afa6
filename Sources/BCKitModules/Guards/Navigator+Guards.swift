// MARK: - Guards

extension Navigator {
    /// Resumes every navigation waiting on a guard, in arrival order.
    ///
    /// Call it when the guard's flow succeeded (the user signed in). Each navigation continues
    /// with its route's next guard, so it may be held again by another one.
    ///
    /// - Parameter guardName: The guard that succeeded.
    /// - Returns: What became of each resumed navigation, in arrival order; empty when none waited.
    /// - Precondition: `guardName` names a guard the navigator was given. An unknown name stops
    ///   the process with a message naming it: a misspelled name would otherwise leave the
    ///   navigations waiting for good.
    @discardableResult
    public func guardDidSucceed(_ guardName: String) -> [NavigationOutcome] {
        precondition(guards[guardName] != nil, "BCKitModules: guardDidSucceed names unknown guard '\(guardName)'")
        // Take the whole queue first: navigations held again while resuming start a new round.
        let resumed = waiting.removeValue(forKey: guardName) ?? []
        return resumed.map { proceed($0, fromGuard: $0.nextGuard) }
    }

    /// Drops every navigation waiting on a guard, in arrival order, calling each one's completion
    /// with a ``NavigationCancellation``.
    ///
    /// - Parameter guardName: The guard whose flow was cancelled.
    /// - Returns: The dropped URLs, in arrival order.
    /// - Precondition: `guardName` names a guard the navigator was given, as for
    ///   ``guardDidSucceed(_:)``.
    @discardableResult
    public func guardDidCancel(_ guardName: String) -> [String] {
        precondition(guards[guardName] != nil, "BCKitModules: guardDidCancel names unknown guard '\(guardName)'")
        let dropped = waiting.removeValue(forKey: guardName) ?? []
        for navigation in dropped {
            navigation.completion?(NavigationCancellation(url: navigation.url, guardName: guardName))
        }
        return dropped.map(\.url)
    }

    /// The URLs waiting on a guard, in arrival order.
    ///
    /// - Parameter guardName: The guard.
    /// - Returns: The waiting URLs.
    public func waitingNavigations(for guardName: String) -> [String] {
        waiting[guardName, default: []].map(\.url)
    }
}
