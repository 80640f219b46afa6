#if canImport(SwiftUI)
    public import BCKit
    public import SwiftUI

    extension View {
        /// Gives this view an owner of business controllers, kept for the view's identity and
        /// driven by its appearance.
        ///
        /// `makeOwner` runs once, the first time the view appears. `onAppear` reaches the owner as
        /// will-appear then did-appear (loading it first), `onDisappear` as will-disappear then
        /// did-disappear; the owner is torn down when the view leaves the hierarchy for good.
        ///
        /// ```swift
        /// ProfileView()
        ///     .owner {
        ///         let owner = Owner(name: "Profile")
        ///         try? owner.attach([AvatarController(), StatsController()])
        ///         return owner
        ///     }
        /// ```
        ///
        /// - Parameter makeOwner: Builds the owner and attaches its controllers.
        /// - Returns: The view, with its owner.
        public func owner(_ makeOwner: @escaping @MainActor () -> Owner) -> some View {
            modifier(OwnerModifier(makeOwner: makeOwner))
        }
    }
#endif
