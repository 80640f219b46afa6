import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct RecommendationsControllerTests {
    @Test func suggestsRelatedGoodsAndMarksTheSoldOutOnes() {
        let test = TestOwner(
            testing: RecommendationsController(store: .sample(), transcript: Fixtures.silentTranscript())
        )
        test.stub(FakeGoodsSource())
        test.drive(to: .loaded)
        test.expectSent((any GoodsQuery).self, "currentGoods")

        test.send((any GoodsConversation).self) { $0.goodsDidChange(Fixtures.keyboard) }

        #expect(test.controller.titles == ["Wireless Mouse", "Wrist Rest (sold out)"])
        test.finish()
    }

    @Test func repliesToAReloadWithHowManyItSuggests() {
        let test = TestOwner(
            testing: RecommendationsController(store: .sample(), transcript: Fixtures.silentTranscript())
        )
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.drive(to: .appeared)
        test.skipSentMessages()

        let replies = test.gather((any ReloadConversation).self) { $0.reload(goodsID: 3, reply: $1) }

        #expect(replies == ["1 recommendation"])
        #expect(test.controller.titles == ["Mechanical Keyboard"])
        test.finish()
    }
}
