import BCKit
import BCKitTesting
import Testing

/// Tracks a purchase once the terms are accepted: the action waits on a barrier in a task.
private final class PurchaseController: BusinessController {
    weak var owner: Owner?
    private let terms: Barrier<String>

    init(terms: Barrier<String>) {
        self.terms = terms
    }

    func buy(_ item: String) {
        let terms = terms
        task { context in
            do throws(BarrierCancellation) {
                let version = try await context.wait(for: terms)
                context.controller?.center.send((any AnalyticsConversation).self) {
                    $0.track("bought \(item) (\(version))")
                }
            } catch {
                context.controller?.center.send((any AnalyticsConversation).self) { $0.track("no \(item)") }
            }
        }
    }
}

/// Waits on the barrier, then sleeps on the clock, then tracks: a barrier and time in one task.
private final class ReminderController: BusinessController {
    weak var owner: Owner?
    private let terms: Barrier<Void>

    init(terms: Barrier<Void>) {
        self.terms = terms
    }

    func ownerDidLoad() {
        let terms = terms
        task { context in
            guard (try? await context.wait(for: terms)) != nil else { return }
            guard (try? await context.sleep(for: .seconds(5))) != nil else { return }
            context.controller?.center.send((any AnalyticsConversation).self) { $0.track("remind") }
        }
    }
}

/// Checks out once the shopper signed in and accepted the terms: two barriers waited on at once.
private final class CheckoutController: BusinessController {
    weak var owner: Owner?
    private let signedIn: Barrier<String>
    private let terms: Barrier<Void>
    private(set) var checkedOut: [String] = []

    init(signedIn: Barrier<String>, terms: Barrier<Void>) {
        self.signedIn = signedIn
        self.terms = terms
    }

    func checkoutTapped() {
        let (signedIn, terms) = (signedIn, terms)
        task { context in
            async let user = try? await context.wait(for: signedIn)
            async let accepted: Void? = try? await context.wait(for: terms)
            let (shopper, hasAccepted) = await (user, accepted != nil)
            if let shopper, hasAccepted { context.controller?.checkedOut.append(shopper) }
        }
    }
}

/// Buys once the shopper signs in, unless they close the sign-in prompt first: a race of two
/// barriers, the loser given up.
private final class SignInPromptController: BusinessController {
    weak var owner: Owner?
    private let signedIn: Barrier<String>
    private let closed: Barrier<Void>
    private(set) var outcomes: [String] = []

    init(signedIn: Barrier<String>, closed: Barrier<Void>) {
        self.signedIn = signedIn
        self.closed = closed
    }

    func buyTapped() {
        let (signedIn, closed) = (signedIn, closed)
        task { context in
            let first = await withTaskGroup(of: String.self) { group in
                group.addTask { (try? await context.wait(for: signedIn)).map { "bought for \($0)" } ?? "no sign-in" }
                group.addTask { (try? await context.wait(for: closed)) == nil ? "not closed" : "closed" }
                let first = await group.next()
                group.cancelAll()
                return first
            }
            if let first { context.controller?.outcomes.append(first) }
        }
    }
}

@MainActor
@Suite struct TestOwnerBarrierTests {
    /// A task whose two waits run at once is settled while either is still waiting, also after the
    /// other went on.
    @Test(.timeLimit(.minutes(1)))
    func aTaskStillWaitingOnItsSecondBarrierIsSettled() async {
        let signedIn = Barrier<String>("signedIn")
        let terms = Barrier<Void>("terms")
        let test = TestOwner(testing: CheckoutController(signedIn: signedIn, terms: terms))
        test.drive(to: .appeared)
        test.controller.checkoutTapped()
        await test.settle(timeout: .seconds(5))
        await yieldUntil { signedIn.waiterCount == 1 && terms.waiterCount == 1 }

        await test.overcome(signedIn, with: "ada")
        #expect(terms.waiterCount == 1)
        await test.settle(timeout: .seconds(5))
        await test.overcome(terms)

        #expect(test.controller.checkedOut == ["ada"])
        test.finish()
    }

    /// A wait whose child task its group cancels (the other barrier answered first) leaves its
    /// barrier's queue, so the group and the task end.
    @Test(.timeLimit(.minutes(1)))
    func aWaitGivenUpByItsTaskGroupLeavesTheQueue() async {
        let signedIn = Barrier<String>("signedIn")
        let closed = Barrier<Void>("promptClosed")
        let test = TestOwner(testing: SignInPromptController(signedIn: signedIn, closed: closed))
        test.drive(to: .appeared)
        test.controller.buyTapped()
        await test.settle(timeout: .seconds(5))
        await yieldUntil { signedIn.waiterCount == 1 && closed.waiterCount == 1 }

        await test.overcome(closed)
        await test.settle(timeout: .seconds(5))

        #expect(signedIn.waiterCount == 0)
        #expect(test.controller.outcomes == ["closed"])
        #expect(test.owner.unfinishedTasks.isEmpty)
        await test.cancel(signedIn)
        test.finish()
    }

    /// A task waiting on a barrier is settled: `settle()` returns at once rather than timing out.
    @Test func settleCountsATaskWaitingOnABarrierAsSettled() async {
        let terms = Barrier<String>("terms")
        let test = TestOwner(testing: PurchaseController(terms: terms))
        test.stub(FakeAnalytics())
        test.drive(to: .appeared)
        test.controller.buy("lamp")

        await test.settle(timeout: .seconds(5))

        #expect(terms.waiterCount == 1)
        test.expectNoMoreSent()
        await test.cancel(terms)
        test.skipSentMessages()
        test.finish()
    }

    @Test func overcomingResumesTheTaskWithNoRealWaiting() async {
        let terms = Barrier<String>("terms")
        let test = TestOwner(testing: PurchaseController(terms: terms))
        test.stub(FakeAnalytics())
        test.drive(to: .appeared)
        test.controller.buy("lamp")
        test.controller.buy("desk")
        await test.settle()

        await test.overcome(terms, with: "v2")

        // Both went on and sent once. In which order the two tasks ran is the executor's choice
        // (the barrier resumes its waiters in order, BarrierTests checks that), so it is not asserted.
        #expect(
            test.sentMessages.map(\.summary).sorted() == [
                "AnalyticsConversation.track(\"bought desk (v2)\")",
                "AnalyticsConversation.track(\"bought lamp (v2)\")",
            ])
        test.skipSentMessages()
        test.finish()
    }

    @Test func cancellingResumesTheTaskWithTheCancellation() async {
        let terms = Barrier<String>("terms")
        let test = TestOwner(testing: PurchaseController(terms: terms))
        test.stub(FakeAnalytics())
        test.drive(to: .appeared)
        test.controller.buy("lamp")
        await test.settle()

        await test.cancel(terms)

        test.expectSent((any AnalyticsConversation).self, "track(\"no lamp\")")
        #expect(terms.waiterCount == 0)
        test.finish()
    }

    /// Overcome, the task goes on to sleep on the clock, which the test then moves.
    @Test func aBarrierAndTheManualClockWorkTogether() async {
        let terms = Barrier<Void>("terms")
        let test = TestOwner(testing: ReminderController(terms: terms))
        test.stub(FakeAnalytics())
        test.drive(to: .loaded)
        await test.settle()

        await test.overcome(terms)
        await test.settle()
        test.expectNoMoreSent()
        await test.advance(by: .seconds(5))

        test.expectSent((any AnalyticsConversation).self, "track(\"remind\")")
        test.finish()
    }

    /// Detaching the controller under test ends its wait: the barrier holds nobody, and the
    /// controller is freed.
    @Test func unmountingTheControllerAbandonsItsWait() async {
        let terms = Barrier<String>("terms")
        weak var controller: PurchaseController?
        do {
            let test = TestOwner(testing: PurchaseController(terms: terms))
            controller = test.controller
            test.stub(FakeAnalytics())
            test.drive(to: .appeared)
            test.controller.buy("lamp")
            await test.settle()
            #expect(terms.waiterCount == 1)
            test.drive(to: .tornDown)
            #expect(terms.waiterCount == 0)
            await test.settle()
            test.skipSentMessages()
            test.finish()
        }
        #expect(controller == nil)
    }
}
