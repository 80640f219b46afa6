import ConsoleShop
import Testing

@Suite struct LaunchOptionsTests {
    @Test(arguments: [
        ([String](), LaunchOptions(trace: false, scriptPath: nil, showsUsage: false)),
        (["--trace"], LaunchOptions(trace: true, scriptPath: nil, showsUsage: false)),
        (["--script", "demo.txt", "--trace"], LaunchOptions(trace: true, scriptPath: "demo.txt", showsUsage: false)),
        (["--help"], LaunchOptions(trace: false, scriptPath: nil, showsUsage: true)),
        (
            ["--record", "run.txt", "--script", "demo.txt"],
            LaunchOptions(scriptPath: "demo.txt", recordPath: "run.txt")
        ),
    ])
    func parsesTheOptions(arguments: [String], expected: LaunchOptions) throws {
        #expect(try LaunchOptions(arguments: arguments) == expected)
    }

    @Test(arguments: [
        (["--verbose"], LaunchError.unknownOption("--verbose")),
        (["--trace", "--script"], .missingValue("--script")),
        (["--record"], .missingValue("--record")),
    ])
    func refusesWhatItDoesNotKnow(arguments: [String], expected: LaunchError) {
        #expect(throws: expected) { try LaunchOptions(arguments: arguments) }
    }
}
