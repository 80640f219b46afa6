import BCKit

/// Shows related articles, and reloads them on refresh.
///
/// Hears ``GoodsConversation`` and answers ``ReloadConversation``.
final class RecommendationsController: BusinessController, GoodsConversation, ReloadConversation {
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript
    /// The titles on show, in order.
    private(set) var titles: [String] = []

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerDidLoad() {
        guard titles.isEmpty, let goods = center.currentGoods else { return }
        titles = load(for: goods.id)
        transcript.say("did-load: caught up through GoodsQuery, suggests \(listed)", from: self)
    }

    func goodsDidChange(_ goods: Goods) {
        titles = load(for: goods.id)
        transcript.say("<- GoodsConversation: suggests \(listed)", from: self)
    }

    func reload(goodsID: Int, reply: Reply<String>) {
        titles = load(for: goodsID)
        let answer = "\(titles.count) recommendation\(titles.count == 1 ? "" : "s")"
        transcript.say("<- ReloadConversation: replies \"\(answer)\"", from: self)
        reply(answer)
    }

    func willDetach(from owner: Owner) {
        titles = []
    }

    private func load(for goodsID: Int) -> [String] {
        store.recommendations(for: goodsID).map { $0.stock == 0 ? "\($0.title) (sold out)" : $0.title }
    }

    private var listed: String {
        titles.isEmpty ? "nothing" : titles.joined(separator: ", ")
    }
}
