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
        /// What the controllers ask of their screen (`HostServiceConversation`) is answered from the
        /// view's environment: a route is opened with `openURL` (handle the app's scheme with
        /// `.environment(\.openURL, OpenURLAction { … })` or `onOpenURL`), a dismissal calls
        /// `dismiss`. SwiftUI presents alerts and sheets from state, so `services` sets those:
        ///
        /// ```swift
        /// ProfileView()
        ///     .owner {
        ///         Owner(name: "Profile")
        ///     } services: { services in
        ///         services.onShowAlert = { alert in model.alert = alert }
        ///     }
        /// ```
        ///
        /// The scene's phase (`scenePhase`) reaches the controllers as host events: moving to
        /// `.background` is `hostDidEnterBackground()`, leaving it `hostWillEnterForeground()`.
        /// SwiftUI tells a view nothing of memory warnings; send those to the owner you built
        /// (`owner.center.send((any HostEventConversation).self, scope: .broadcastDown) { … }`).
        ///
        /// - Parameters:
        ///   - makeOwner: Builds the owner and attaches its controllers.
        ///   - services: Adds or replaces host-service actions, once, when the owner is built.
        /// - Returns: The view, with its owner.
        @MainActor
        public func owner(
            _ makeOwner: @escaping @MainActor () -> Owner,
            services: @escaping @MainActor (HostServices) -> Void = { _ in }
        ) -> some View {
            modifier(OwnerModifier(makeOwner: makeOwner, configureServices: services))
        }

        /// Gives this view an owner, as ``owner(_:services:)`` does, whose saved state survives
        /// the end of the process in the scene's `@SceneStorage` under `key`.
        ///
        /// When the owner is built (the first time the view appears), it restores from what the
        /// scene kept, before it loads: each controller that saved a piece
        /// (`RestorableController`) gets it back. When the scene moves to the background, the
        /// owner saves (`Owner.saveState()`) into the scene storage, which SwiftUI keeps for the
        /// scene.
        ///
        /// ```swift
        /// ComposerView()
        ///     .owner(savingStateAs: "composer") {
        ///         let owner = Owner(name: "Composer")
        ///         try? owner.attach([DraftController(), QualityController()])
        ///         return owner
        ///     }
        /// ```
        ///
        /// Keep the key unique within the scene and stable across launches. Unreadable saved bytes
        /// restore nothing and are reported to the owner's diagnostics.
        ///
        /// - Parameters:
        ///   - key: The scene-storage key.
        ///   - makeOwner: Builds the owner and attaches its controllers.
        ///   - services: Adds or replaces host-service actions, once, when the owner is built.
        /// - Returns: The view, with its owner.
        @MainActor
        public func owner(
            savingStateAs key: String,
            _ makeOwner: @escaping @MainActor () -> Owner,
            services: @escaping @MainActor (HostServices) -> Void = { _ in }
        ) -> some View {
            modifier(SavedStateModifier(key: key, makeOwner: makeOwner, configureServices: services))
        }
    }
#endif
