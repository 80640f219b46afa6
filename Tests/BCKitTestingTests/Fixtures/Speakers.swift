import BCKit

/// Tracks each lifecycle step it sees, so tests can check messages sent from lifecycle callbacks.
final class ScreenTracker: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() { track("loaded") }
    func ownerDidAppear() { track("appeared") }
    func ownerDidDisappear() { track("disappeared") }

    private func track(_ event: String) {
        owner?.center.send((any AnalyticsConversation).self) { $0.track(event) }
    }
}

/// Sends from `didAttach` and `willDetach`, where BCKit's trace names no sender.
final class GreetingController: BusinessController {
    weak var owner: Owner?

    func didAttach(to owner: Owner) {
        owner.center.send((any AnalyticsConversation).self) { $0.track("hello") }
    }

    func willDetach(from owner: Owner) {
        owner.center.send((any AnalyticsConversation).self) { $0.track("goodbye") }
    }
}

/// Relays cart additions to analytics: a receiver under test that sends while handling a message.
final class CartAnalyticsController: BusinessController, CartConversation {
    weak var owner: Owner?

    func add(goodsID: Int, quantity: Int) {
        owner?.center.send((any AnalyticsConversation).self) { $0.track("added \(goodsID)") }
    }
}

/// Asks for a price through a reply and shows it once every answer is in.
final class PriceLabelController: BusinessController {
    weak var owner: Owner?
    private(set) var text = ""

    func ownerDidLoad() {
        owner?.center.gather(
            (any PriceQuery).self,
            { $0.fetchPrice(of: 7, reply: $1) },
            completion: { [weak self] prices in self?.text = prices.map(String.init).joined(separator: ", ") }
        )
    }
}

/// Holds its owner strongly: the classic leak.
final class StrongOwnerController: BusinessController {
    var owner: Owner?
}

/// Stays in step with its owner's lifecycle, does nothing else.
final class QuietController: BusinessController {
    weak var owner: Owner?
}

/// Tracks "loaded", then shows an alert, when loaded: two conversations in a known order.
final class LoadAnnouncer: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() {
        owner?.center.send((any AnalyticsConversation).self) { $0.track("loaded") }
        owner?.center.send((any AlertConversation).self) { $0.show(message: "ready") }
    }
}
