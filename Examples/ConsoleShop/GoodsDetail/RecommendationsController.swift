import BCKit

/// Shows related articles, and reloads them on refresh.
///
/// Hears ``GoodsConversation`` and answers ``ReloadConversation``. The recommendation service
/// answers a reload later, so the reload runs in a controller task (BCKit's `task(_:)`): it is
/// cancelled if the controller leaves the screen meanwhile, and it reaches the controller only
/// through its context, so a dropped screen is freed at once.
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
        // Drawn once on load, where this message follows the catch-up with the same goods.
        let fresh = load(for: goods.id)
        guard fresh != titles else {
            transcript.say("<- GoodsConversation: \(listed) on show already", from: self)
            return
        }
        titles = fresh
        transcript.say("<- GoodsConversation: suggests \(listed)", from: self)
    }

    func reload(goodsID: Int, reply: Reply<String>) {
        transcript.say("<- ReloadConversation: asks the recommendation service", from: self)
        task { context in
            // The service answers on a later turn of the main actor.
            await Task.yield()
            // Gone from the screen meanwhile: the gather still gets its one answer.
            guard let controller = context.controller else { return reply("no recommendations") }
            controller.titles = controller.load(for: goodsID)
            let count = controller.titles.count
            let answer = "\(count) recommendation\(count == 1 ? "" : "s")"
            controller.transcript.say("<- the recommendation service: replies \"\(answer)\"", from: controller)
            reply(answer)
        }
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
