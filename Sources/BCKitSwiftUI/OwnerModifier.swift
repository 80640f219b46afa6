#if canImport(SwiftUI)
    internal import BCKit
    internal import SwiftUI

    /// Keeps one owner per view identity and reports SwiftUI's appearance callbacks to it.
    ///
    /// The box is `@State`, so SwiftUI keeps the first one for the view's identity and discards the
    /// ones each later initialization evaluates; an unused box creates no owner. `onDisappear` only
    /// moves the owner off screen, since the view may come back; the owner is torn down when
    /// SwiftUI releases the state, that is when the identity leaves the hierarchy for good.
    struct OwnerModifier: ViewModifier {
        let makeOwner: @MainActor () -> Owner
        @State private var box = LazyHostRelay()

        func body(content: Content) -> some View {
            content
                .onAppear { box.relay(makeOwner).appeared() }
                .onDisappear { box.relay(makeOwner).disappeared() }
        }
    }
#endif
