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
        /// the end of the process in the scene's `@SceneStorage` under `key`, and builds it with
        /// that state in hand.
        ///
        /// When the owner is built (the first time the view appears), `makeOwner` receives what
        /// the scene kept, or `nil`: give it to the owner (`Owner(name:restoring:)`) before
        /// attaching, and each controller that saved a piece (`RestorableController`) gets it back
        /// before its `didAttach(to:)`, as controllers attached later and lazy ones do. The owner
        /// saves (`Owner.saveState()`) into the scene storage, which SwiftUI keeps for the scene,
        /// when the scene moves to the background and when the view disappears, so a view built
        /// again, after a relaunch or later in the same run, starts from its latest state.
        ///
        /// ```swift
        /// ComposerView()
        ///     .owner(savingStateAs: "composer") { archive in
        ///         let owner = Owner(name: "Composer", restoring: archive)
        ///         try? owner.attach([DraftController(), QualityController()])
        ///         return owner
        ///     }
        /// ```
        ///
        /// Keep the key unique within the scene and stable across launches. Unreadable saved bytes
        /// restore nothing (`makeOwner` receives `nil`) and are reported to the owner's
        /// diagnostics. An owner built without the archive it was handed is restored from it
        /// once built, late, as by the form whose closure takes no archive.
        ///
        /// - Parameters:
        ///   - key: The scene-storage key.
        ///   - makeOwner: Builds the owner from the saved archive, or `nil` when the scene kept
        ///     none, and attaches its controllers.
        ///   - services: Adds or replaces host-service actions, once, when the owner is built.
        /// - Returns: The view, with its owner.
        @MainActor
        public func owner(
            savingStateAs key: String,
            _ makeOwner: @escaping @MainActor (SavedStateArchive?) -> Owner,
            services: @escaping @MainActor (HostServices) -> Void = { _ in }
        ) -> some View {
            modifier(SavedStateModifier(key: key, makeOwner: makeOwner, configureServices: services))
        }

        /// Gives this view an owner whose saved state survives the end of the process in the
        /// scene's `@SceneStorage` under `key`, restored into the owner `makeOwner` built.
        ///
        /// The owner is restored after `makeOwner` returns: the controllers it attached get their
        /// piece then, after their `didAttach(to:)`, as from a host that learns of the state late
        /// (`Owner.restoreState(from:)`); controllers attached later and lazy ones get theirs
        /// before. For every controller to have its piece before its `didAttach(to:)`, use the form
        /// whose `makeOwner` receives the archive. Saving is the same in both forms.
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
        /// - Parameters:
        ///   - key: The scene-storage key, unique within the scene and stable across launches.
        ///   - makeOwner: Builds the owner and attaches its controllers.
        ///   - services: Adds or replaces host-service actions, once, when the owner is built.
        /// - Returns: The view, with its owner.
        @MainActor
        public func owner(
            savingStateAs key: String,
            _ makeOwner: @escaping @MainActor () -> Owner,
            services: @escaping @MainActor (HostServices) -> Void = { _ in }
        ) -> some View {
            // The modifier restores an owner built without the archive after it is built.
            owner(savingStateAs: key, { _ in makeOwner() }, services: services)
        }
    }
#endif
