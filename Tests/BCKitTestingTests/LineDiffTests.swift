import Foundation
import Testing

@testable import BCKitTesting

@Suite struct LineDiffTests {
    @Test func equalTextsHaveNoDiffWhateverTheFinalNewline() {
        #expect(LineDiff(old: "a\nb\n", new: "a\nb").isEmpty)
    }

    @Test func distantChangesGetTheirOwnHunksWithTwoLinesOfContext() {
        let old = (1...12).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n")
            .replacingOccurrences(of: "line 11\n", with: "")
        let diff = LineDiff(old: old, new: new)
        #expect(!diff.isEmpty)
        #expect(
            diff.text.split(separator: "\n") == [
                "@@ line 1 @@", " line 1", "-line 2", "+line two", " line 3", " line 4",
                "@@ line 9 @@", " line 9", " line 10", "-line 11", " line 12",
            ]
        )
    }

    @Test func anAddedLineAtTheEndIsShown() {
        #expect(LineDiff(old: "a\n", new: "a\nb\n").text == "@@ line 1 @@\n a\n+b")
    }
}
