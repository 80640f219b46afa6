// The causes of saved state's diagnostics (DESIGN 25): every piece that cannot be saved or
// restored is reported through the one hook, never dropped silently and never a crash. Reported in
// every build, as host refusals are: a release build's default handler is `nil` and prints nothing.

extension Diagnostic.Cause {
    /// A controller's piece did not decode (its type changed since it was saved, or the archive
    /// was altered): the controller starts fresh, every other piece is restored.
    public static let savedStateNotRestored = Self("saved state not restored")

    /// A controller's piece could not be encoded when the owner saved (a number that is not
    /// finite, one value written as two kinds of container, or its `encode(to:)` threw): it is
    /// left out of the archive, every other piece is saved.
    public static let savedStateNotSaved = Self("saved state not saved")

    /// Two controllers of one owner save under the same key: the first in the owner's order keeps
    /// the key, and the other's piece is not saved (or, restoring, not handed out). Give each its
    /// own ``RestorableController/savedStateKey``.
    public static let duplicateSavedStateKey = Self("duplicate saved-state key")

    /// A controller saved under a key other than the one it had when it was attached, and a piece
    /// nobody claimed waited under the new key: the key is read as the controller attaches, so that
    /// piece was never handed to it (a cell's `"card.\(messageID)"`, its message configured after
    /// the attach). The controller's own state is saved over the piece. Keep
    /// ``RestorableController/savedStateKey`` stable from the attach on: configure what it depends on
    /// before attaching, or restore with ``Owner/restoreState(from:)`` once it is configured.
    public static let savedStateKeyChanged = Self("saved-state key changed")

    /// Two owners nested in one parent have the same name, which is how an archive finds a nested
    /// owner across launches: the first keeps the place. Name each nested owner uniquely.
    public static let duplicateOwnerPath = Self("duplicate owner path")

    /// ``Owner/restoreState(from:)`` was given a piece for a controller already restored from an
    /// earlier archive: the controller keeps what it has, since restoring it again would overwrite
    /// what changed since (``RestorableController/restoreState(_:)`` is called once). Restore a
    /// screen once, with ``Owner/init(host:name:restoring:)`` or ``Owner/restoreState(from:)``.
    public static let savedStateRestoredAlready = Self("saved state restored already")

    /// A saved archive is larger than ``SavedStateArchive/recommendedMaximumByteCount``.
    public static let savedStateTooLarge = Self("saved state too large")

    /// Bytes handed back for restoring were not an archive (cut short, corrupted): the screen
    /// starts fresh.
    public static let unreadableSavedState = Self("saved state unreadable")

    /// ``Owner/saveState()`` was called on a torn-down owner, whose controllers and unclaimed
    /// pieces are gone: the archive it returns is empty, and written over the one a host kept it
    /// would lose the screen's state. Save while the screen lives, before the tear-down.
    public static let savedStateAfterTearDown = Self("saved state after tear-down")
}
