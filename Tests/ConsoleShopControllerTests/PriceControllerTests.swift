import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct PriceControllerTests {
    @Test func showsThePriceOfTheGoodsItIsTold() {
        let test = TestOwner(testing: PriceController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource())
        test.drive(to: .loaded)
        test.expectSent((any GoodsQuery).self)

        test.send((any GoodsConversation).self) { $0.goodsDidChange(Fixtures.wristRest) }

        #expect(test.controller.price == "$15.00")
        test.finish()
    }

    @Test func catchesUpThroughGoodsQueryWhenItLoads() {
        let test = TestOwner(testing: PriceController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard

        test.drive(to: .loaded)

        #expect(test.controller.price == "$89.00")
        test.expectSent((any GoodsQuery).self, "currentGoods")
        test.finish()
    }

    @Test func repliesToAReloadWithThePriceFromTheStore() {
        let test = TestOwner(testing: PriceController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource())
        test.drive(to: .appeared)
        test.skipSentMessages()

        let replies = test.gather((any ReloadConversation).self) { $0.reload(goodsID: 2, reply: $1) }

        #expect(replies == ["price $29.00"])
        #expect(test.controller.price == "$29.00")
        test.expectNoMoreSent()
        test.finish()
    }
}
