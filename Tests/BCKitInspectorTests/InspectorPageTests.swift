import BCKit
import BCKitInspector
import ConsoleShop
import Foundation
import Testing

@MainActor
@Suite struct InspectorPageTests {
    /// The recording block of a page: what lies between its opening tag and the first `</script>`.
    private func embedded(in html: String) throws -> String {
        let open = try #require(html.range(of: "<script type=\"application/x-ndjson\" id=\"recording\">"))
        let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
        return String(html[open.upperBound..<close.lowerBound])
    }

    @Test func namesThatCouldEndTheScriptBlockAreEscapedAndReadBackWhole() throws {
        let hostile = "</script><!--<script>alert(1)</script>"
        let owner = Owner(name: hostile)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        try owner.attach(Listener())
        owner.center.ping("x")
        let html = InspectorPage.html(recording: recorder.jsonLines, title: hostile)
        let block = try embedded(in: html)
        #expect(!block.contains("<"))
        #expect(html.components(separatedBy: "</script>").count == 3)
        #expect(!html.contains("<!--"))
        let names = try parse(block.trimmingCharacters(in: .whitespacesAndNewlines)).compactMap { $0["owner"] }
        #expect(names.contains(hostile))
        #expect(html.contains("<title>&lt;/script&gt;&lt;!--&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
    }

    @Test func aRecordingWrittenByAnotherToolIsEscapedToo() throws {
        let foreign =
            "{\"format\":\"bckit-inspector\",\"version\":1}\n{\"seq\":1,\"type\":\"diagnostic\",\"text\":\"</script>\"}\n"
        let block = try embedded(in: InspectorPage.html(recording: foreign))
        #expect(block.contains(#"\u003c/script>"#))
        #expect(try parse(block.trimmingCharacters(in: .whitespacesAndNewlines)).last?["text"] == "</script>")
    }

    @Test func thePageAllowsNothingFromOutsideAndEmbedsTheRecordingAsJSONLines() throws {
        let recorder = InspectorRecorder(timestamps: false)
        let html = InspectorPage.html(recording: recorder.jsonLines)
        #expect(
            html.contains(
                "content=\"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'\""))
        #expect(try embedded(in: html).contains("\"format\":\"bckit-inspector\""))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"))
    }

    @Test func theShopsScriptedSessionWritesAPageWithEveryDispatch() async throws {
        let transcript = Transcript { _ in }
        let app = try ShopApp(transcript: transcript)
        let recorder = InspectorRecorder(timestamps: false)
        app.inspector = recorder
        try await app.launch()
        let session = ShopSession(app: app, transcript: transcript, echoesCommands: true)
        // The scripted session `.ci/run` drives through the console host.
        let script = [
            "help", "routes", "open shop://goods/detail/42", "add-to-cart", "login", "open shop://cart", "back",
            "cart", "back", "memory-warning", "describe", "graph", "not-a-command", "quit",
        ]
        _ = await session.runSettled(lines: script)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: url) }
        try recorder.writePage(to: url)
        let html = try String(contentsOf: url, encoding: .utf8)
        let recorded = try parse(try embedded(in: html).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(recorded.filter { $0.type == "dispatch" }.count == recorder.dispatchCount)
        #expect(recorded.contains { $0.type == "owner" && $0["owner"] == "GoodsDetail" })
        #expect(recorded.contains { $0.flag("hostRequest") })
    }

    @Test func theConsoleHostTakesTheInspectorPagesPath() throws {
        #expect(try LaunchOptions(arguments: ["--inspect", "session.html"]).inspectPath == "session.html")
        #expect(throws: LaunchError.missingValue("--inspect")) { try LaunchOptions(arguments: ["--inspect"]) }
        #expect(LaunchOptions.usage.contains("--inspect FILE"))
    }
}
