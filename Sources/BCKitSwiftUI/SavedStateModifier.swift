#if canImport(SwiftUI)
    internal import BCKit
    internal import Foundation
    internal import SwiftUI

    /// An ``OwnerModifier`` whose owner's saved state lives in the scene's `@SceneStorage`: the
    /// owner is built with what the scene kept, and saves into it when the scene moves to the
    /// background, which is when SwiftUI persists scene storage before the system may end the
    /// process, and when the view disappears, since a view built again in the same run is built
    /// from the storage too.
    ///
    /// Main-actor whatever the SDK, as ``OwnerModifier`` is: before Xcode 16 a `ViewModifier` is
    /// not.
    @MainActor
    struct SavedStateModifier: ViewModifier {
        let makeOwner: @MainActor (SavedStateArchive?) -> Owner
        var configureServices: @MainActor (HostServices) -> Void = { _ in }
        @SceneStorage private var savedState: Data?
        /// The box of the inner ``OwnerModifier``, kept here: that modifier is made anew on each
        /// rendering of this one's body.
        @State private var box = LazyHostRelay()
        /// The owner once built, held weakly: the box owns it.
        @State private var built = BuiltOwner()
        @Environment(\.scenePhase) private var scenePhase

        init(
            key: String,
            makeOwner: @escaping @MainActor (SavedStateArchive?) -> Owner,
            configureServices: @escaping @MainActor (HostServices) -> Void = { _ in }
        ) {
            _savedState = SceneStorage(key)
            self.makeOwner = makeOwner
            self.configureServices = configureServices
        }

        func body(content: Content) -> some View {
            content
                .modifier(OwnerModifier(makeOwner: makeRestoredOwner, configureServices: configureServices, box: box))
                .onChange(of: scenePhase) { _, new in
                    if new == .background { save() }
                }
                .onDisappear { save() }
        }

        private func save() {
            // A torn-down owner saves an empty archive (and reports it): written here, it would
            // replace what the scene kept.
            guard let owner = built.owner, owner.state != .tornDown else { return }
            savedState = Data(owner.saveState().bytes)
        }

        /// Builds the owner with the archive the scene kept, so its controllers have their pieces
        /// before they attach.
        private func makeRestoredOwner() -> Owner {
            let archive = savedState.flatMap { try? SavedStateArchive(bytes: $0) }
            let owner = makeOwner(archive)
            built.owner = owner
            if let archive, !owner.holdsSavedState {
                // Built without it (the form whose closure takes no archive, or `{ _ in … }`):
                // restored now, late, rather than lost at the next save.
                try? owner.restoreState(from: archive)
            } else if archive == nil, let savedState {
                // Bytes that are no archive restore nothing; handed to the owner, they are reported
                // to its diagnostics, which `makeOwner` set.
                owner.restoreState(fromBytes: savedState, report: "SceneStorage")
            }
            return owner
        }
    }

    /// Where ``SavedStateModifier`` finds the owner its inner modifier built.
    @MainActor
    final class BuiltOwner {
        weak var owner: Owner?
    }
#endif
