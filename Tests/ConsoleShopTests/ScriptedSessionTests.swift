import BCKit
import BCKitTesting
import Foundation
import Testing

@testable import ConsoleShop

/// What a newcomer sees on the console: the goods screen drawn once, unknown goods refused at the
/// route, and the scripted session printing the same screen on every run.
@MainActor
@Suite struct ScriptedSessionTests {
    /// Every line the shop writes, kept where the test can read it.
    private final class Lines {
        var all: [String] = []
    }

    /// The commands `.ci/run` pipes into `ConsoleHost`, one a line.
    static func script() throws -> [String] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appending(path: ".ci/shop-session.txt"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// What `ConsoleHost` prints for the lines when they are piped into it.
    static func printed(running lines: [String]) async throws -> String {
        let printed = Lines()
        let transcript = Transcript { printed.all.append($0) }
        let app = try ShopApp(transcript: transcript)
        try await app.launch()
        let session = ShopSession(app: app, transcript: transcript, echoesCommands: true)
        #expect(await session.runSettled(lines: lines) == 0)
        return printed.all.map { $0 + "\n" }.joined()
    }

    @Test func theGoodsScreenDrawsItsHeaderOnceWhenItLoads() async throws {
        let printed = try await Self.printed(running: ["open shop://goods/detail/42"])
        let drawn = printed.split(separator: "\n").filter { $0.contains("Header") && $0.contains("shows") }

        #expect(
            drawn.map { $0.trimmingCharacters(in: .whitespaces) } == [
                #"Header did-load: caught up through GoodsQuery, shows "Desk Mat""#
            ])
        for part in ["Price", "Stock", "Recommendations"] {
            let lines = printed.split(separator: "\n").filter { $0.contains("\(part) ") }
            #expect(lines.filter { $0.contains("shows") || $0.contains("suggests") }.count == 1, "\(part): \(lines)")
        }
    }

    @Test func aRefreshWithNewGoodsStillRedrawsTheHeader() throws {
        let store = Store.sample()
        let lines = Lines()
        let screen = GoodsDetailScreen(goodsID: 42, store: store, transcript: Transcript { lines.all.append($0) })
        let owner = screen.owner
        try owner.didLoad()
        let header = try #require(owner.controllers.compactMap { $0 as? HeaderController }.first)
        owner.center.goodsDidChange(Goods(id: 42, title: "Desk Mat XL", priceInCents: 2_500, stock: 3))

        #expect(header.title == "Desk Mat XL")
        #expect(lines.all.contains { $0.contains(#"Header <- GoodsConversation: shows "Desk Mat XL""#) })
    }

    @Test(arguments: ["open shop://goods/detail/999", "link shop://goods/detail/999"])
    func unknownGoodsAreNotFoundAtTheRouteAndNoScreenOpens(command: String) async throws {
        let printed = try await Self.printed(running: [command])
        let lines = printed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let opened = try #require(lines.lastIndex { $0.hasPrefix("> ") })

        #expect(
            Array(lines[(opened + 2)...]) == [
                "Goods module: the store has no goods #999; declines shop://goods/detail/999",
                "not found: no screen answers shop://goods/detail/999",
                "shop://goods/detail/999: declined: the handler of goods.detail turned it down",
                "end of input",
            ])
        #expect(!printed.contains("GoodsDetail"))
        #expect(!printed.contains("button enabled"))
    }

    @Test func theScriptedSessionPrintsTheSameScreenOnEveryRun() async throws {
        let script = try Self.script()
        let first = try await Self.printed(running: script)
        let second = try await Self.printed(running: script)

        #expect(first == second)
        // `.ci/run` diffs ConsoleHost's real output against this same file.
        expectSnapshot(of: first, named: "scriptedSession")
    }
}
