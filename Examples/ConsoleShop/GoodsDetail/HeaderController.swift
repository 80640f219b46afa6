import BCKit

/// Shows the article's title.
///
/// Hears ``GoodsConversation``; when attached late, asks ``GoodsQuery`` for what it missed.
final class HeaderController: BusinessController, GoodsConversation {
    weak var owner: Owner?
    private let transcript: Transcript
    /// The title on show, or `nil` before the goods are known.
    private(set) var title: String?

    init(transcript: Transcript) {
        self.transcript = transcript
    }

    func ownerDidLoad() {
        guard title == nil, let goods = center.currentGoods else { return }
        title = goods.title
        transcript.say("did-load: caught up through GoodsQuery, shows \"\(goods.title)\"", from: self)
    }

    func goodsDidChange(_ goods: Goods) {
        // On load the message arrives right after the catch-up above (BCKit moves the load forward
        // to the receiver first), with the same goods: the header is drawn once.
        guard goods.title != title else {
            transcript.say("<- GoodsConversation: \"\(goods.title)\" is on show already", from: self)
            return
        }
        title = goods.title
        transcript.say("<- GoodsConversation: shows \"\(goods.title)\"", from: self)
    }

    func willDetach(from owner: Owner) {
        title = nil
    }
}
