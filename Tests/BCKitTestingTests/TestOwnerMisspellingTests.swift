import BCKit
import BCKitTesting
import Testing

/// Told that an order was placed; its default marks itself, so a receiver that misspells the
/// method is reported.
@MainActor
protocol OrderConversation: AnyObject {
    func orderDidPlace(id: Int)
}

extension OrderConversation {
    func orderDidPlace(id: Int) { notHandled() }
}

/// Means to hear orders, but its method's label differs from the protocol's.
final class MisspelledOrderBadge: BusinessController, OrderConversation {
    weak var owner: Owner?
    private(set) var orders: [Int] = []

    func orderDidPlace(order id: Int) { orders.append(id) }
}

/// Hears orders correctly.
final class OrderBadge: BusinessController, OrderConversation {
    weak var owner: Owner?
    private(set) var orders: [Int] = []

    func orderDidPlace(id: Int) { orders.append(id) }
}

/// Detaches itself as soon as it is told the screen will appear.
final class LeavesOnAppear: BusinessController {
    weak var owner: Owner?

    func ownerWillAppear() { try? owner?.detach(self) }
}

@MainActor
@Suite struct TestOwnerMisspellingTests {
    @Test func aMisspelledReceiverUnderTestIsReportedAtTheTestsSendNamingControllerConversationAndMethod() {
        let sending = #line + 3
        withKnownIssue {
            let test = TestOwner(testing: MisspelledOrderBadge())
            test.send((any OrderConversation).self) { $0.orderDidPlace(id: 7) }
            test.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == sending
                && text.contains("MisspelledOrderBadge <- OrderConversation.orderDidPlace(id:)")
                && text.contains("default ran") && text.contains("expectIgnored")
        }
    }

    @Test func aReceiverThatImplementsTheMessageIsNotReported() {
        let test = TestOwner(testing: OrderBadge())
        test.send((any OrderConversation).self) { $0.orderDidPlace(id: 7) }
        #expect(test.controller.orders == [7])
        test.finish()
    }

    @Test func theLifecycleLogOfAControllerLeavingDuringWillAppearIsWhatItSaw() {
        let test = TestOwner(testing: LeavesOnAppear(), exhaustivity: .off)
        test.drive(to: .loaded)
        test.drive(to: .appearing)
        test.expectLifecycle([.didLoad, .willAppear, .willDisappear, .didDisappear])
        test.finish()
    }

    @Test func aBroadcastDownThatANestedStubOwnerHearsIsHandled() {
        let test = TestOwner(testing: OrderBadge())
        let nested = Owner(name: "Nested")
        test.stub(nested)
        let badge = OrderBadge()
        try? nested.attach(badge)
        test.send((any OrderConversation).self, scope: .broadcastDown) { $0.orderDidPlace(id: 3) }
        #expect(badge.orders == [3])
        #expect(test.controller.orders == [3])
        test.finish()
    }

    @Test func aMisspelledAsyncReceiverUnderTestIsReportedToo() async {
        let sending = #line + 3
        await withKnownIssue {
            let test = TestOwner(testing: MisspelledRefresher())
            await test.send((any RefreshCommands).self) { await $0.refresh(page: 1) }
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == sending
                && issue.comments.map(\.rawValue).joined().contains(
                    "MisspelledRefresher <- RefreshCommands.refresh(page:)")
        }
    }
}

@MainActor
protocol RefreshCommands: AnyObject {
    func refresh(page: Int) async
}

extension RefreshCommands {
    func refresh(page: Int) async { notHandled() }
}

/// Means to refresh, but its label differs from the protocol's.
final class MisspelledRefresher: BusinessController, RefreshCommands {
    weak var owner: Owner?

    func refresh(pages: Int) async {}
}
