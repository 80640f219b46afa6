import BCKit
import BCKitTesting
import Testing

/// Keeps itself alive through a closure that captures `self`.
private final class SelfRetainingController: BusinessController {
    weak var owner: Owner?
    var onRefresh: (() -> Void)?

    func didAttach(to owner: Owner) {
        onRefresh = { self.refresh() }
    }

    func refresh() {}
}

/// Keeps its owner in a second, strong property and itself alive: the owner leaks too.
private final class OwnerHoardingController: BusinessController {
    weak var owner: Owner?
    var hoardedOwner: Owner?
    var me: OwnerHoardingController?

    func didAttach(to owner: Owner) {
        hoardedOwner = owner
        me = self
    }
}

@MainActor
@Suite struct ExpectNoLeaksTests {
    @Test func aControllerReleasedWithItsOwnerPasses() {
        expectNoLeaks {
            let test = TestOwner(testing: AddToCartController(goodsID: 7))
            let stock = test.stub(FakeStock())
            stock.available = 5
            test.drive(to: .appeared)
            test.finish()
        }
    }

    @Test func aTestOwnerNeverFinishedIsStillTornDownBeforeTheCheck() {
        weak var owner: Owner?
        expectNoLeaks {
            let test = TestOwner(testing: QuietController())
            owner = test.owner
            test.drive(to: .appeared)
        }
        #expect(owner == nil)
    }

    @Test func aControllerThatRetainsItselfFailsTheTest() {
        weak var escaped: SelfRetainingController?
        withKnownIssue {
            expectNoLeaks {
                let test = TestOwner(testing: SelfRetainingController())
                escaped = test.controller
                test.finish()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("SelfRetainingController (under test)") }
        }
        escaped?.onRefresh = nil
        #expect(escaped == nil)
    }

    @Test func anOwnerKeptAliveByItsControllerFailsTheTest() {
        weak var escaped: OwnerHoardingController?
        withKnownIssue {
            expectNoLeaks {
                let test = TestOwner(testing: OwnerHoardingController())
                escaped = test.controller
                test.finish()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("owner 'TestOwner'") }
        }
        escaped?.hoardedOwner = nil
        escaped?.me = nil
        #expect(escaped == nil)
    }

    @Test func aStubKeptOutsideTheBodyFailsTheTest() {
        var kept: FakeAnalytics?
        withKnownIssue {
            expectNoLeaks {
                let test = TestOwner(testing: QuietController())
                kept = test.stub(FakeAnalytics())
                test.finish()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("FakeAnalytics (stub)") }
        }
        #expect(kept?.owner == nil)
    }

    @Test func anAsyncBodyIsCheckedToo() async {
        weak var escaped: SelfRetainingController?
        await withKnownIssue {
            await expectNoLeaks {
                let test = TestOwner(testing: SelfRetainingController())
                escaped = test.controller
                await Task.yield()
                test.finish()
            }
        }
        escaped?.onRefresh = nil
        #expect(escaped == nil)
    }
}
