#if SwiftUIBeforeXcode16
    /// Stand-in for SwiftUI's `View` as the SDKs before Xcode 16 declare it (iOS 17, macOS 14):
    /// only `body` is main-actor, so a conforming type and a `View` extension are not.
    ///
    /// Apple: developer.apple.com/documentation/swiftui/view.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public protocol View {
        /// Stand-in for developer.apple.com/documentation/swiftui/view/body-swift.associatedtype.
        associatedtype Body: View

        /// Stand-in for developer.apple.com/documentation/swiftui/view/body-swift.property.
        @MainActor
        @preconcurrency
        var body: Self.Body { get }
    }
#else
    /// Stand-in for SwiftUI's `View` as the SDKs of Xcode 16 and later declare it: main-actor.
    ///
    /// Apple: developer.apple.com/documentation/swiftui/view.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @MainActor
    @preconcurrency
    public protocol View {
        /// Stand-in for developer.apple.com/documentation/swiftui/view/body-swift.associatedtype.
        associatedtype Body: View

        /// Stand-in for developer.apple.com/documentation/swiftui/view/body-swift.property.
        @MainActor
        @preconcurrency
        var body: Self.Body { get }
    }
#endif

/// Stand-in for developer.apple.com/documentation/swift/never (SwiftUI declares Never's View conformance).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    /// A primitive view: SwiftUI draws it, so it has no body.
    public typealias Body = Never

    /// Never called, as for SwiftUI\'s primitive views.
    public var body: Never { fatalError("Never has no body") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    /// Stand-in for developer.apple.com/documentation/swiftui/view/modifier(_:).
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// Stand-in for developer.apple.com/documentation/swiftui/view/onappear(perform:).
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(AppearanceAction(appear: action, disappear: nil))
    }

    /// Stand-in for developer.apple.com/documentation/swiftui/view/ondisappear(perform:).
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(AppearanceAction(appear: nil, disappear: action))
    }

    /// Stand-in for developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:).
    /// The stand-in runs the action when ``StandInRenderer/update(_:environment:)`` renders the
    /// view again with another value; with `initial`, also when the view appears.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        modifier(ChangeAction(value: value, initial: initial, action: action))
    }
}
