extension HostRelay {
    /// The owner's saved state as bytes, for the platform's restoration storage: what the
    /// adapters write into UIKit's and AppKit's restoration coders, a scene's `NSUserActivity`
    /// and SwiftUI's `@SceneStorage`.
    ///
    /// After tear-down they are an empty archive's, reported like ``Owner/saveState()`` after
    /// tear-down (``Diagnostic/Cause/savedStateAfterTearDown``): do not write them over what the
    /// platform kept.
    ///
    /// - Returns: ``Owner/saveState()``'s archive as ``SavedStateArchive/bytes``.
    public func savedStateBytes() -> [UInt8] {
        owner.saveState().bytes
    }

    /// Restores the owner from bytes the platform kept, and never throws into view code.
    ///
    /// Bytes that are not an archive (cut short, mangled, written by another format; see
    /// ``SavedStateArchive/init(bytes:)``) restore
    /// nothing and are reported as a ``Diagnostic`` of cause
    /// ``Diagnostic/Cause/unreadableSavedState``: the screen starts fresh. After tear-down they
    /// are ignored, as every late callback is.
    ///
    /// - Parameters:
    ///   - bytes: What ``savedStateBytes()`` gave before the process ended.
    ///   - report: The host callback that handed them over, such as `decodeRestorableState`, for
    ///     the diagnostic.
    public func restoreState(from bytes: some Sequence<UInt8>, report: String = "restoreState") {
        owner.restoreState(fromBytes: bytes, report: report)
    }
}

// MARK: - Storage that screens share

extension HostRelay {
    /// An entry of the owner's state in storage that several screens share: the storage, held
    /// weakly, and the entry's key.
    struct SharedEntry {
        weak var storage: AnyObject?
        let key: String
    }

    /// Notes that the owner's state goes under `key` in `storage`, which several screens share (a
    /// scene's restoration activity), before the adapter writes it there.
    ///
    /// An entry under `key` that this relay neither wrote nor restored from there is another
    /// screen's (two screens whose owners have one name, the adapters' default key), and this save
    /// replaces it: reported as a ``Diagnostic`` of cause
    /// ``Diagnostic/Cause/duplicateSavedStateEntry``, so that a screen's state is never lost
    /// silently.
    ///
    /// - Parameters:
    ///   - key: The entry's key in `storage`.
    ///   - storage: The storage the screens share.
    ///   - entryExists: Whether `storage` holds an entry under `key` already.
    package func willSaveState(under key: String, in storage: AnyObject, entryExists: Bool) {
        defer { sharedEntry = SharedEntry(storage: storage, key: key) }
        guard entryExists, !isOwn(key, in: storage) else { return }
        owner.report(
            Diagnostic(
                cause: .duplicateSavedStateEntry,
                owner: owner.name,
                message: key,
                hint: "another screen saved its state under '\(key)' in the storage they share, and this save "
                    + "replaces it, so that screen comes back with this one's state; give each screen a key of "
                    + "its own, such as the item it shows"
            )
        )
    }

    /// Notes that the owner restored from the entry under `key` in `storage`, which several screens
    /// share, so that saving there again replaces the relay's own entry and is not reported.
    ///
    /// - Parameters:
    ///   - key: The entry's key in `storage`.
    ///   - storage: The storage the screens share.
    package func didRestoreState(under key: String, from storage: AnyObject) {
        sharedEntry = SharedEntry(storage: storage, key: key)
    }

    private func isOwn(_ key: String, in storage: AnyObject) -> Bool {
        sharedEntry?.storage === storage && sharedEntry?.key == key
    }
}
