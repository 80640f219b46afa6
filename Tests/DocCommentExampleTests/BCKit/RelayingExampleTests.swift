import BCKit
import Testing

// The blocks of Conversation's relaying defaults for a question and a retained message, and of
// CommunicationCenter's `others`, verbatim.

private protocol GoodsQuery: Conversation {
    func goodsTitle() -> String?
}

extension GoodsQuery {
    func goodsTitle() -> String? { relay((any GoodsQuery).self) { $0.goodsTitle() } }
}

extension CommunicationCenter: GoodsQuery {}

private protocol DraftConversation: Conversation {
    func draftDidChange(_ text: String)
    func draftWasRestored(_ text: String)
}

extension DraftConversation {
    func draftDidChange(_ text: String) { relay((any DraftConversation).self) { $0.draftDidChange(text) } }
}

extension DraftConversation {
    func draftWasRestored(_ text: String) {
        relayRetained((any DraftConversation).self) { $0.draftWasRestored(text) }
    }
}

extension CommunicationCenter: DraftConversation {}

/// Knows the title, or not.
private final class TitleSource: BusinessController, GoodsQuery {
    weak var owner: Owner?
    let title: String?

    init(title: String?) {
        self.title = title
    }

    func goodsTitle() -> String? { title }
}

/// Edits a draft, tells the others, and hears what they write.
private final class DraftEditor: BusinessController, DraftConversation {
    weak var owner: Owner?
    private(set) var heard: [String] = []
    private(set) var restored: [String] = []

    func type(_ text: String) {
        center.others.draftDidChange(text)
    }

    func draftDidChange(_ text: String) { heard.append(text) }
    func draftWasRestored(_ text: String) { restored.append(text) }
}

@MainActor
@Suite struct RelayingExampleTests {
    @Test func theCenterAnswersAQuestionWithTheFirstAnswerThatIsNotNil() throws {
        let owner = Owner(name: "Goods")
        try owner.attach([TitleSource(title: nil), TitleSource(title: "Console"), TitleSource(title: "Other")])

        #expect(owner.center.goodsTitle() == "Console")
    }

    @Test func nobodyToAnswerIsNil() {
        #expect(Owner(name: "Goods").center.goodsTitle() == nil)
    }

    @Test func othersLeavesTheSenderOut() throws {
        let owner = Owner(name: "Chat")
        let writer = DraftEditor()
        let reader = DraftEditor()
        try owner.attach([writer, reader])

        writer.type("hello")

        #expect(writer.heard == [])
        #expect(reader.heard == ["hello"])
    }

    @Test func aRetainedMessageReachesAControllerAttachedLaterOnce() throws {
        let owner = Owner(name: "Chat")
        let sender = DraftEditor()
        try owner.attach(sender)
        owner.center.draftWasRestored("first")
        owner.center.draftWasRestored("latest")

        let late = DraftEditor()
        try owner.attach(late)

        #expect(sender.restored == ["first", "latest"])
        #expect(late.restored == ["latest"])
    }
}
