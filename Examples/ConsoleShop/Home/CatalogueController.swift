import BCKit

/// Lists the catalogue with the URL that opens each article.
final class CatalogueController: BusinessController {
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerDidLoad() {
        transcript.say("did-load: \(store.allGoods.count) articles", from: self)
        transcript.indented {
            for goods in store.allGoods {
                transcript.line("#\(goods.id) \(goods.title), \(goods.price): open shop://goods/detail/\(goods.id)")
            }
        }
    }
}
