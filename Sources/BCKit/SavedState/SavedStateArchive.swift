/// A screen's saved state: every controller's piece by its key, and each nested owner's archive
/// by the owner's name, in place.
///
/// ``Owner/saveState()`` makes one; an owner created with ``Owner/init(host:name:restoring:)`` or
/// given one with ``Owner/restoreState(from:)`` hands each piece back to its controller before
/// that controller's ``BusinessController/didAttach(to:)``. Between the two it travels as a value:
///
/// - as bytes, ``bytes`` and ``init(bytes:)``: the kit's compact format, which the platform
///   adapters keep in UIKit's and AppKit's restoration coders, a scene's `NSUserActivity` or
///   SwiftUI's `@SceneStorage`;
/// - as a `Codable` value, inside an app's own saved file: its pieces come out as that format's
///   plain values (a JSON object per piece), so the file stays readable.
///
/// ```swift
/// let bytes = owner.saveState().bytes
/// // … the next launch, with the bytes the platform kept:
/// let screen = Owner(name: "Composer", restoring: try SavedStateArchive(bytes: bytes))
/// ```
///
/// ## Size
/// ``byteCount`` is the size of ``bytes``. Saving an archive larger than
/// ``recommendedMaximumByteCount`` (64 KiB) reports a ``Diagnostic`` of cause
/// ``Diagnostic/Cause/savedStateTooLarge`` naming the largest pieces: UIKit keeps restoration data
/// small and writes it at every trip to the background, and Android's binder fails with
/// `TransactionTooLargeException` near 1 MB for a whole process. Save what the screen needs to come
/// back (a draft, a selection, a scroll offset), never what can be fetched again.
public struct SavedStateArchive: Hashable, Sendable {
    /// The pieces of this owner's controllers, by key.
    var pieces: [String: SavedValue] = [:]
    /// The archives of the owners nested in this one, by name.
    var owners: [String: SavedStateArchive] = [:]

    /// An empty archive: restoring it restores nothing.
    public init() {}

    /// The size above which saving reports ``Diagnostic/Cause/savedStateTooLarge``: 64 KiB.
    public static let recommendedMaximumByteCount = 64 * 1024

    /// Whether the archive holds no piece, here or in a nested owner's archive.
    public var isEmpty: Bool {
        pieces.isEmpty && owners.values.allSatisfy(\.isEmpty)
    }

    /// The keys of this owner's pieces, sorted.
    public var keys: [String] { pieces.keys.sorted() }

    /// The names of the nested owners that have an archive here, sorted.
    public var ownerNames: [String] { owners.keys.sorted() }

    /// The archive of the nested owner named `name`, or `nil` when it saved nothing here.
    ///
    /// - Parameter name: The nested owner's ``Owner/name``.
    public subscript(owner name: String) -> SavedStateArchive? {
        get { owners[name] }
        set { owners[name] = newValue }
    }

    /// Decodes the piece saved under `key`, as a controller would get it.
    ///
    /// For tests and migrations: a controller gets its piece through
    /// ``RestorableController/restoreState(_:)``.
    ///
    /// - Parameters:
    ///   - type: The piece's type.
    ///   - key: The key it was saved under.
    /// - Returns: The piece, or `nil` when nothing was saved under `key`.
    /// - Throws: ``SavedStateError/pieceNotDecoded(_:reason:)`` when it is not a `Piece`.
    public func piece<Piece: Decodable>(
        _ type: Piece.Type = Piece.self,
        forKey key: String
    ) throws(SavedStateError) -> Piece? {
        guard let saved = pieces[key] else { return nil }
        return try Self.decode(type, from: saved, key: key)
    }

    /// Stores `piece` under `key`, replacing what was there; `nil` removes it.
    ///
    /// For tests, migrations and hosts that add a piece of their own: controllers save theirs
    /// through ``RestorableController/saveState()``.
    ///
    /// ```swift
    /// var archive = SavedStateArchive()
    /// try archive.setPiece(DraftV1(text: "Hi"), forKey: "composer")  // what version 1 wrote
    /// ```
    ///
    /// - Parameters:
    ///   - piece: The value to save.
    ///   - key: Its key.
    /// - Throws: ``SavedStateError/pieceNotEncoded(_:reason:)`` when it cannot be encoded, or is
    ///   nested too deep for ``bytes`` to read it back (128 levels, the archive's own counted).
    public mutating func setPiece<Piece: Encodable>(_ piece: Piece?, forKey key: String) throws(SavedStateError) {
        guard let piece else {
            pieces[key] = nil
            return
        }
        pieces[key] = try Self.encode(piece, key: key)
    }

    /// The piece as the archive keeps it, refused when ``bytes`` could not read it back.
    ///
    /// - Parameter ownerDepth: How many owners deep the archive that takes the piece is nested in
    ///   the archive that is written: each is a level of the bytes too.
    static func encode<Piece: Encodable>(
        _ piece: Piece,
        key: String,
        ownerDepth: Int = 0
    ) throws(SavedStateError) -> SavedValue {
        let value: SavedValue
        do {
            value = try SavedValueEncoder.encode(piece)
        } catch {
            throw .pieceNotEncoded(key, reason: Self.reason(of: error))
        }
        // Refused now rather than at the next launch, where the reader would refuse the whole
        // archive and every other piece with it.
        guard value.nests(within: nestingLimit - 1 - ownerDepth) else {
            throw .pieceNotEncoded(
                key,
                reason: "nested too deep: an archive reads back at most \(nestingLimit) levels, counting the "
                    + "owners the piece is nested in and each array or object inside it"
            )
        }
        return value
    }

    static func decode<Piece: Decodable>(
        _ type: Piece.Type,
        from saved: SavedValue,
        key: String
    ) throws(SavedStateError) -> Piece {
        do {
            return try SavedValueDecoder.decode(type, from: saved)
        } catch {
            throw .pieceNotDecoded(key, reason: Self.reason(of: error))
        }
    }

    /// A coding error in one line: what went wrong where.
    private static func reason(of error: any Error) -> String {
        let path: [any CodingKey]
        let description: String
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            (path, description) = (context.codingPath, context.debugDescription)
        case EncodingError.invalidValue(_, let context):
            (path, description) = (context.codingPath, context.debugDescription)
        default:
            return "\(error)"
        }
        let at = path.map(\.stringValue).joined(separator: ".")
        return at.isEmpty ? description : "\(description) at \(at)"
    }
}

// MARK: - Codable

/// `{"pieces": {key: value}, "owners": {name: archive}}`, either left out when empty.
extension SavedStateArchive: Codable {
    private enum CodingKeys: String, CodingKey {
        case pieces
        case owners
    }

    /// Decodes an archive that an app's own encoder wrote inside its saved file.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an archive.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pieces = try container.decodeIfPresent([String: SavedValue].self, forKey: .pieces) ?? [:]
        owners = try container.decodeIfPresent([String: SavedStateArchive].self, forKey: .owners) ?? [:]
    }

    /// Encodes the archive inside an app's own saved file.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !pieces.isEmpty { try container.encode(pieces, forKey: .pieces) }
        if !owners.isEmpty { try container.encode(owners, forKey: .owners) }
    }
}
