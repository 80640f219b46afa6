import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct RefreshControllerTests {
    @Test func loadsTheGoodsAndTellsTheOthersWhenTheScreenLoads() {
        let test = TestOwner(
            testing: RefreshController(goodsID: 1, store: .sample(), transcript: Fixtures.silentTranscript())
        )
        test.stub(GoodsListener())

        test.drive(to: .loaded)

        test.expectSent((any GoodsConversation).self, "goodsDidChange(\"Mechanical Keyboard\")")
        #expect(test.first((any GoodsQuery).self) { $0.currentGoods } == Fixtures.keyboard)
        test.finish()
    }

    @Test func sendsNothingForGoodsTheStoreDoesNotHave() {
        let test = TestOwner(
            testing: RefreshController(goodsID: 99, store: .sample(), transcript: Fixtures.silentTranscript())
        )

        test.drive(to: .appeared)

        test.expectNoMoreSent()
        #expect(test.first((any GoodsQuery).self) { $0.currentGoods } == nil)
        test.finish()
    }

    @Test func aPullReloadsTheGoodsThenGathersEveryReply() {
        let (transcript, lines) = Fixtures.capturingTranscript()
        let test = TestOwner(testing: RefreshController(goodsID: 1, store: .sample(), transcript: transcript))
        test.stub(GoodsListener())
        let reloader = test.stub(FakeReloader())
        reloader.holdsReplies = true
        test.drive(to: .appeared)
        test.skipSentMessages()

        test.send((any PullToRefreshConversation).self) { $0.userPulledToRefresh() }
        #expect(!lines.all.contains { $0.contains("refresh complete") })
        for reply in reloader.heldReplies { reply("price $89.00") }

        #expect(lines.all.last == "Refresh refresh complete, all 1 replied: price $89.00")
        test.expectSent([
            "GoodsConversation.goodsDidChange(\"Mechanical Keyboard\")",
            "ReloadConversation.reload(goodsID: 1)",
        ])
        test.finish()
    }
}
