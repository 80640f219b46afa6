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
    /// A nested owner reads "nested owner".
    ///
    /// A receiver that kept the ``Reply`` of a ``CommunicationCenter/gather(_:scope:_:completion:)``
    /// and has not called it yet is listed last, as owing a reply to that conversation: the gather
    /// still waits for it. Receivers in nested owners are included, since they make it wait too.
    ///
    /// ```text
    /// Owner 'GoodsDetail' (appeared), 3 controllers:
    ///   1. HeaderController (appeared) speaks GoodsConversation
    ///   2. PriceController (appeared) speaks CartConversation, GoodsConversation, ShippingQuery
    ///   3. Reviews (appeared) nested owner
    ///   - PriceController owes a reply to ShippingQuery
    /// ```
    public var description: String {
        var spoken: [ObjectIdentifier: [String]] = [:]
        // The owners nested here are in a table of their own, which no conversation names.
        for table in switchboard.tablesByName where table.key != ObjectIdentifier(Owner.self) {
            for attachment in table.receivers {
                spoken[ObjectIdentifier(attachment), default: []].append(table.name)
            }
        }
        let attached = attachments
        var lines = ["Owner '\(name)' (\(state)), \(attached.count) controller\(attached.count == 1 ? "" : "s"):"]
        for (position, attachment) in attached.enumerated() {
            let conversations = spoken[ObjectIdentifier(attachment)] ?? []
            let speaks =
                if !conversations.isEmpty {
                    "speaks " + conversations.joined(separator: ", ")
                } else if attachment.controller is Owner {
                    "nested owner"
                } else {
                    "speaks no known conversation"
                }
            let priority = attachment.priority == 0 ? "" : " priority \(attachment.priority)"
            lines.append("  \(position + 1). \(attachment.name) (\(attachment.state))\(priority) \(speaks)")
        }
        for lazy in lazyControllers {
            lines.append("  - \(lazy.name) registered, not created; created by \(lazy.creators)")
        }
        for owed in repliesOwed {
            lines.append("  - \(displayName(of: owed.controller)) owes a reply to \(owed.conversation)")
        }
        return lines.joined(separator: "\n")
    }
}
