extension Owner: @MainActor CustomStringConvertible {
    /// The owner, its state and each controller in order with its state and the conversations it
    /// speaks.
    ///
    /// Controllers registered with ``attach(lazily:speaking:creation:priority:)`` and not created yet are
    /// listed after the others as registered, not created.
    ///
    /// Conversations appear once the owner has a table for them: after their first dispatch or a
    /// ``CommunicationCenter/prepare(_:)``. Swift gives no list of the protocols a type conforms
    /// to, so until then a controller reads "speaks no known conversation".
    ///
    /// ```text
    /// Owner 'GoodsDetail' (appeared), 2 controllers:
    ///   1. HeaderController (appeared) speaks GoodsConversation
    ///   2. PriceController (appeared) speaks CartConversation, GoodsConversation
    /// ```
    public var description: String {
        var spoken: [ObjectIdentifier: [String]] = [:]
        for table in switchboard.tablesByName {
            for attachment in table.receivers {
                spoken[ObjectIdentifier(attachment), default: []].append(table.name)
            }
        }
        let attached = attachments
        var lines = ["Owner '\(name)' (\(state)), \(attached.count) controller\(attached.count == 1 ? "" : "s"):"]
        for (position, attachment) in attached.enumerated() {
            let conversations = spoken[ObjectIdentifier(attachment)] ?? []
            let speaks =
                conversations.isEmpty
                ? "speaks no known conversation" : "speaks " + conversations.joined(separator: ", ")
            let priority = attachment.priority == 0 ? "" : " priority \(attachment.priority)"
            lines.append("  \(position + 1). \(attachment.name) (\(attachment.state))\(priority) \(speaks)")
        }
        for lazy in lazyControllers {
            lines.append("  - \(lazy.name) registered, not created; created by \(lazy.creators)")
        }
        return lines.joined(separator: "\n")
    }
}
