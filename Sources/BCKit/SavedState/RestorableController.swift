/// A business controller that saves a piece of its screen's state, so the screen comes back as it
/// was after the system ends the process: a draft, a selected option, a scroll offset, a
/// half-filled form.
///
/// It declares a `Codable` ``SavedState``, returns it from ``saveState()`` and takes it back in
/// ``restoreState(_:)``. Its owner collects every piece into one ``SavedStateArchive``
/// (``Owner/saveState()``); an owner created or prepared with that archive after a relaunch hands
/// each piece back before the controller's ``BusinessController/didAttach(to:)``.
///
/// ```swift
/// final class ComposerController: BusinessController, RestorableController {
///     weak var owner: Owner?
///     var draft = ""
///
///     func saveState() -> String? { draft.isEmpty ? nil : draft }
///     func restoreState(_ state: String) { draft = state }
/// }
/// ```
///
/// Only what ``saveState()`` returns is saved; a controller that does not adopt this protocol
/// saves nothing and costs nothing (its owner never looks at it for saved state unless it has an
/// archive to hand out or is asked to save).
///
/// ## Keys
/// A piece is saved under ``savedStateKey``, which must stay the same across launches and app
/// versions. By default it is the controller's type name (`"ComposerController"`): renaming the
/// type is then a migration, so declare the old name as the key when you rename it. Two
/// controllers of one type in one owner need keys of their own (`"field.email"`,
/// `"field.password"`); two pieces under one key are reported
/// (``Diagnostic/Cause/duplicateSavedStateKey``) and the first in the owner's order is kept, never
/// merged. The key is read as the controller attaches, when its piece is handed over, so it must
/// not change after that: configure what it depends on before attaching (or restore with
/// ``Owner/restoreState(from:)`` once configured). A controller whose key changed meets the piece
/// of its new key only at the next save, which saves its own state over that piece and reports
/// ``Diagnostic/Cause/savedStateKeyChanged``.
///
/// ## Changing the piece's type
/// A piece written by an older app version that no longer decodes is dropped for that controller
/// alone: it starts fresh, and a ``Diagnostic`` of cause
/// ``Diagnostic/Cause/savedStateNotRestored`` names it. To keep the old piece, version it and
/// migrate in `init(from:)`; see <doc:SavingAndRestoringAScreen>.
@MainActor
public protocol RestorableController: BusinessController {
    /// The piece this controller saves.
    associatedtype SavedState: Codable

    /// The key the piece is saved under: stable across launches, unique in the owner.
    ///
    /// Read as the controller attaches, to hand it its piece, so it must not change afterwards.
    /// Defaults to the controller's type name.
    var savedStateKey: String { get }

    /// Returns the piece to save now, or `nil` to save nothing.
    ///
    /// Called by ``Owner/saveState()`` on every attached controller, in the owner's order,
    /// whenever the host saves (often on its way to the background): keep it free of side effects.
    ///
    /// - Returns: The piece, or `nil`.
    func saveState() -> SavedState?

    /// Takes back the piece this controller saved before the process ended.
    ///
    /// Called once per attachment, before ``BusinessController/didAttach(to:)`` when the owner had
    /// the archive when the controller was attached (``BusinessController/owner`` is already set,
    /// and the controller may send), else as soon as the owner gets it (see
    /// ``Owner/restoreState(from:)``; a later archive does not restore it again). Not called when
    /// nothing was saved under ``savedStateKey`` or the piece did not decode.
    ///
    /// - Parameter state: The piece.
    func restoreState(_ state: SavedState)
}

// MARK: - Default implementations

extension RestorableController {
    /// The controller's type name, such as `"ComposerController"`.
    public var savedStateKey: String { String(describing: Self.self) }
}
