import BCKit
import BCKitTesting
import Foundation
import Testing

@MainActor
@Suite struct ExpectSnapshotTests {
    /// A small screen's run: load, a message, tear-down, with the controllers of these tests.
    private func run(stocked: Bool = true) throws -> ConversationTranscript {
        let owner = Owner(name: "Goods")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        // Unstocked, the stock query reaches nobody on purpose: the transcript shows it.
        owner.onDiagnostic = { _ in }
        let stock = FakeStock()
        stock.available = 5
        try owner.attach([ScreenTracker(), FakeAnalytics(), AddToCartController(goodsID: 7), CartAnalyticsController()])
        if stocked { try owner.attach(stock) }
        try owner.didLoad()
        owner.center.send((any AddToCartCommands).self) { $0.addToCart(quantity: 1) }
        try owner.tearDown()
        return transcript
    }

    @Test func aRunMatchingItsCommittedSnapshotPasses() throws {
        expectSnapshot(of: try run())
    }

    @Test func aRunThatDiffersFailsWithALineDiff() throws {
        let changed = try run(stocked: false)
        withKnownIssue {
            expectSnapshot(of: changed, named: "aRunMatchingItsCommittedSnapshotPasses", record: false)
        } matching: { issue in
            issue.comments.contains { comment in
                let lines = comment.rawValue.split(separator: "\n")
                return comment.rawValue.hasPrefix(
                    "The run differs from the snapshot __Snapshots__/ExpectSnapshotTests/aRunMatchingItsCommittedSnapshotPasses.txt"
                )
                    && lines.contains("-  [Goods] query StockQuery: AddToCartController -> FakeStock")
                    && lines.contains("+  [Goods] query StockQuery: AddToCartController -> nobody (unhandled)")
            }
        }
    }

    @Test func aMissingSnapshotFailsAndSaysHowToRecordIt() {
        withKnownIssue {
            expectSnapshot(of: "anything\n", named: "neverRecorded", record: false)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("No snapshot at __Snapshots__/ExpectSnapshotTests/neverRecorded.txt")
                    && $0.rawValue.contains("BCKIT_RECORD_SNAPSHOTS=1")
            }
        }
    }

    @Test func recordModeWritesTheSnapshotThatTheNextRunMatches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bckit-snapshots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("ShelfTests.swift").path
        let text = try run().text

        withKnownIssue {
            expectSnapshot(of: text, named: "shelf", record: true, filePath: testFile)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("Recorded the snapshot __Snapshots__/ShelfTests/shelf.txt (new)")
            }
        }

        let written = folder.appendingPathComponent("__Snapshots__/ShelfTests/shelf.txt")
        #expect(try String(contentsOf: written, encoding: .utf8) == text)
        expectSnapshot(of: text, named: "shelf", record: false, filePath: testFile)
    }

    /// Record mode left on (`record: true` committed, or the variable set in CI) must not pass a
    /// changed flow: it records the change and fails, saying to compare without record mode.
    @Test func recordingAChangedSnapshotFailsAndSaysToRunAgainWithoutRecordMode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bckit-snapshots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("ShelfTests.swift").path
        let written = folder.appendingPathComponent("__Snapshots__/ShelfTests/shelf.txt")
        try FileManager.default.createDirectory(
            at: written.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try run().text.utf8).write(to: written)
        let changed = try run(stocked: false).text

        withKnownIssue {
            expectSnapshot(of: changed, named: "shelf", record: true, filePath: testFile)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("Recorded the snapshot __Snapshots__/ShelfTests/shelf.txt (changed)")
                    && $0.rawValue.contains("run the test again without record mode (remove `record: true`)")
            }
        }
        #expect(try String(contentsOf: written, encoding: .utf8) == changed)
    }

    /// So a suite recorded again stops only at the snapshots that changed.
    /// Unchanged as comparing says: a final newline an editor added to the file, which a
    /// comparison ignores, does not make recording it again fail (a review found it did).
    @Test(arguments: ["", "\n"])
    func recordingAnUnchangedSnapshotPasses(editorsNewline: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bckit-snapshots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("ShelfTests.swift").path
        let written = folder.appendingPathComponent("__Snapshots__/ShelfTests/shelf.txt")
        try FileManager.default.createDirectory(
            at: written.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The text without its final newline, which the file may have or not.
        let text = String(try run().text.dropLast())
        try Data((text + editorsNewline).utf8).write(to: written)

        expectSnapshot(of: text, named: "shelf", record: false, filePath: testFile)
        expectSnapshot(of: text, named: "shelf", record: true, filePath: testFile)

        #expect(try String(contentsOf: written, encoding: .utf8) == text + editorsNewline)
    }

    /// The default name cuts only the argument list `#function` ends with: a name in backticks
    /// keeps its parentheses, so `cart (empty)` and `cart (full)` are two snapshots (both were
    /// `cart .txt`, cut at the first "(").
    @Test(arguments: [
        ("loadingTheScreen()", "loadingTheScreen"),
        ("shelf(stocked:_:)", "shelf"),
        ("cart (empty)()", "cart (empty)"),
        ("cart (full)(count:)", "cart (full)"),
        ("cart (empty)", "cart (empty)"),
    ])
    func theDefaultNameIsTheTestFunctionsWithoutItsArgumentList(function: String, name: String) {
        let testFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())/CartTests.swift")
        withKnownIssue {
            expectSnapshot(of: "text", record: false, filePath: testFile.path, function: function)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("No snapshot at __Snapshots__/CartTests/\(name).txt ") }
        }
    }

    /// The hint's `--filter` names the test function, not a snapshot named otherwise, as a regex
    /// a shell passes on whole: `swift test --filter cart (empty)` is a shell syntax error, and
    /// unescaped, `(empty)` is a regex group that never matches the parentheses of the name.
    @Test(
        arguments: [
            ("loadingTheScreen()", nil, "'loadingTheScreen'"),
            ("shelf(stocked:_:)", "emptyShelf", "'shelf'"),
            ("cart (empty)()", nil, #"'cart \(empty\)'"#),
            ("price $1.50?()", nil, #"'price \$1\.50\?'"#),
            ("the shopper's cart()", nil, #"'the shopper'\''s cart'"#),
        ] as [(String, String?, String)])
    func theMissingSnapshotsHintFiltersForTheTestFunction(function: String, name: String?, filter: String) {
        let testFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())/CartTests.swift")
        withKnownIssue {
            expectSnapshot(of: "text", named: name, record: false, filePath: testFile.path, function: function)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("swift test --filter \(filter)`") }
        }
    }

    /// The same through `#function` itself, for a test named in backticks.
    @Test func `a test named in backticks (with parentheses) keeps them in its snapshot's name`() {
        withKnownIssue {
            expectSnapshot(of: "text", record: false)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "No snapshot at __Snapshots__/ExpectSnapshotTests/"
                        + "a test named in backticks (with parentheses) keeps them in its snapshot's name.txt "
                )
            }
        }
    }

    /// A name that is a path fails the test and writes nothing, where it would record a file
    /// outside the folder of snapshots.
    @Test(arguments: ["../../escape", "a/b", "", ".."])
    func aNameThatIsAPathIsRefusedAndWritesNothing(_ name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bckit-snapshots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let testFile = folder.appendingPathComponent("Inner/ShelfTests.swift").path
        withKnownIssue {
            expectSnapshot(of: "text", named: name, record: true, filePath: testFile)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("cannot name a snapshot") }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
