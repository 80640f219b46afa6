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

    @Test func repliesToAReloadWithHowManyItSuggestsOnceTheServiceAnswers() async {
        let (transcript, lines) = Fixtures.capturingTranscript()
        await expectNoLeaks {
            let test = TestOwner(testing: RecommendationsController(store: .sample(), transcript: transcript))
            test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
            test.drive(to: .appeared)
            test.skipSentMessages()

            let replies = test.gather((any ReloadConversation).self) { $0.reload(goodsID: 3, reply: $1) }
            #expect(replies == nil)

            await test.settle()

            #expect(lines.all.last == "Recommendations <- the recommendation service: replies \"1 recommendation\"")
            #expect(test.controller.titles == ["Mechanical Keyboard"])
            test.finish()
        }
    }

    @Test func aReloadInFlightWhenTheControllerLeavesIsCancelled() async {
        let (transcript, lines) = Fixtures.capturingTranscript()
        let test = TestOwner(testing: RecommendationsController(store: .sample(), transcript: transcript))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.drive(to: .appeared)
        test.skipSentMessages()
        _ = test.gather((any ReloadConversation).self) { $0.reload(goodsID: 3, reply: $1) }

        test.unmount(test.controller)
        await test.settle()

        #expect(!lines.all.contains { $0.contains("the recommendation service: replies") })
        #expect(test.controller.titles.isEmpty)
        test.finish()
    }
}
