import BCKit

/// The screen's source of goods: loads the article when the screen loads, tells the others, and
/// reloads everything when the shopper pulls to refresh.
///
/// Shows three ways of talking: a send (``GoodsConversation``), answering a query
/// (``GoodsQuery``) and a gather with replies (``ReloadConversation``). It is attached with a high
/// priority so it loads before the controllers that show the goods.
final class RefreshController: BusinessController, GoodsQuery, PullToRefreshConversation {
    weak var owner: Owner?
    private let goodsID: Int
    private let store: Store
    private let transcript: Transcript
    private var goods: Goods?

    init(goodsID: Int, store: Store, transcript: Transcript) {
        self.goodsID = goodsID
        self.store = store
        self.transcript = transcript
    }

    var currentGoods: Goods? { goods }

    func ownerDidLoad() {
        load(because: "did-load")
    }

    func userPulledToRefresh() {
        transcript.say("<- PullToRefreshConversation", from: self)
        transcript.indented {
            load(because: "refresh")
            transcript.say("-> ReloadConversation.reload, a gather: the completion waits for every reply", from: self)
            let asked = transcript.indented {
                center.gather((any ReloadConversation).self, { $0.reload(goodsID: goodsID, reply: $1) }) {
                    [weak self] replies in self?.finishRefresh(replies)
                }
            }
            transcript.say("asked \(asked) controller\(asked == 1 ? "" : "s") to reload", from: self)
        }
    }

    func willDetach(from owner: Owner) {
        goods = nil
    }

    private func load(because reason: String) {
        guard let goods = store.goods(id: goodsID) else {
            transcript.say("\(reason): the store has no goods #\(goodsID); nothing to show", from: self)
            return
        }
        self.goods = goods
        transcript.say(
            "\(reason): loaded goods #\(goods.id) from the store -> GoodsConversation.goodsDidChange",
            from: self
        )
        transcript.indented { center.goodsDidChange(goods) }
    }

    private func finishRefresh(_ replies: [String]) {
        let summary = replies.isEmpty ? "nobody reloads anything" : replies.joined(separator: "; ")
        transcript.say("refresh complete, all \(replies.count) replied: \(summary)", from: self)
    }
}
