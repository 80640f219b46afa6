import BCKit
import BCKitTesting

final class FakeAlerts: StubController, AlertConversation {
    func show(message: String) { record(message) }
}

final class FakeAnalytics: StubController, AnalyticsConversation {
    func track(_ event: String) { record(event) }
}

/// Answers prices later: the test decides when.
final class FakePrices: StubController, PriceQuery {
    var pending: [Reply<Int>] = []

    func fetchPrice(of goodsID: Int, reply: Reply<Int>) {
        record(goodsID)
        pending.append(reply)
    }
}

/// A fake that is not a `StubController`: any business controller can be a stub.
final class PlainCartSink: BusinessController, CartConversation {
    weak var owner: Owner?
}
