import BCKit
import ConsoleShop
import Foundation
import Testing

@testable import BCKitInspector

@MainActor
@Suite struct InspectorPageTests {
    /// A recording block of a page: what lies between its opening tag and the first `</script>`.
    private func embedded(in html: String, id: String = "recording") throws -> String {
        let open = try #require(html.range(of: "<script type=\"application/x-ndjson\" id=\"\(id)\">"))
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

    /// U+0600 is a prepended mark: with the `<` after it, it makes one character, which a
    /// character-by-character escape never saw as a `<`. Each mark here comes before a markup
    /// character, which must reach the page as a reference.
    @Test(arguments: ["Run \u{600}<a href=https://example.com/ \u{600}>click", "\u{600}\"\u{600}'\u{600}&"])
    func aMarkupCharacterJoinedToTheOneBeforeItIsEscapedInEveryTitle(title: String) {
        let pages = [
            InspectorPage.html(recording: "", title: title),
            InspectorPage.html(comparing: "", with: "", title: title, names: (title, title)),
        ]
        for page in pages {
            // Split by scalar: as characters, the page holds no U+0600 of its own.
            let afterMarks = page.unicodeScalars.split(separator: "\u{600}").dropFirst().map { String($0) }
            #expect(afterMarks.count >= 2)
            for afterMark in afterMarks {
                #expect(["&lt;", "&gt;", "&quot;", "&#39;", "&amp;"].contains { afterMark.hasPrefix($0) })
            }
        }
    }

    @Test func aRecordingWrittenByAnotherToolIsEscapedToo() throws {
        let foreign =
            "{\"format\":\"bckit-inspector\",\"version\":1}\n{\"seq\":1,\"type\":\"diagnostic\",\"text\":\"</script>\"}\n"
        let block = try embedded(in: InspectorPage.html(recording: foreign))
        #expect(block.contains(#"\u003c/script>"#))
        #expect(try parse(block.trimmingCharacters(in: .whitespacesAndNewlines)).last?["text"] == "</script>")
    }

    /// The `content` of the page's policy.
    private func policy(of html: String) throws -> String {
        let start = try #require(html.range(of: "http-equiv=\"Content-Security-Policy\" content=\""))
        let end = try #require(html.range(of: "\"", range: start.upperBound..<html.endIndex))
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// The text of the first element `tag` of the page.
    private func inline(_ tag: String, of html: String) throws -> String {
        let start = try #require(html.range(of: "<\(tag)>"))
        let end = try #require(html.range(of: "</\(tag)>", range: start.upperBound..<html.endIndex))
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func thePageAllowsItsOwnScriptAndStyleByDigestAndNothingElse() throws {
        let html = InspectorPage.html(recording: InspectorRecorder(timestamps: false).jsonLines)
        let policy = try policy(of: html)
        #expect(!policy.contains("unsafe"))
        let script = InspectorPage.digest(of: try inline("script", of: html))
        let style = InspectorPage.digest(of: try inline("style", of: html))
        #expect(
            policy
                == "default-src 'none'; script-src '\(script)'; style-src '\(style)'; base-uri 'none'; form-action 'none'"
        )
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"))
    }

    @Test func bothPagesRunTheSameScriptUnderTheSamePolicy() throws {
        let recording = InspectorRecorder(timestamps: false).jsonLines
        let single = InspectorPage.html(recording: recording)
        let compared = InspectorPage.html(comparing: recording, with: recording)
        #expect(try inline("script", of: single) == inline("script", of: compared))
        #expect(try policy(of: single) == policy(of: compared))
        #expect(compared.contains("data-mode=\"compare\""))
    }

    @Test func thePageEmbedsTheRecordingAsJSONLines() throws {
        let recorder = InspectorRecorder(timestamps: false)
        let html = InspectorPage.html(recording: recorder.jsonLines)
        #expect(
            try embedded(in: html).trimmingCharacters(in: .whitespacesAndNewlines)
                == recorder.jsonLines.trimmingCharacters(in: .newlines))
    }

    @Test func theComparisonPageEmbedsBothRecordingsEscapedAndNamesThem() throws {
        let first =
            "{\"format\":\"bckit-inspector\",\"version\":2}\n{\"seq\":1,\"type\":\"marker\",\"label\":\"</script>\"}\n"
        let second = "{\"format\":\"bckit-inspector\",\"version\":2}\n"
        let html = InspectorPage.html(comparing: first, with: second, names: ("<before>", "after & later"))
        let a = try embedded(in: html, id: "recording-a")
        let b = try embedded(in: html, id: "recording-b")
        #expect(!a.contains("<") && !b.contains("<"))
        #expect(try parse(a.trimmingCharacters(in: .whitespacesAndNewlines)).last?["label"] == "</script>")
        #expect(b.trimmingCharacters(in: .whitespacesAndNewlines) == second.trimmingCharacters(in: .newlines))
        #expect(html.contains("A: &lt;before&gt;") && html.contains("B: after &amp; later"))
    }

    @Test func aMarkInATitleOrRecordingIsNotFilledIn() throws {
        let recording =
            "{\"format\":\"bckit-inspector\",\"version\":2}\n{\"seq\":1,\"type\":\"marker\",\"label\":\"{{csp}}\"}\n"
        let html = InspectorPage.html(recording: recording, title: "{{script}} {{recording}}")
        #expect(html.contains("<title>{{script}} {{recording}}</title>"))
        #expect(try embedded(in: html).contains("{{csp}}"))
        #expect(html.components(separatedBy: "Content-Security-Policy").count == 2)
    }

    @Test func eachPageIsWrittenToItsFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = InspectorRecorder(timestamps: false).jsonLines
        try InspectorPage.write(recording: recording, to: folder.appendingPathComponent("one.html"), title: "One")
        try InspectorPage.write(
            comparing: recording, with: recording, to: folder.appendingPathComponent("two.html"), title: "Two")
        let one = try String(contentsOf: folder.appendingPathComponent("one.html"), encoding: .utf8)
        let two = try String(contentsOf: folder.appendingPathComponent("two.html"), encoding: .utf8)
        #expect(one == InspectorPage.html(recording: recording, title: "One"))
        #expect(two == InspectorPage.html(comparing: recording, with: recording, title: "Two"))
        #expect(throws: (any Error).self) {
            try InspectorPage.write(recording: recording, to: folder.appendingPathComponent("missing/one.html"))
        }
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

    @Test func theConsoleHostSavesTheRecordingAndComparesTwo() throws {
        #expect(try LaunchOptions(arguments: ["--save-recording", "a.jsonl"]).savedRecordingPath == "a.jsonl")
        let comparing = try LaunchOptions(arguments: ["--compare", "a.jsonl", "b.jsonl", "--inspect", "page.html"])
        #expect(comparing.comparedPaths == ["a.jsonl", "b.jsonl"])
        #expect(comparing.inspectPath == "page.html")
        #expect(LaunchOptions.usage.contains("--save-recording FILE"))
        #expect(LaunchOptions.usage.contains("--compare A.jsonl B.jsonl --inspect FILE"))
    }

    @Test(arguments: [
        (["--save-recording"], LaunchError.missingValue("--save-recording")),
        (["--compare", "a.jsonl"], LaunchError.missingValue("--compare")),
        (["--compare", "a.jsonl", "b.jsonl"], LaunchError.compareWithoutPage),
    ])
    func aComparisonOrRecordingWithoutItsFilesIsRefusedWithWhatToDo(arguments: [String], error: LaunchError) {
        #expect(throws: error) { try LaunchOptions(arguments: arguments) }
        #expect(error.description.contains("`"))
    }
}
