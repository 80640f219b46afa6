import BCKit

/// Lists what the cart holds each time the cart appears.
final class CartLinesController: BusinessController {
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerWillAppear() {
        let lines = store.cart.sorted { $0.key < $1.key }.compactMap { id, units in
            store.goods(id: id).map { "\(units) x \($0.title)" }
        }
        transcript.say(
            "will-appear: \(lines.isEmpty ? "the cart is empty" : lines.joined(separator: ", "))", from: self)
    }
}
