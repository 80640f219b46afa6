import BCKit
import Testing

@testable import ConsoleShop

/// A goods-detail screen driven by a session, with every line it writes captured.
@MainActor
private final class ScriptedShop {
    private final class Lines {
        var all: [String] = []
        var diagnostics: [Diagnostic] = []
    }

    private let captured = Lines()
    let store = Store.sample()
    let screen: GoodsDetailScreen
    let session: Session

    init(trace: Bool = false) {
        let captured = captured
        let transcript = Transcript { captured.all.append($0) }
        screen = GoodsDetailScreen(goodsID: 1, store: store, transcript: transcript)
        session = Session(screen: screen, transcript: transcript, trace: trace)
        screen.owner.onDiagnostic = { captured.diagnostics.append($0) }
    }

    var owner: Owner { screen.owner }

    /// What the screen's owner reported to its diagnostics so far.
    var diagnostics: [Diagnostic] { captured.diagnostics }

    /// Every line written so far.
    var lines: [String] { captured.all }

    /// Executes the lines and returns what they wrote.
    @discardableResult
    func run(_ lines: String...) -> [String] {
        let start = captured.all.count
        for line in lines {
            #expect(session.execute(line), "'\(line)' ended the session")
        }
        return Array(captured.all[start...])
    }

    func controller<Controller>(_ type: Controller.Type) -> Controller {
        let found = screen.parts.lazy.compactMap { $0.controller as? Controller }.first
        guard let found else { preconditionFailure("the screen has no \(Controller.self)") }
        return found
    }

    var stock: StockController { controller(StockController.self) }
    var badge: CartBadgeController { controller(CartBadgeController.self) }
}

@MainActor
@Suite struct SessionTests {
    /// `--trace` lines leave out durations, so a traced session prints the same on every run.
    @Test func aTracedSessionPrintsEachDispatchWithoutItsDuration() {
        let shop = ScriptedShop(trace: true)
        let printed = shop.run("appear", "add-to-cart")
        let traced = printed.filter { $0.split(separator: " ").first == "trace" }

        #expect(traced.contains { $0.contains("trace send: [GoodsDetail] AddToCartController -> CartConversation") })
        #expect(traced.count > 3)
        #expect(!traced.contains { $0.contains("µs") })
    }

    @Test func appearLoadsTheScreenAndEveryControllerSeesDidAppear() {
        let shop = ScriptedShop()
        shop.run("appear")
        #expect(shop.owner.state == .appeared)
        #expect(shop.screen.parts.map { shop.owner.state(of: $0.controller) } == Array(repeating: .appeared, count: 7))
        let goods = shop.store.goods(id: 1)
        #expect(shop.controller(HeaderController.self).title == goods?.title)
        #expect(shop.controller(PriceController.self).price == goods?.price)
        #expect(shop.stock.units == goods?.stock)
    }

    @Test func addToCartRaisesTheBadgeAndLowersTheStockShown() {
        let shop = ScriptedShop()
        shop.run("appear", "add-to-cart", "add-to-cart")
        #expect(shop.badge.count == 2)
        #expect(shop.store.cartCount == 2)
        #expect(shop.stock.units == shop.store.goods(id: 1)?.stock)
        #expect(shop.stock.units == 1)
    }

    @Test func addToCartIsIgnoredUntilTheScreenHasAppeared() {
        let shop = ScriptedShop()
        shop.run("add-to-cart")
        #expect(shop.store.cartCount == 0)
        #expect(shop.badge.count == 0)
    }

    @Test func addToCartStopsAtTheLastUnit() {
        let shop = ScriptedShop()
        shop.run("appear", "add-to-cart", "add-to-cart", "add-to-cart", "add-to-cart")
        #expect(shop.store.cartCount == 3)
        #expect(shop.badge.count == 3)
        #expect(shop.stock.units == 0)
    }

    @Test func withStockDetachedAddToCartRefusesToSellWithoutAStockAnswer() {
        let shop = ScriptedShop()
        shop.run("appear", "detach Stock")
        #expect(shop.owner.state(of: shop.stock) == nil)
        #expect(shop.stock.owner == nil)

        let output = shop.run("add-to-cart")
        #expect(shop.store.cartCount == 0)
        #expect(shop.badge.count == 0)
        #expect(output.contains { $0.contains("nobody answered StockQuery") })
    }

    @Test func attachingStockWhileVisibleCatchesItUpBeforeItHearsAnything() {
        let shop = ScriptedShop()
        shop.run("appear", "add-to-cart", "detach Stock", "add-to-cart")
        #expect(shop.stock.units == nil)
        #if DEBUG
            #expect(shop.diagnostics.map(\.message) == ["availableUnits(of:)"])
        #endif

        shop.run("attach stock")
        #expect(shop.owner.state(of: shop.stock) == .appeared)
        #expect(shop.stock.units == shop.store.goods(id: 1)?.stock)
        #expect(shop.session.tracer.graph.mermaid().contains("StockController -->|GoodsQuery| RefreshController"))

        shop.run("add-to-cart")
        #expect(shop.badge.count == 2)
        #expect(shop.stock.units == 1)
    }

    @Test func refreshGathersOneReplyFromEachControllerThatReloads() async throws {
        let shop = ScriptedShop()
        let reloading = shop.screen.parts.filter { $0.controller is any ReloadConversation }
        shop.run("appear")
        let waiting = shop.run("refresh")
        // Recommendations answers from a controller task, so the refresh completes only once it ran.
        #expect(!waiting.contains { $0.contains("refresh complete") })
        await shop.session.settle()
        let complete = try #require(shop.lines.last)
        #expect(complete.hasPrefix("Refresh refresh complete, all \(reloading.count) replied: "))
        #expect(complete.contains(shop.store.goods(id: 1)?.price ?? "?"))

        shop.run("detach Stock", "refresh")
        await shop.session.settle()
        #expect(shop.lines.last?.hasPrefix("Refresh refresh complete, all \(reloading.count - 1) replied: ") == true)
    }

    @Test func aGestureNobodyHandlesIsReportedAsUnhandled() {
        let shop = ScriptedShop()
        shop.run("appear", "detach Refresh")
        let output = shop.run("refresh")
        #expect(output.contains { $0.contains("unhandled") })
        #expect(shop.session.tracer.graph.mermaid().contains("host -.->|PullToRefreshConversation| unhandled"))
    }

    @Test func unknownCommandIsReportedAndTheSessionGoesOn() {
        let shop = ScriptedShop()
        let output = shop.run("fly")
        #expect(output.contains { $0.contains(CommandError.unknownCommand("fly").description) })
        shop.run("appear")
        #expect(shop.owner.state == .appeared)
    }

    @Test func unknownControllerNameIsReportedAndNothingIsDetached() {
        let shop = ScriptedShop()
        let output = shop.run("appear", "detach Basket")
        #expect(output.contains { $0.contains("no controller named 'Basket'") })
        #expect(shop.owner.controllers.count == shop.screen.parts.count + 1, "the parts and the screen's services")
    }

    @Test func disappearingTwiceIsRefusedWithTheOwnersMessageAndTheSessionGoesOn() {
        let shop = ScriptedShop()
        shop.run("appear", "disappear")
        let output = shop.run("disappear")
        #expect(
            output.contains { $0.contains(OwnerError.invalidTransition(.willDisappear, from: .loaded).description) })
        #expect(shop.owner.state == .loaded)
        shop.run("appear")
        #expect(shop.owner.state == .appeared)
    }

    @Test func attachingAnAttachedControllerIsRefusedWithTheOwnersMessage() {
        let shop = ScriptedShop()
        let output = shop.run("attach Stock")
        #expect(output.contains { $0.contains(OwnerError.alreadyAttached("StockController").description) })
        #expect(shop.owner.controllers.count == shop.screen.parts.count + 1, "the parts and the screen's services")
    }

    @Test func describePrintsTheOwnersDescription() {
        let shop = ScriptedShop()
        let output = shop.run("appear", "describe")
        let description = shop.owner.description.split(separator: "\n").map(String.init)
        #expect(Array(output.suffix(description.count)) == description)
    }

    @Test func graphPrintsTheConversationsSeenSoFar() {
        let shop = ScriptedShop()
        let output = shop.run("appear", "add-to-cart", "graph")
        let graph = shop.session.tracer.graph.mermaid().split(separator: "\n").map(String.init)
        #expect(Array(output.suffix(graph.count)) == graph)
        #expect(graph.contains("    AddToCartController -->|StockQuery| StockController"))
        #expect(graph.contains("    RefreshController -->|GoodsConversation| HeaderController"))
    }

    @Test(arguments: [false, true])
    func traceEchoesEveryDispatchOnlyWhenAsked(trace: Bool) {
        let shop = ScriptedShop(trace: trace)
        let output = shop.run("appear")
        let traced = output.filter { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("trace ") }
        // did-load, will-appear, did-appear, the GoodsConversation sent while loading, and the
        // GoodsQuery each of the five later listeners asks from its own did-load, which that
        // message brings forward (a controller never hears a message before it has loaded).
        #expect(traced.count == (trace ? 9 : 0))
    }

    @Test func endOfInputEndsTheRunWithStatusZero() {
        let shop = ScriptedShop()
        #expect(shop.session.run(lines: ["appear", "bogus", "disappear", "disappear", "add-to-cart"]) == 0)
        #expect(shop.owner.state == .loaded)
    }

    @Test func quitEndsTheRunWithStatusZeroAndReadsNoFurther() {
        let shop = ScriptedShop()
        #expect(shop.session.run(lines: ["appear", "quit", "add-to-cart"]) == 0)
        #expect(shop.owner.state == .appeared)
        #expect(shop.badge.count == 0)
    }

    @Test(arguments: ["stock", "Stock", "STOCK", "StockController", "stock-controller"])
    func controllerNamesMatchIgnoringCaseDashesAndSuffix(name: String) throws {
        let shop = ScriptedShop()
        #expect(try shop.screen.part(named: name).controller === shop.stock)
    }
}
