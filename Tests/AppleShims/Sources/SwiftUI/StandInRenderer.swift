public import Foundation

/// Not SwiftUI API: plays SwiftUI's part in tests. It evaluates a view's modifiers the way SwiftUI
/// would and runs the actions `onAppear` and `onDisappear` attached, in the order SwiftUI runs them
/// (outermost modifier last for appear, as the view tree is walked from the inside out).
@MainActor
public enum StandInRenderer {
    /// The environment every `@Environment` property reads; tests set what SwiftUI would pass
    /// down. Stand-in storage, read from nonisolated property wrappers, tests run on the main actor.
    nonisolated(unsafe) public static var environment = EnvironmentValues()

    /// How many times a `DismissAction` from ``environment`` was called.
    public static var dismissals = 0

    /// What `@SceneStorage` keeps for the scene, by key: a test clears it for a fresh scene and
    /// keeps it across a relaunch. Stand-in storage, read from nonisolated property wrappers as
    /// ``environment`` is; tests run on the main actor.
    nonisolated(unsafe) public static var sceneStorage: [String: Data] = [:]

    /// Runs every `onAppear` action in `view`, and the `onChange` actions marked `initial`.
    public static func appear(_ view: some View) {
        for action in actions(in: view) { action.appear?() }
        for change in changes(in: view) where change.initial { change.action(change.value, change.value) }
    }

    /// Changes the environment as SwiftUI would (the scene going to the background, say), renders
    /// `view` again, and runs each `onChange` action whose value differs between the two
    /// renderings, with the old and the new value, as SwiftUI does.
    public static func update(_ view: some View, environment change: (inout EnvironmentValues) -> Void) {
        let before = changes(in: view)
        change(&environment)
        let after = changes(in: view)
        for (old, new) in zip(before, after) where new.differs(old.value) { new.action(old.value, new.value) }
    }

    /// Runs every `onDisappear` action in `view`.
    public static func disappear(_ view: some View) {
        for action in actions(in: view) { action.disappear?() }
    }

    /// Renders the view a modifier produces around some content, as SwiftUI does for `modifier(_:)`.
    public static func body<Modifier: ViewModifier>(of modifier: Modifier) -> Modifier.Body {
        modifier.body(content: _ViewModifier_Content())
    }

    static func actions(in view: any View) -> [AppearanceAction] {
        guard let modified = view as? any ModifiedView else { return [] }
        return modified.appearanceActions
    }

    static func changes(in view: any View) -> [ChangeAction] {
        guard let modified = view as? any ModifiedView else { return [] }
        return modified.changeActions
    }
}

/// Lets the renderer look inside `ModifiedContent` whatever its generic arguments.
@MainActor
protocol ModifiedView {
    var appearanceActions: [AppearanceAction] { get }
    var changeActions: [ChangeAction] { get }
}

extension ModifiedContent: ModifiedView where Content: View, Modifier: ViewModifier {
    var appearanceActions: [AppearanceAction] {
        let inner = StandInRenderer.actions(in: content)
        if let action = modifier as? AppearanceAction { return inner + [action] }
        if modifier is ChangeAction { return inner }
        let rendered = StandInRenderer.actions(in: StandInRenderer.body(of: modifier))
        return inner + rendered
    }

    var changeActions: [ChangeAction] {
        let inner = StandInRenderer.changes(in: content)
        if let action = modifier as? ChangeAction { return inner + [action] }
        if modifier is AppearanceAction { return inner }
        return inner + StandInRenderer.changes(in: StandInRenderer.body(of: modifier))
    }
}
