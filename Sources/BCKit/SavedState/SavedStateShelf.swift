/// What an owner was given to restore and has yet to hand out: the pieces and nested owners'
/// archives not claimed yet, and who claimed each key, kept until the owner tears down.
///
/// The owner holds one only once it is given an archive, so an attach checks one reference and an
/// owner that never restores pays nothing more.
@MainActor
final class SavedStateShelf {
    /// The pieces no attached controller has claimed yet, by key.
    var pieces: [String: SavedValue]
    /// The archives no nested owner has claimed yet, by name.
    var owners: [String: SavedStateArchive]
    /// Who claimed each key, for as long as it stays attached: another controller asking for the
    /// same key is a duplicate.
    var keyHolders: [String: Holder] = [:]
    /// Which nested owner claimed each name, likewise.
    var ownerHolders: [String: Holder] = [:]

    /// A claim, held weakly so the shelf keeps no controller alive.
    @MainActor
    struct Holder {
        weak var attachment: Attachment?
        let name: String
        /// Whether the claimant was restored from a piece that decoded (or handed an archive, for
        /// a nested owner), which it is only once.
        var receivedPiece = false
        /// Whether the claim was made as this shelf's archive was offered: one carried over from an
        /// earlier archive's shelf is offered this one's pieces still, under the key it has then.
        var claimedHere = true

        /// Whether the claimant is still attached where it claimed.
        var isAttached: Bool {
            guard let attachment else { return false }
            return !Delivery.hasLeft(attachment, mayHaveLeft: true)
        }
    }

    /// Whether a piece under `key` not handed out yet, here or in an archive that is to replace
    /// this one, goes to the controller of `attachment`: no other controller holds the key, and
    /// this one was not restored already.
    func handsOver(_ key: String, to attachment: Attachment) -> Bool {
        guard let holder = keyHolders[key], holder.isAttached else { return true }
        return holder.attachment === attachment && !holder.receivedPiece
    }

    /// The key the controller of `attachment` claimed as this shelf's archive was offered to it,
    /// or `nil` when it was not offered it yet. Linear in the keys claimed: asked only of a
    /// controller that saves under the key of a piece nobody claimed.
    func keyClaimed(by attachment: Attachment) -> String? {
        keyHolders.first { $0.value.claimedHere && $0.value.attachment === attachment }?.key
    }

    /// Likewise for the archive of the nested owner named `name`, which a nested owner takes
    /// however often it was restored before.
    func handsOver(ownerNamed name: String, to attachment: Attachment) -> Bool {
        guard let holder = ownerHolders[name], holder.isAttached else { return true }
        return holder.attachment === attachment
    }

    /// - Parameter previous: The shelf of the archive restored before, whose claims still
    ///   stand: a controller restored from it is not handed a piece of this one
    ///   (``RestorableController/restoreState(_:)`` is called once), and a key it holds stays held.
    init(_ archive: SavedStateArchive, after previous: SavedStateShelf? = nil) {
        pieces = archive.pieces
        owners = archive.owners
        if let previous {
            keyHolders = previous.keyHolders.compactMapValues { holder in
                guard holder.isAttached else { return nil }
                var carried = holder
                carried.claimedHere = false
                return carried
            }
            ownerHolders = previous.ownerHolders.filter { $0.value.isAttached }
        }
    }
}
