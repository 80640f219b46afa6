/// Why an archive or a piece of saved state could not be read or written.
///
/// The kit never throws these into a screen: ``Owner/saveState()`` and the restore paths report a
/// piece that fails as a ``Diagnostic`` and go on. They are thrown by the calls an app makes on an
/// archive itself, such as ``SavedStateArchive/init(bytes:)`` on bytes the platform handed back.
///
/// ```swift
/// do {
///     let archive = try SavedStateArchive(bytes: bytes)
///     try owner.restoreState(from: archive)
/// } catch {
///     print("starting fresh: \(error)")
/// }
/// ```
public struct SavedStateError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case unreadableArchive(String, offset: Int)
        case pieceNotEncoded(String, String)
        case pieceNotDecoded(String, String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The bytes are not an archive this version of the kit wrote: cut short, corrupted, or from
    /// another format.
    ///
    /// - Parameters:
    ///   - reason: What was wrong.
    ///   - offset: Where in the bytes it was found.
    /// - Returns: The error.
    public static func unreadableArchive(_ reason: String, at offset: Int) -> Self {
        Self(.unreadableArchive(reason, offset: offset))
    }

    /// A piece could not be encoded: its `encode(to:)` threw, or it holds a number no format can
    /// carry back (not finite).
    ///
    /// - Parameters:
    ///   - key: The piece's key.
    ///   - reason: What the encoding reported.
    /// - Returns: The error.
    public static func pieceNotEncoded(_ key: String, reason: String) -> Self {
        Self(.pieceNotEncoded(key, reason))
    }

    /// A piece could not be decoded as the type asked for: most often the type changed since the
    /// archive was written.
    ///
    /// - Parameters:
    ///   - key: The piece's key.
    ///   - reason: What the decoding reported.
    /// - Returns: The error.
    public static func pieceNotDecoded(_ key: String, reason: String) -> Self {
        Self(.pieceNotDecoded(key, reason))
    }

    /// What went wrong and what to do.
    public var description: String {
        switch code {
        case .unreadableArchive(let reason, let offset):
            "unreadable saved-state archive at byte \(offset): \(reason); start fresh, and save again"
        case .pieceNotEncoded(let key, let reason):
            "the piece '\(key)' could not be saved: \(reason); save only finite numbers and values that encode"
        case .pieceNotDecoded(let key, let reason):
            "the piece '\(key)' could not be restored: \(reason); migrate the old layout in init(from:) "
                + "or give the new layout a new key"
        }
    }
}
