#if SwiftUIBeforeXcode16
    /// Stand-in for SwiftUI's `ViewModifier` as the SDKs before Xcode 16 declare it (iOS 17,
    /// macOS 14): only `body(content:)` is main-actor, so a conforming type is not.
    ///
    /// Apple: developer.apple.com/documentation/swiftui/viewmodifier.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    public protocol ViewModifier {
        /// Stand-in for developer.apple.com/documentation/swiftui/viewmodifier/body.
        associatedtype Body: View

        /// Stand-in for developer.apple.com/documentation/swiftui/viewmodifier/content.
        typealias Content = _ViewModifier_Content<Self>

        /// Stand-in for developer.apple.com/documentation/swiftui/viewmodifier/body(content:).
        @MainActor
        @preconcurrency
        func body(content: Self.Content) -> Self.Body
    }
#else
    /// Stand-in for SwiftUI's `ViewModifier` as the SDKs of Xcode 16 and later declare it:
    /// main-actor.
    ///
    /// Apple: developer.apple.com/documentation/swiftui/viewmodifier.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @MainActor
    @preconcurrency
    public protocol ViewModifier {
        /// Stand-in for developer.apple.com/documentation/swiftui/viewmodifier/body.
        associatedtype Body: View

        /// Stand-in for developer.apple.com/documentation/swiftui/viewmodifier/content.
        typealias Content = _ViewModifier_Content<Self>

        /// Stand-in for developer.apple.com/documentation/swiftui/viewmodifier/body(content:).
        @MainActor
        @preconcurrency
        func body(content: Self.Content) -> Self.Body
    }
#endif

/// Stand-in for the view SwiftUI hands a modifier as its content; SwiftUI spells it this way too.
///
/// Apple: developer.apple.com/documentation/swiftui/viewmodifier/content.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    /// A primitive view: SwiftUI draws it, so it has no body.
    public typealias Body = Never

    /// Never called, as for SwiftUI\'s primitive views.
    public var body: Never { fatalError("content has no body") }
}

/// Stand-in for SwiftUI's `ModifiedContent`.
///
/// Apple: developer.apple.com/documentation/swiftui/modifiedcontent.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ModifiedContent<Content, Modifier> {
    /// Stand-in for developer.apple.com/documentation/swiftui/modifiedcontent/content.
    public var content: Content
    /// Stand-in for developer.apple.com/documentation/swiftui/modifiedcontent/modifier.
    public var modifier: Modifier

    /// Stand-in for developer.apple.com/documentation/swiftui/modifiedcontent/init(content:modifier:).
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

/// Stand-in for developer.apple.com/documentation/swiftui/modifiedcontent (conforms to View).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// A primitive view: SwiftUI draws it, so it has no body.
    public typealias Body = Never

    /// Never called, as for SwiftUI\'s primitive views.
    public var body: Never { fatalError("modified content has no body") }
}

/// Stand-in only: what `onAppear` and `onDisappear` attach. The driver in ``StandInRenderer`` finds
/// these to play SwiftUI's part. Its conformance is declared apart so the type stays nonisolated,
/// like the `onAppear` and `onDisappear` that create it.
struct AppearanceAction {
    let appear: (() -> Void)?
    let disappear: (() -> Void)?
}

extension AppearanceAction: ViewModifier {
    func body(content: Content) -> Never { fatalError("a primitive modifier has no body") }
}

/// Stand-in only: what `onChange(of:initial:_:)` attaches, with its value erased so the driver in
/// ``StandInRenderer`` can compare two renderings of the same view.
struct ChangeAction {
    let value: Any
    let initial: Bool
    let differs: (_ from: Any) -> Bool
    let action: (_ old: Any, _ new: Any) -> Void

    init<V: Equatable>(value: V, initial: Bool, action: @escaping (V, V) -> Void) {
        self.value = value
        self.initial = initial
        differs = { ($0 as? V) != value }
        self.action = { old, new in
            guard let old = old as? V, let new = new as? V else { return }
            action(old, new)
        }
    }
}

extension ChangeAction: ViewModifier {
    func body(content: Content) -> Never { fatalError("a primitive modifier has no body") }
}
