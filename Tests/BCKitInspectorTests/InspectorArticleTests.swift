import BCKit
import BCKitInspector
import Foundation
import Testing

@testable import ConsoleShop

// The samples of the BCKitInspector catalog's articles, verbatim, so they cannot rot.

@MainActor
@Suite struct InspectorArticleTests {
    @Test func theOverviewSampleWritesAPageOfTheScreen() throws {
        let screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: Transcript { _ in })
        let pageURL = FileManager.default.temporaryDirectory.appendingPathComponent("goods-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: pageURL) }

        let recorder = InspectorRecorder()
        recorder.record(screen.owner)
        // ... the user taps around, or a test drives the screen ...
        try recorder.writePage(to: pageURL)

        let html = try String(contentsOf: pageURL, encoding: .utf8)
        #expect(html.contains("application/x-ndjson"))
        #expect(html.contains("GoodsDetail"))
    }

    @Test func theMarkerSampleMarksAMomentOfTheScreen() throws {
        let screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: Transcript { _ in })
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(screen.owner)

        screen.owner.mark("user tapped add-to-cart")

        let marker = try #require(try lines(of: recorder).last)
        #expect(marker.type == "marker" && marker["label"] == "user tapped add-to-cart")
    }

    @Test func theComparisonSampleWritesAPageOfBothSessions() throws {
        func session(addsToCart: Bool) throws -> InspectorRecorder {
            let screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: Transcript { _ in })
            let recorder = InspectorRecorder(timestamps: false)
            recorder.record(screen.owner)
            try screen.owner.didLoad()
            if addsToCart { screen.owner.center.userTappedAddToCart() }
            return recorder
        }
        let before = try session(addsToCart: false)
        let after = try session(addsToCart: true)
        let pageURL = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: pageURL) }

        try InspectorPage.write(
            comparing: before.jsonLines, with: after.jsonLines, to: pageURL, names: ("before", "after"))

        let html = try String(contentsOf: pageURL, encoding: .utf8)
        #expect(html.contains("A: before") && html.contains("B: after"))
        #expect(html.contains("id=\"recording-a\"") && html.contains("id=\"recording-b\""))
    }

    @Test func theFormatArticlesHeaderIsTheRecordersWithTimestamps() throws {
        let header = #"{"format":"bckit-inspector","version":2,"timestamps":true}"#
        let recorded = InspectorRecorder().jsonLines.split(separator: "\n").first.map(String.init)
        #expect(recorded == header)
    }

    @Test func theFormatArticlesDispatchLineHasTheFieldsOfARecordedOne() throws {
        let documented = try parse(
            #"{"seq":50,"type":"dispatch","parent":48,"kind":"send","owner":"GoodsDetail","ownerID":2,"conversation":"CartConversation","message":"cartDidChange(count:added:)","sender":"AddToCartController","senderID":14,"scope":"local","receivers":[{"name":"StockController","id":13,"handled":true},{"name":"CartBadgeController","id":16,"handled":true}],"unhandled":false,"retained":true}"#
        )[0]
        let screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: Transcript { _ in })
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(screen.owner)
        try screen.owner.didLoad()
        try screen.owner.willAppear()
        try screen.owner.didAppear()
        screen.owner.center.userTappedAddToCart()
        let recorded = try #require(
            try lines(of: recorder).last { $0.type == "dispatch" && $0["conversation"] == "CartConversation" })
        #expect(Set(recorded.fields.keys) == Set(documented.fields.keys))
        #expect(recorded["message"] == documented["message"])
        #expect(recorded.receivers == documented.receivers)
        #expect(recorded.flag("retained") && !recorded.flag("unhandled"))
    }
}
