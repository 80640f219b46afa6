import BCKit

/// Asks each controller with its own data source to reload it, and to reply when done.
///
/// ``RefreshController`` gathers the replies with `center.gather`; its completion runs once,
/// after every receiver replied, whatever the order of the replies.
@MainActor
protocol ReloadConversation: AnyObject {
    /// Reloads this controller's part of the article, then replies with a short summary.
    ///
    /// - Parameters:
    ///   - goodsID: The article number.
    ///   - reply: Call it exactly once, now or later.
    func reload(goodsID: Int, reply: Reply<String>)
}

// MARK: - Default implementations

extension ReloadConversation {
    /// Replies at once with nothing reloaded.
    ///
    /// Unlike a plain message, a gathered question must have a default that answers: an empty one
    /// would hold the gatherer's completion back for good.
    func reload(goodsID: Int, reply: Reply<String>) { reply("nothing to reload") }
}
