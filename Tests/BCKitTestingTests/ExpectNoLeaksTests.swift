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

/// Keeps a closure that captures its owner, set up when the screen loads.
private final class OwnerCapturingController: BusinessController {
    weak var owner: Owner?
    var describeScreen: (() -> String)?

    func ownerDidLoad() {
        guard let owner else { return }
        describeScreen = { owner.name }
    }
}

/// Asks how many items the cart holds when the screen loads, and counts on an answer.
private protocol CartSizeQuery: Conversation {
    var itemCount: Int { get }
}

private final class CartSizeStub: StubController, CartSizeQuery {
    var itemCount: Int {
        record()
        return 3
    }
}

/// Answers the cart's size itself: a controller under test another one asks.
private final class CartSizeController: BusinessController, CartSizeQuery {
    weak var owner: Owner?
    var itemCount: Int { 5 }
}

/// Answers the cart's size, and holds its owner strongly: a leak another controller depends on.
private final class LeakySizeController: BusinessController, CartSizeQuery {
    var owner: Owner?
    var itemCount: Int { 5 }
}

/// Holds its owner strongly too, beside another that does.
private final class SecondStrongOwnerController: BusinessController {
    var owner: Owner?
}

/// A hand-written fake stubbed in, whose `owner` is strong: a leak of the test's own making.
private final class CarelessFake: BusinessController, CartSizeQuery {
    var owner: Owner?
    var itemCount: Int { 3 }
}

/// A stub that keeps the screen it was attached to: a leak of the test's own making.
private final class HoardingStub: StubController {
    var hoarded: Owner?

    override func didAttach(to owner: Owner) {
        hoarded = owner
    }
}

private final class CartBadgeController: BusinessController {
    weak var owner: Owner?
    private(set) var badge: Int?

    func ownerDidLoad() {
        // An answer the screen always gives, as the test's stub does: the app may unwrap it.
        badge = center.first((any CartSizeQuery).self) { $0.itemCount }
        precondition(badge != nil, "the cart always answers")
    }
}

/// Runs `body` inside `expectNoLeaks`, whose report must fail the test once, saying each of
/// `phrases` and none of `absent`.
@MainActor
private func expectLeakReport(
    saying phrases: [String],
    notSaying absent: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () -> Void
) {
    withKnownIssue(sourceLocation: sourceLocation) {
        expectNoLeaks(body)
    } matching: { issue in
        issue.comments.contains { comment in
            phrases.allSatisfy(comment.rawValue.contains) && !absent.contains(where: comment.rawValue.contains)
        }
    }
}

@MainActor
@Suite struct ExpectNoLeaksTests {
    /// The other controllers under test answer too on the probe's screen, as in a whole-screen test.
    @Test func theDropProbeAnswersTheControllerWithTheOtherControllersUnderTest() {
        expectNoLeaks {
            let test = TestOwner(testing: CartSizeController())
            let badge = test.mount(CartBadgeController())
            test.drive(to: .loaded)
            #expect(badge.badge == 5)
            test.expectSent((any CartSizeQuery).self)
            test.finish()
        }
    }

    /// Stubs are known from when they were stubbed: a test torn down before it finishes, as the
    /// article shows, still has them answer on the probe's screen.
    @Test func theDropProbeHasTheStubsAfterATearDown() {
        expectNoLeaks {
            let test = TestOwner(testing: CartBadgeController())
            test.stub(CartSizeStub())
            test.drive(to: .loaded)
            test.expectSent((any CartSizeQuery).self, "itemCount")
            test.drive(to: .tornDown)
            test.finish()
        }
    }

    /// Two controllers under test that each hold their owner strongly are both named: one's leak
    /// does not excuse the other's.
    @Test func twoControllersHoldingTheirOwnerStronglyAreBothNamed() {
        expectLeakReport(saying: [
            "StrongOwnerController keeps its owner alive", "SecondStrongOwnerController keeps its owner alive",
        ]) {
            let test = TestOwner(testing: StrongOwnerController())
            test.mount(SecondStrongOwnerController())
            test.drive(to: .loaded)
            test.finish()
        }
    }

    /// A controller that others ask while they load, and that leaks, is named, and the probe still
    /// has it answer them; the controller asking is not blamed.
    @Test func aLeakingControllerOthersDependOnIsNamedAndStillAnswers() {
        expectLeakReport(
            saying: ["LeakySizeController keeps its owner alive"], notSaying: ["CartBadgeController keeps"]
        ) {
            let test = TestOwner(testing: LeakySizeController())
            let badge = test.mount(CartBadgeController())
            test.drive(to: .loaded)
            #expect(badge.badge == 5)
            test.expectSent((any CartSizeQuery).self)
            test.finish()
        }
    }

    /// A stubbed fake that holds its owner strongly does not hide the controller under test's own
    /// leak.
    @Test func aStubHoldingItsOwnerHidesNoLeakOfTheController() {
        expectLeakReport(saying: ["StrongOwnerController keeps its owner alive"]) {
            let test = TestOwner(testing: StrongOwnerController())
            test.stub(CarelessFake())
            test.drive(to: .loaded)
            test.finish()
        }
    }

    /// A stubbed fake that alone holds its owner strongly is named as the stub, not blamed on the
    /// controller under test.
    @Test func aStubThatAloneHoldsItsOwnerIsNamed() {
        expectLeakReport(saying: ["the stub CarelessFake keeps its owner alive"], notSaying: ["QuietController keeps"])
        {
            let test = TestOwner(testing: QuietController())
            test.stub(CarelessFake())
            test.drive(to: .loaded)
            test.finish()
        }
    }

    /// A fresh screen that refuses the probe's attach, here because a stub is an owner already
    /// driven, leaves the drop unchecked: the test fails saying so, and why.
    @Test func aDropProbeTheFreshScreenRefusesFailsSayingTheCheckDidNotRun() {
        expectLeakReport(
            saying: ["Could not check whether QuietController leaks", "cannot nest owner 'Sidebar'", "did not run"]
        ) {
            let test = TestOwner(testing: QuietController())
            let sidebar = Owner(name: "Sidebar")
            try? sidebar.didLoad()
            withKnownIssue {
                test.stub(sidebar)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.hasPrefix("Cannot attach stub Sidebar") }
            }
            test.drive(to: .loaded)
            test.finish()
        }
    }

    /// A screen kept by something a stub stored cannot be told from one kept by the controller:
    /// the finding names both.
    @Test func aScreenKeptByWhatAStubStoredNamesTheControllerWithTheStub() {
        weak var stub: HoardingStub?
        expectLeakReport(saying: ["QuietController (or one of HoardingStub)"]) {
            let test = TestOwner(testing: QuietController())
            stub = test.stub(HoardingStub())
            test.drive(to: .loaded)
            test.finish()
        }
        stub?.hoarded = nil
    }

    /// What a stub answers on the probe's screen is not taken by the next test owner as its own.
    @Test func theProbesStubCallsAreNotTheNextTestOwners() {
        expectNoLeaks {
            let stub = CartSizeStub()
            let test = TestOwner(testing: CartBadgeController())
            test.stub(stub)
            test.drive(to: .loaded)
            test.expectSent((any CartSizeQuery).self, "itemCount")
            test.finish()

            let next = TestOwner(testing: CartBadgeController())
            next.stub(stub)
            next.drive(to: .loaded)
            #expect(next.sentMessages.map { $0.calls.map(\.description) } == [["itemCount"]])
            next.skipSentMessages()
            next.finish()
        }
    }

    /// The drop probe loads the controller again on a fresh screen: the test's stubs are there, so
    /// what the controller asks as it loads is answered as in the test.
    @Test func theDropProbeAnswersTheControllerWithTheTestsStubs() {
        weak var stub: CartSizeStub?
        expectNoLeaks {
            let test = TestOwner(testing: CartBadgeController())
            let sizes = CartSizeStub()
            stub = sizes
            test.stub(sizes)
            test.drive(to: .loaded)
            #expect(test.controller.badge == 3)
            test.expectSent((any CartSizeQuery).self)
            test.finish()
            #expect(sizes.owner == nil)
        }
        #expect(stub == nil)
    }

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
        expectLeakReport(saying: ["SelfRetainingController (under test)"]) {
            let test = TestOwner(testing: SelfRetainingController())
            escaped = test.controller
            test.finish()
        }
        escaped?.onRefresh = nil
        #expect(escaped == nil)
    }

    @Test func anOwnerKeptAliveByItsControllerFailsTheTest() {
        weak var escaped: OwnerHoardingController?
        // The drop probe hands the controller a new owner to hoard, so the test's own owner
        // goes; the controller, still holding itself, does not.
        expectLeakReport(saying: [
            "OwnerHoardingController (under test)", "OwnerHoardingController keeps its owner alive",
        ]) {
            let test = TestOwner(testing: OwnerHoardingController())
            escaped = test.controller
            test.finish()
        }
        escaped?.hoardedOwner = nil
        escaped?.me = nil
        #expect(escaped == nil)
    }

    @Test func aStubKeptOutsideTheBodyFailsTheTest() {
        var kept: FakeAnalytics?
        expectLeakReport(saying: ["FakeAnalytics (stub)"]) {
            let test = TestOwner(testing: QuietController())
            kept = test.stub(FakeAnalytics())
            test.finish()
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

    @Test func aControllerHoldingItsOwnerStronglyFailsAndIsNamed() {
        weak var controller: StrongOwnerController?
        weak var owner: Owner?
        expectLeakReport(saying: ["StrongOwnerController keeps its owner alive", "its `owner` property is strong"]) {
            let test = TestOwner(testing: StrongOwnerController())
            controller = test.controller
            owner = test.owner
            test.drive(to: .appeared)
            test.finish()
        }
        // Reported, then let go: nothing stays behind for later tests.
        #expect(controller == nil)
        #expect(owner == nil)
    }

    /// A controller mounted next to the one under test, its result discarded, is kept only by the
    /// owner: the tear-down lets it go, but the drop probe must still try it.
    @Test func aMountedControllerWhoseResultIsDiscardedIsStillProbed() {
        expectLeakReport(saying: ["StrongOwnerController keeps its owner alive", "its `owner` property is strong"]) {
            let test = TestOwner(testing: QuietController())
            test.mount(StrongOwnerController())
            test.drive(to: .appeared)
            test.finish()
        }
    }

    /// Unmounted during the test and discarded, a controller is still probed when the test ends.
    @Test func anUnmountedDiscardedControllerIsStillProbed() {
        expectLeakReport(saying: ["StrongOwnerController keeps its owner alive"]) {
            let test = TestOwner(testing: QuietController())
            test.unmount(test.mount(StrongOwnerController()))
            test.finish()
        }
    }

    @Test func aTearDownAloneHidesAStrongOwner() {
        // What the tear-down alone shows: the strong owner is cleared by the detach, so both go.
        weak var controller: StrongOwnerController?
        weak var owner: Owner?
        do {
            let test = TestOwner(testing: StrongOwnerController())
            controller = test.controller
            owner = test.owner
            test.drive(to: .appeared)
            test.finish()
        }
        #expect(controller == nil)
        #expect(owner == nil)
    }

    @Test func aClosureCapturingTheOwnerFailsAndIsNamed() {
        weak var controller: OwnerCapturingController?
        expectLeakReport(saying: [
            "OwnerCapturingController keeps its owner alive", "something it stored while attached",
        ]) {
            let test = TestOwner(testing: OwnerCapturingController())
            controller = test.controller
            test.drive(to: .loaded)
            test.finish()
        }
        controller?.describeScreen = nil
        #expect(controller == nil)
    }

    @Test func theDropProbeFreesAControllerTaskWithItsScreen() async {
        await expectNoLeaks {
            let test = TestOwner(testing: TaskStartingController())
            test.drive(to: .appeared)
            await test.settle()
            test.finish()
        }
    }
}

/// Starts a task when the screen loads, the leak-free way.
private final class TaskStartingController: BusinessController {
    weak var owner: Owner?
    private(set) var ready = false

    func ownerDidLoad() {
        task { context in
            await Task.yield()
            context.controller?.ready = true
        }
    }
}
