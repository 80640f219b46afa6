// MARK: - Guards

extension Navigator {
    /// Overcomes a guard's barrier: every navigation waiting on it resumes, in arrival order.
    ///
    /// Call it when the guard's flow succeeded (the user signed in): meeting the guard's condition
    /// is not enough, since later navigations to the guard wait behind the held ones rather than
    /// overtake them (debug builds report it). Each navigation continues with its route's next
    /// guard, so it may be held again by another one. For a guard built on an app's
    /// `Barrier<Void>`, the actions waiting on that barrier go on too. The flow calls exactly one
    /// of this and ``guardDidCancel(_:)``.
    ///
    /// - Parameter guardName: The guard that succeeded.
    /// - Returns: What became of each resumed navigation, in arrival order; empty when none waited.
    /// - Precondition: `guardName` names a guard the navigator was given, and that guard is not
    ///   built on a barrier that carries a value (overcome that barrier with its value instead).
    ///   Either mistake stops the process with a message naming the guard: a misspelled name
    ///   would otherwise leave the navigations waiting for good.
    @discardableResult
    public func guardDidSucceed(_ guardName: String) -> [NavigationOutcome] {
        guard let barrier = barriers[guardName] else {
            preconditionFailure("BCKitModules: guardDidSucceed names unknown guard '\(guardName)'")
        }
        guard let overcome = barrier.overcome else {
            preconditionFailure(
                """
                BCKitModules: guard '\(guardName)' is built on a Barrier<\(barrier.valueType)>: overcome that \
                barrier with its value instead of calling guardDidSucceed
                """)
        }
        resumedOutcomes.append([])
        overcome()
        return resumedOutcomes.removeLast()
    }

    /// Cancels a guard's barrier: every navigation waiting on it is dropped, in arrival order, and
    /// each one's completion gets a ``NavigationCancellation``.
    ///
    /// Call it when the guard's flow ends without success (the user closed the login screen). A
    /// navigation that arrives while others wait joins them without opening the guard's URL again,
    /// so a flow closed without `guardDidCancel(_:)` leaves them, and every later one, waiting;
    /// the next navigation held after the cancel opens the guard's URL again. The flow calls
    /// exactly one of this and ``guardDidSucceed(_:)``. For a guard built on an app's barrier, the
    /// actions waiting on that barrier are cancelled too.
    ///
    /// - Parameter guardName: The guard whose flow was cancelled.
    /// - Returns: The dropped URLs, in arrival order.
    /// - Precondition: `guardName` names a guard the navigator was given, as for
    ///   ``guardDidSucceed(_:)``.
    @discardableResult
    public func guardDidCancel(_ guardName: String) -> [String] {
        guard let barrier = barriers[guardName] else {
            preconditionFailure("BCKitModules: guardDidCancel names unknown guard '\(guardName)'")
        }
        droppedURLs.append([])
        barrier.cancel()
        return droppedURLs.removeLast()
    }

    /// The URLs waiting on a guard, in arrival order.
    ///
    /// - Parameter guardName: The guard.
    /// - Returns: The waiting URLs.
    public func waitingNavigations(for guardName: String) -> [String] {
        waiting[guardName, default: []].map(\.url)
    }
}
