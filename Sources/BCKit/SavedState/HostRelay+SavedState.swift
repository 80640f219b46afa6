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
