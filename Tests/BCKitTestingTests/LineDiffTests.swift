import Foundation
import Testing

@testable import BCKitTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    @Test func aLineMovedUpIsOneRemovalAndOneAddition() {
        #expect(
            LineDiff(old: "a\nb\nc\nd", new: "d\na\nb\nc").text.split(separator: "\n") == [
                "@@ line 1 @@", "+d", " a", " b", " c", "-d",
            ])
    }

    @Test func everyLineOfOneSideDiffersFromTheOther() {
        #expect(LineDiff(old: "", new: "a\nb").text == "@@ line 1 @@\n+a\n+b")
        #expect(LineDiff(old: "a\nb", new: "").text == "@@ line 1 @@\n-a\n-b")
    }

    /// Two changes (one line replaced: two changed lines) within the limit, and past it.
    @Test(arguments: [
        (2, ["@@ line 1 @@", " a", "-b", "+B", " c"]), (1, ["@@ line 1 @@", "-a", "-b", "-c", "+a", "+B", "+c"]),
    ])
    func textsFurtherApartThanTheLimitAreShownAsWhollyReplaced(limit: Int, expected: [String]) {
        let diff = LineDiff(old: "a\nb\nc", new: "a\nB\nc", changeLimit: limit)
        #expect(diff.text.split(separator: "\n").map(String.init) == expected)
    }

    /// The diff of two 5,000-line snapshots, run alone in a child process so that only its own
    /// memory counts: a few changed lines, and every line changed (past the limit). The table of
    /// every pair of lines the diff used before grew the peak by 193 MB in both.
    @Test func aDiffOfTwoFiveThousandLineSnapshotsStaysSmallInMemory() async {
        await #expect(processExitsWith: .success) {
            let old = (1...5_000).map { "dispatch \($0): Cart.cartDidChange(count: \($0)) -> Badge" }
            var new = old
            new[99] = "dispatch 100: Cart.cartWasCleared() -> Badge"
            new.remove(at: 2_500)
            new.insert("dispatch 4001.5: Stock.stockDidChange(3) -> Price", at: 4_000)
            let reformatted = old.map { $0.uppercased() }
            let before = LineDiffTests.peakResidentBytes()
            let fewChanges = LineDiff(old: old.joined(separator: "\n"), new: new.joined(separator: "\n"))
            let allChanged = LineDiff(old: old.joined(separator: "\n"), new: reformatted.joined(separator: "\n"))
            let grown = LineDiffTests.peakResidentBytes() - before
            let fewLines = fewChanges.text.split(separator: "\n")
            guard grown < 16 << 20, fewLines.filter({ $0.first == "-" || $0.first == "+" }).count == 4,
                allChanged.text.split(separator: "\n").count == 10_001
            else {
                print("the diffs grew the peak resident memory by \(grown >> 20) MB")
                exit(EXIT_FAILURE)
            }
        }
    }

    /// The process's peak resident memory so far.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)  // bytes
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Int(usage.ru_maxrss) * 1_024  // kilobytes
        #endif
    }
}
