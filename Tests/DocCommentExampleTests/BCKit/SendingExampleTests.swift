import BCKit
import Testing

// The blocks of CommunicationCenter's explicit sends and questions (CommunicationCenter+Sending,
// CommunicationCenter+Async) and of Scope, verbatim.

private enum Theme {
    case light
    case dark
}

@MainActor
private protocol ThemeConversation: AnyObject {
    func themeDidChange(_ theme: Theme)
}

@MainActor
private protocol GoodsQuery: AnyObject {
    var title: String? { get }
}

@MainActor
private protocol PriceQuery: AnyObject {
    var amount: Int { get }
}

@MainActor
private protocol FormConversation: AnyObject {
    func validate() throws
}

@MainActor
private protocol StockQuery: AnyObject {
    func stock() async -> Int
}

/// A controller that speaks every conversation of this file, with the answers it is given.
private final class Part: BusinessController, ThemeConversation, GoodsQuery, PriceQuery, FormConversation, StockQuery {
    struct Invalid: Error {}

    weak var owner: Owner?
    let title: String?
    let amount: Int
    let isValid: Bool
    let units: Int
    private(set) var themes: [Theme] = []

    init(title: String? = nil, amount: Int = 0, isValid: Bool = true, units: Int = 0) {
        self.title = title
        self.amount = amount
        self.isValid = isValid
        self.units = units
    }

    func themeDidChange(_ theme: Theme) { themes.append(theme) }

    func validate() throws {
        guard isValid else { throw Invalid() }
    }

    func stock() async -> Int {
        await Task.yield()
        return units
    }
}

@MainActor
@Suite struct SendingExampleTests {
    @Test func aBroadcastReachesThePageAndEveryOwnerNestedUnderIt() throws {
        let page = Owner(name: "Page")
        let reviews = Owner(name: "Reviews")
        let pagePart = Part()
        let reviewPart = Part()
        try page.attach([pagePart, reviews])
        try reviews.attach(reviewPart)
        let sibling = Owner(name: "Sibling")
        let outside = Part()
        try sibling.attach(outside)

        // Every owner nested under the page hears about the theme, the page first.
        page.center.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }

        #expect(pagePart.themes == [.dark])
        #expect(reviewPart.themes == [.dark])
        #expect(outside.themes == [])
    }

    @Test func firstStopsAtTheFirstAnswerThatIsNotNil() throws {
        let owner = Owner(name: "Goods")
        try owner.attach([Part(title: nil), Part(title: "Console"), Part(title: "Other")])

        let title = owner.center.first((any GoodsQuery).self) { $0.title }

        #expect(title == "Console")
    }

    @Test func reduceFoldsTheContributionsInOrder() throws {
        let owner = Owner(name: "Checkout")
        try owner.attach([Part(amount: 300), Part(amount: 45)])

        let total = owner.center.reduce((any PriceQuery).self, into: 0) { sum, part in sum += part.amount }

        #expect(total == 345)
    }

    @Test func aThrowingSendCallsEveryReceiverThenThrowsEveryFailure() throws {
        let owner = Owner(name: "Form")
        let valid = Part()
        try owner.attach([Part(isValid: false), valid, Part(isValid: false)])

        do {
            try owner.center.send((any FormConversation).self) { try $0.validate() }
        } catch {
            print(error.failures.map(\.receiver))
        }

        let error = try #require(throws: ConversationError.self) {
            try owner.center.send((any FormConversation).self) { try $0.validate() }
        }
        #expect(error.failures.map(\.receiver) == ["Part", "Part"])
    }

    @Test func anAsyncQuestionAnswersInTheOwnersOrderAlsoWhenRunConcurrently() async throws {
        let owner = Owner(name: "Stock")
        try owner.attach([Part(units: 3), Part(units: 0), Part(units: 7)])

        let stock = await owner.center.all((any StockQuery).self, concurrently: true) { await $0.stock() }

        #expect(stock == [3, 0, 7])
    }
}
