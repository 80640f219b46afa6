import Testing

@Suite struct ArgumentsTests {
    @Test func optionsAreReadInAnyOrder() throws {
        let arguments = try Arguments([
            "--source", "a.swift", "--dependency", "d.swift", "--output", "o.swift", "--source", "b.swift",
        ])
        #expect(arguments.output == "o.swift")
        #expect(arguments.sources == ["a.swift", "b.swift"])
        #expect(arguments.dependencies == ["d.swift"])
    }

    @Test(arguments: [
        (["--source", "a.swift"], "--output <file> is required"),
        (["--output"], "--output needs a file after it"),
        (["--output", "o", "--verbose", "x"], "unknown option --verbose; use --output, --source or --dependency"),
    ])
    func aMistakeSaysWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: Arguments.Mistake(description: message)) { try Arguments(arguments) }
    }
}
