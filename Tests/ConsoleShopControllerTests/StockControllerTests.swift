import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct StockControllerTests {
    @Test func answersStockOnlyForTheGoodsItShows() {
        let test = TestOwner(testing: StockController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.drive(to: .appeared)
        test.expectSent((any GoodsQuery).self, "currentGoods")

        #expect(test.first((any StockQuery).self) { $0.availableUnits(of: 1) } == 3)
        #expect(test.first((any StockQuery).self) { $0.availableUnits(of: 2) } == nil)
        test.finish()
    }

    @Test func showsOneUnitLessOnceTheCartTookOne() {
        let store = Store.sample()
        let test = TestOwner(testing: StockController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource())
        test.drive(to: .appeared)
        test.send((any GoodsConversation).self) { $0.goodsDidChange(Fixtures.keyboard) }

        store.addToCart(goodsID: 1)
        test.send((any CartConversation).self) { $0.cartDidChange(count: 1, added: Fixtures.keyboard) }

        #expect(test.controller.units == 2)
        test.skipSentMessages()
        test.finish()
    }

    @Test func repliesToAReloadWithWhatItShows() {
        let test = TestOwner(testing: StockController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource())
        test.drive(to: .loaded)
        test.skipSentMessages()

        let keyboard = test.gather((any ReloadConversation).self) { $0.reload(goodsID: 1, reply: $1) }
        let wristRest = test.gather((any ReloadConversation).self) { $0.reload(goodsID: 3, reply: $1) }

        #expect(keyboard == ["3 in stock"])
        #expect(wristRest == ["sold out"])
        test.finish()
    }

    @Test func stopsAnsweringOnceDetached() {
        let test = TestOwner(testing: StockController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.drive(to: .appeared)
        test.skipSentMessages()

        test.unmount(test.controller)

        #expect(test.controller.units == nil)
        #expect(test.controller.owner == nil)
        test.finish()
    }
}
