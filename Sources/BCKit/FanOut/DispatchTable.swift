/// The receivers of one conversation in one owner, in the owner's order.
///
/// Built on the first dispatch of a conversation by casting each controller once, then kept up
/// to date on every attach and detach, so a send never casts.
@MainActor
@usableFromInline
class AnyDispatchTable {
    @usableFromInline
    let key: ObjectIdentifier
    /// The conversation's name, as traces and descriptions print it.
    let name: String

    init(key: ObjectIdentifier, name: String) {
        self.key = key
        self.name = name
    }

    /// Adds the attachment if its controller speaks this conversation.
    func insert(_ attachment: Attachment) {
        preconditionFailure("DispatchTable overrides insert(_:)")
    }

    /// Removes the attachment if it is a receiver.
    func remove(_ attachment: Attachment) {
        preconditionFailure("DispatchTable overrides remove(_:)")
    }

    /// The receivers' attachments, in order.
    var receivers: [Attachment] {
        preconditionFailure("DispatchTable overrides receivers")
    }
}

/// The receivers of the conversation `Conversation`, already cast to it.
@MainActor
@usableFromInline
final class DispatchTable<Conversation>: AnyDispatchTable {
    @usableFromInline
    struct Entry {
        @usableFromInline
        let receiver: Conversation
        @usableFromInline
        let attachment: Attachment
    }

    /// Copy-on-write: a dispatch holds its own reference to the buffer, so an attach or detach
    /// during the dispatch copies it and the dispatch keeps iterating its snapshot. Mutated only
    /// by `insert` and `remove`, which call no user code, hence no exclusivity checks on reads.
    @usableFromInline
    @exclusivity(unchecked)
    var entries: ContiguousArray<Entry> = []

    init() {
        super.init(key: ObjectIdentifier(Conversation.self), name: conversationName(of: Conversation.self))
    }

    override func insert(_ attachment: Attachment) {
        guard let receiver = attachment.controller as? Conversation else { return }
        let position = entries.partitioningIndex { attachment.precedes($0.attachment) }
        entries.insert(Entry(receiver: receiver, attachment: attachment), at: position)
    }

    override func remove(_ attachment: Attachment) {
        let position = entries.partitioningIndex { !$0.attachment.precedes(attachment) }
        if position < entries.count, entries[position].attachment === attachment {
            entries.remove(at: position)
        }
    }

    override var receivers: [Attachment] {
        entries.map(\.attachment)
    }
}
