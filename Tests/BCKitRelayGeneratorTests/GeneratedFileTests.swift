import Foundation
import Testing

@Suite struct GeneratedFileTests {
    /// A fresh folder for one test's files.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "relay-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, to url: URL) throws -> String {
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path(percentEncoded: false)
    }

    @Test func theOutputDoesNotDependOnTheOrderOfTheInputs() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try write("protocol A: Parent { func a() }", to: dir.appending(path: "A.swift"))
        let b = try write("protocol B: Conversation { func b() }", to: dir.appending(path: "B.swift"))
        let parent = try write("public protocol Parent: Conversation {}", to: dir.appending(path: "Parent.swift"))
        let readme = try write("# not Swift", to: dir.appending(path: "README.md"))
        let forward = try GeneratedFile.text(sources: [a, b, readme], dependencies: [parent])
        let backward = try GeneratedFile.text(sources: [b, readme, a], dependencies: [parent, parent])
        #expect(forward == backward)
        #expect(forward.contains("extension A {") && forward.contains("extension B {"))
        #expect(!forward.contains("extension Parent {"))
    }

    @Test func theOutputIsRewrittenOnlyWhenItsTextChanges() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appending(path: "Relays.swift").path(percentEncoded: false)
        #expect(try GeneratedFile.write("one\n", to: output))
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output)
        #expect(try !GeneratedFile.write("one\n", to: output))
        let unchanged = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(unchanged == past)
        #expect(try GeneratedFile.write("two\n", to: output))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "two\n")
    }

    @Test func aFileThatCannotBeReadIsAnError() {
        #expect(throws: (any Error).self) {
            try GeneratedFile.text(sources: ["/nonexistent/A.swift"], dependencies: [])
        }
    }
}
