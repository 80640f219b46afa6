public import BCKit
import Foundation
public import Testing

/// Compares a conversation transcript with the snapshot committed next to the test, and fails the
/// test with a line diff when they differ.
///
/// ```swift
/// @Test func loadingTheScreen() throws {
///     let transcript = ConversationTranscript()
///     screen.owner.addObserver(transcript)
///     try screen.owner.didLoad()
///     expectSnapshot(of: transcript)  // __Snapshots__/ScreenTests/loadingTheScreen.txt
/// }
/// ```
///
/// The snapshot is the file `__Snapshots__/<test file name>/<name>.txt` in the test file's
/// folder. Run the tests with the environment variable `BCKIT_RECORD_SNAPSHOTS=1` to write or
/// update the snapshots instead of comparing, then review the files and commit them. A snapshot
/// that does not exist fails the test and says how to record it.
///
/// Recording fails the test too whenever it writes a new or changed snapshot, and says to run
/// again without record mode: left on (`record: true` committed, or the variable set in CI), it
/// would otherwise pass every change. A snapshot recorded again unchanged passes.
///
/// The default name is the test function's, without its argument list: a test whose name, written
/// in backticks, is `cart (empty)` records `cart (empty).txt`. A test that takes several
/// snapshots, or a parameterized test, passes a `name` per snapshot (and per argument), or its
/// calls share one file, which records only the last and compares every call with it.
///
/// - Parameters:
///   - transcript: The run's transcript.
///   - name: The snapshot's name, a file name without `/`; the test function's name when `nil`.
///   - record: Whether to write the snapshot rather than compare, which fails the test when
///     the snapshot was new or changed; `nil` reads `BCKIT_RECORD_SNAPSHOTS`.
///   - filePath: The test file, which decides where snapshots live; the caller's by default.
///   - function: The test function, which names the snapshot by default.
///   - sourceLocation: Where a difference is reported.
@MainActor
public func expectSnapshot(
    of transcript: ConversationTranscript,
    named name: String? = nil,
    record: Bool? = nil,
    filePath: String = #filePath,
    function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSnapshot(
        of: transcript.text,
        named: name,
        record: record,
        filePath: filePath,
        function: function,
        sourceLocation: sourceLocation
    )
}

/// Compares a text, such as a console session's recording, with the snapshot committed next to
/// the test, and fails the test with a line diff when they differ.
///
/// Works as ``expectSnapshot(of:named:record:filePath:function:sourceLocation:)-(ConversationTranscript,_,_,_,_,_)`` does.
///
/// - Parameters:
///   - text: The text to compare.
///   - name: The snapshot's name, a file name without `/`; the test function's name when `nil`.
///   - record: Whether to write the snapshot rather than compare, which fails the test when
///     the snapshot was new or changed; `nil` reads `BCKIT_RECORD_SNAPSHOTS`.
///   - filePath: The test file, which decides where snapshots live; the caller's by default.
///   - function: The test function, which names the snapshot by default.
///   - sourceLocation: Where a difference is reported.
public func expectSnapshot(
    of text: String,
    named name: String? = nil,
    record: Bool? = nil,
    filePath: String = #filePath,
    function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let testFile = URL(fileURLWithPath: filePath)
    let given = name
    let name = name ?? snapshotName(ofFunction: function)
    // One file in the test file's folder of snapshots: a name that is a path would read, or
    // record, a file anywhere.
    guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), name != ".", name != ".." else {
        TestFailure.record(
            Comment(
                rawValue: """
                    "\(name)"\(given == nil ? ", the test function's name," : "") cannot name a snapshot: pass \
                    `named:` a name without "/" or "\\", not empty, "." or "..", since the snapshot is one file in \
                    __Snapshots__/\(testFile.deletingPathExtension().lastPathComponent)/.
                    """
            ),
            sourceLocation: sourceLocation
        )
        return
    }
    let relative = "__Snapshots__/\(testFile.deletingPathExtension().lastPathComponent)/\(name).txt"
    let snapshot = testFile.deletingLastPathComponent().appendingPathComponent(relative)
    let recording = record ?? (ProcessInfo.processInfo.environment["BCKIT_RECORD_SNAPSHOTS"] == "1")
    let data = try? Data(contentsOf: snapshot)
    if recording {
        // An unchanged snapshot passes, so a whole suite can be recorded again and only what
        // changed stops the run; unchanged as comparing says, which ignores a final newline an
        // editor may have added.
        if let data, LineDiff(old: String(decoding: data, as: UTF8.self), new: text).isEmpty { return }
        do {
            try FileManager.default.createDirectory(
                at: snapshot.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: snapshot)
        } catch {
            TestFailure.record(
                Comment(rawValue: "Cannot record the snapshot \(snapshot.path): \(error)"),
                sourceLocation: sourceLocation)
            return
        }
        // A recording that passed would let record mode, left on (`record: true` committed,
        // the variable set in CI), pass every change unseen.
        let leave = record == nil ? "unset BCKIT_RECORD_SNAPSHOTS" : "remove `record: true`"
        TestFailure.record(
            Comment(
                rawValue: """
                    Recorded the snapshot \(relative) (\(data == nil ? "new" : "changed")): review it, then run the \
                    test again without record mode (\(leave)) to compare with it.
                    """
            ),
            sourceLocation: sourceLocation
        )
        return
    }
    guard let data else {
        TestFailure.record(
            Comment(
                rawValue: """
                    No snapshot at \(relative) next to the test. Record it with BCKIT_RECORD_SNAPSHOTS=1 \
                    (for example `BCKIT_RECORD_SNAPSHOTS=1 swift test --filter \(filterArgument(forFunction: function))`), review it, commit it.
                    """
            ),
            sourceLocation: sourceLocation
        )
        return
    }
    let committed = String(decoding: data, as: UTF8.self)
    let diff = LineDiff(old: committed, new: text)
    guard !diff.isEmpty else { return }
    TestFailure.record(
        Comment(
            rawValue: """
                The run differs from the snapshot \(relative) (- committed, + this run):
                \(diff.text)
                If the change is intended, record it again with BCKIT_RECORD_SNAPSHOTS=1, review the file and commit it.
                """
        ),
        sourceLocation: sourceLocation
    )
}

/// `function`, a `#function`, without the argument list it ends with, `()` or `(count:_:)`. The
/// list starts at the last "(", since a label cannot hold one, while a name in backticks may:
/// `cart (empty)()` is `cart (empty)`, and `cart (full)()` another snapshot.
private func snapshotName(ofFunction function: String) -> String {
    guard let open = function.lastIndex(of: "(") else { return function }
    let arguments = function[open...]
    // A property's name in backticks, `cart (empty)`, ends with no argument list.
    guard arguments == "()" || arguments.hasSuffix(":)") else { return function }
    return String(function[..<open])
}

/// What selects the test function `function` (`#function`) in `swift test --filter`, written for a
/// shell: its name without the argument list, as a regex that matches it literally, single-quoted.
private func filterArgument(forFunction function: String) -> String {
    let pattern = snapshotName(ofFunction: function).reduce(into: "") { pattern, character in
        if #"\^$.|?*+()[]{}"#.contains(character) { pattern.append("\\") }
        pattern.append(character)
    }
    return "'" + pattern.replacing("'", with: #"'\''"#) + "'"
}
