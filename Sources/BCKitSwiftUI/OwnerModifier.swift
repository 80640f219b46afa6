#if canImport(SwiftUI)
    internal import BCKit
    internal import Foundation
    internal import SwiftUI

    /// Keeps one owner per view identity and reports SwiftUI's appearance callbacks to it.
    ///
    /// The box is `@State`, so SwiftUI keeps the first one for the view's identity and discards the
    /// ones each later initialization evaluates; an unused box creates no owner. `onDisappear` only
    /// moves the owner off screen, since the view may come back; the owner is torn down when
    /// SwiftUI releases the state, that is when the identity leaves the hierarchy for good.
    ///
    /// The owner's controllers get host services from the view's environment: a route is opened
    /// with `openURL`, so the app routes it where it handles URLs, and a dismissal is the
    /// environment's `dismiss`. SwiftUI shows alerts, sheets and views from state, so those are the
    /// app's to set through `configureServices`.
    ///
    /// The scene's phase reaches the controllers as host events: moving to `.background` is
    /// `hostDidEnterBackground()`, leaving it is
    /// `hostWillEnterForeground()`.
    ///
    /// Main-actor whatever the SDK: Xcode 16's SDKs make every `ViewModifier` main-actor, but the
    /// iOS 17 and macOS 14 SDKs before them make only `body(content:)` so, and the owner, the relay
    /// and the environment's actions this type touches are main-actor.
    @MainActor
    struct OwnerModifier: ViewModifier {
        let makeOwner: @MainActor () -> Owner
        var configureServices: @MainActor (HostServices) -> Void = { _ in }
        @State private var box: LazyHostRelay
        @Environment(\.openURL) private var openURL
        @Environment(\.dismiss) private var dismiss
        @Environment(\.scenePhase) private var scenePhase

        /// A modifier whose owner is kept in `box`: one of its own, or, for a modifier that
        /// another modifier's body makes anew on each rendering (``SavedStateModifier``), the
        /// outer modifier's box, which that modifier's identity keeps.
        init(
            makeOwner: @escaping @MainActor () -> Owner,
            configureServices: @escaping @MainActor (HostServices) -> Void = { _ in },
            box: LazyHostRelay = LazyHostRelay()
        ) {
            self.makeOwner = makeOwner
            self.configureServices = configureServices
            _box = State(wrappedValue: box)
        }

        func body(content: Content) -> some View {
            content
                .onAppear { relay().appeared() }
                // An owner that was never built has nothing to close; building one here would
                // make an owner for a view that never appeared.
                .onDisappear { if box.isCreated { relay().disappeared() } }
                .onChange(of: scenePhase) { old, new in
                    guard box.isCreated else { return }
                    if new == .background {
                        relay().didEnterBackground()
                    } else if old == .background {
                        relay().willEnterForeground()
                    }
                }
        }

        private func relay() -> HostRelay {
            box.relay(makeOwner, services: makeServices)
        }

        private func makeServices() -> HostServices {
            let openURL = openURL
            let dismiss = dismiss
            let services = HostServices(
                navigate: { route in
                    guard let url = URL(string: route) else {
                        notHandled("navigate(to:)")
                        return .declined("'\(route)' is not a URL")
                    }
                    // Handed to the environment's `openURL`, which opens it in the app or the system.
                    openURL(url)
                    return .opened(route)
                },
                dismiss: { dismiss() }
            )
            configureServices(services)
            return services
        }
    }
#endif
