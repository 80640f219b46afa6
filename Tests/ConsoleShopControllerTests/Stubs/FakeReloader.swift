import BCKit
import BCKitTesting

@testable import ConsoleShop

/// Answers `ReloadConversation`: at once with `answer`, or later when `holdsReplies` is set.
final class FakeReloader: StubController, ReloadConversation {
    var answer = "reloaded"
    var holdsReplies = false
    private(set) var heldReplies: [Reply<String>] = []

    func reload(goodsID: Int, reply: Reply<String>) {
        record(goodsID)
        if holdsReplies { heldReplies.append(reply) } else { reply(answer) }
    }
}
