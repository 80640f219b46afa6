import BCKit
import Foundation
import Testing

// The Getting Started article's code (Sources/BCKit/BCKit.docc/GettingStarted.md), verbatim, so
// it cannot rot. Its cart conversation and controllers are the README's quick start, compiled
// once in ReadmeTests.swift. The relay plugin on this target writes both conversations' relays.

protocol TitleQuery: Conversation {
    func goodsTitle() -> String?
}

@MainActor
protocol BadgeQuery: AnyObject {
    var badge: String { get }
}

/// Answers every question of the article (`PriceQuery` is CommunicationCenterTests').
private final class Article: BusinessController, TitleQuery, BadgeQuery, PriceQuery {
    weak var owner: Owner?
    let title: String?
    let badge: String
    let price: Int

    init(title: String?, badge: String, price: Int) {
        self.title = title
        self.badge = badge
        self.price = price
    }

    func goodsTitle() -> String? { title }
}

/// Keeps the records a tracer sees.
private final class Records: DispatchTracer {
    var records: [DispatchRecord] = []
    func didDispatch(_ dispatch: DispatchRecord) { records.append(dispatch) }
}

/// The question of the article's lazy controller.
@MainActor
protocol ReviewQuery: AnyObject {
    var reviewCount: Int { get }
}

final class ReviewsController: BusinessController, ReviewQuery {
    weak var owner: Owner?
    let reviewCount = 12
}

@MainActor
@Suite struct GettingStartedTests {
    @Test func theBadgeFollowsTheCartOnceTheScreenLoads() throws {
        let owner = Owner(name: "GoodsDetail")
        let addToCart = AddToCartController()
        let badge = BadgeController()
        try owner.attach([addToCart, badge])
        try owner.didLoad()
        addToCart.addToCart()
        // badge.badge == "cart: 1"
        #expect(badge.badge == "cart: 1")
    }

    @Test func aLazyControllerIsCreatedByTheFirstQuestionItAnswers() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.attach(lazily: { ReviewsController() }, speaking: [(any ReviewQuery).self])
        try owner.didLoad()
        #expect(owner.controllers.isEmpty)

        #expect(owner.center.first((any ReviewQuery).self) { $0.reviewCount } == 12)
        #expect(owner.controllers.count == 1)
        #expect(owner.state(of: owner.controllers[0]) == .loaded)
    }

    @Test func aLazyControllerRegisteredWhileVisibleIsCreatedOnTheNextAppearance() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.didLoad()
        try owner.willAppear()
        try owner.didAppear()
        try owner.attach(lazily: { ReviewsController() }, speaking: [(any ReviewQuery).self])
        #expect(owner.controllers.isEmpty)

        try owner.willDisappear()
        try owner.didDisappear()
        #expect(owner.controllers.isEmpty)
        try owner.willAppear()
        #expect(owner.controllers.count == 1)
    }

    @Test func theCartConversationIsItsProtocolAloneInSeventeenTokens() throws {
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/BCKit/BCKit.docc/GettingStarted.md"),
            encoding: .utf8
        )
        let block =
            try #require(article.components(separatedBy: "```swift\n").dropFirst().first)
            .components(separatedBy: "```").first ?? ""
        #expect(block.contains("protocol CartConversation: Conversation"))
        // Tokens as issue 31 counts them: the matches of `\w+|[^\s\w]`. The three-piece form, with
        // its relaying defaults and the center's conformance written by hand, took 79.
        let tokens = block.matches(of: /\w+|[^\s\w]/).count
        #expect(tokens == 17)
        #expect(block.matches(of: /cartWasCleared/).count == 1)
        #expect(block.matches(of: /cartDidChange/).count == 1)
    }

    @Test func theBadgeIgnoresTheMessageItLeavesToItsDefault() throws {
        let owner = Owner(name: "GoodsDetail")
        let records = Records()
        owner.addObserver(records)
        owner.onDiagnostic = { _ in }
        let badge = BadgeController()
        try owner.attach([AddToCartController(), badge])
        try owner.didLoad()
        owner.center.cartWasCleared()
        #expect(badge.badge == "cart: 0")
        let record = try #require(records.records.last)
        #expect(record.receivers == ["BadgeController"])
        #expect(record.defaulted == [DefaultedDelivery(receiver: "BadgeController", method: "cartWasCleared()")])
    }

    @Test func aQuestionIsAnsweredByTheFirstControllerThatKnows() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.attach([
            Article(title: nil, badge: "a", price: 2), Article(title: "Tea", badge: "b", price: 3),
        ])
        #expect(owner.center.goodsTitle() == "Tea")
        let badges = owner.center.all((any BadgeQuery).self) { $0.badge }
        let total = owner.center.reduce((any PriceQuery).self, into: 0) { sum, part in sum += part.price }
        #expect(badges == ["a", "b"])
        #expect(total == 5)
    }
}
