import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct HeaderControllerTests {
    @Test func showsTheTitleOfTheGoodsItIsTold() {
        let test = TestOwner(testing: HeaderController(transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource())
        test.drive(to: .appeared)

        test.send((any GoodsConversation).self) { $0.goodsDidChange(Fixtures.keyboard) }

        #expect(test.controller.title == "Mechanical Keyboard")
        test.expectSent((any GoodsQuery).self, "currentGoods")
        test.finish()
    }

    @Test func catchesUpThroughGoodsQueryWhenItLoads() {
        let test = TestOwner(testing: HeaderController(transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard

        test.drive(to: .loaded)

        #expect(test.controller.title == "Mechanical Keyboard")
        test.expectSent((any GoodsQuery).self, "currentGoods")
        test.expectNoMoreSent()
        test.finish()
    }

    @Test func forgetsTheTitleWhenDetached() {
        let test = TestOwner(testing: HeaderController(transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.drive(to: .appeared)

        test.unmount(test.controller)

        #expect(test.controller.title == nil)
        test.expectLifecycle([.didLoad, .willAppear, .didAppear, .willDisappear, .didDisappear])
        test.skipSentMessages()
        test.finish()
    }

    @Test func isReleasedWithItsOwner() {
        expectNoLeaks {
            let test = TestOwner(testing: HeaderController(transcript: Fixtures.silentTranscript()))
            test.stub(FakeGoodsSource())
            test.drive(to: .appeared)
            test.skipSentMessages()
            test.finish()
        }
    }
}
