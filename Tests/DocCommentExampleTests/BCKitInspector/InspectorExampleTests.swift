import BCKit
import BCKitInspector
import Foundation
import Testing

// The blocks of BCKitInspector's doc comments, verbatim: InspectorRecorder and InspectorPage (a
// session's page, and two sessions compared).

@MainActor
private protocol RefreshConversation: AnyObject {
    func refresh()
}

/// Refreshes when told to.
private final class RefreshController: BusinessController, RefreshConversation {
    weak var owner: Owner?

    func refresh() {}
}

/// A screen with an owner, as an app's view controller has.
@MainActor
private final class Screen {
    let owner = Owner(name: "GoodsDetail")
}

/// The blocks as written: they save `session.html` in the working directory, so they are compiled
/// here and the tests below run the same calls with a temporary file.
@MainActor
private enum AsWritten {
    static func recordTheSession(of screen: Screen) throws {
        let recorder = InspectorRecorder()
        recorder.record(screen.owner)
        // ... the session runs ...
        try recorder.writePage(to: URL(filePath: "session.html"))
    }

    static func writeThePage(of recorder: InspectorRecorder) throws -> String {
        let html = InspectorPage.html(recording: recorder.jsonLines)
        try InspectorPage.write(recording: recorder.jsonLines, to: URL(filePath: "session.html"))
        return html
    }
}

@MainActor
@Suite struct InspectorExampleTests {
    @Test func aRecordedSessionBecomesASelfContainedPage() throws {
        let screen = Screen()
        try screen.owner.attach(RefreshController())
        let recorder = InspectorRecorder()
        recorder.record(screen.owner)
        screen.owner.center.send((any RefreshConversation).self) { $0.refresh() }
        let file = FileManager.default.temporaryDirectory.appending(path: "inspector-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }

        try recorder.writePage(to: file)
        let html = InspectorPage.html(recording: recorder.jsonLines)

        #expect(recorder.dispatchCount == 1)
        #expect(try String(contentsOf: file, encoding: .utf8) == html)
        #expect(html.contains("RefreshConversation"))
    }

    @Test func twoSessionsOfAScreenAreComparedOnOnePage() throws {
        func session(refreshes: Int) throws -> InspectorRecorder {
            let screen = Screen()
            try screen.owner.attach(RefreshController())
            let recorder = InspectorRecorder(timestamps: false)
            recorder.record(screen.owner)
            for _ in 0..<refreshes { screen.owner.center.send((any RefreshConversation).self) { $0.refresh() } }
            return recorder
        }
        let before = try session(refreshes: 1)
        let after = try session(refreshes: 2)

        let html = InspectorPage.html(comparing: before.jsonLines, with: after.jsonLines)

        #expect(before.jsonLines != after.jsonLines)
        #expect(html.contains(before.jsonLines.replacingOccurrences(of: "<", with: "\\u003c")))
        #expect(html.contains(after.jsonLines.replacingOccurrences(of: "<", with: "\\u003c")))
    }
}
