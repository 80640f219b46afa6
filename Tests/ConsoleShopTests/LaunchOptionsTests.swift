import ConsoleShop
import Testing

@Suite struct LaunchOptionsTests {
    @Test(arguments: [
        ([String](), LaunchOptions(trace: false, scriptPath: nil, showsUsage: false)),
        (["--trace"], LaunchOptions(trace: true, scriptPath: nil, showsUsage: false)),
        (["--script", "demo.txt", "--trace"], LaunchOptions(trace: true, scriptPath: "demo.txt", showsUsage: false)),
        (["--help"], LaunchOptions(trace: false, scriptPath: nil, showsUsage: true)),
    ])
    func parsesTheOptions(arguments: [String], expected: LaunchOptions) throws {
        #expect(try LaunchOptions(arguments: arguments) == expected)
    }

    @Test(arguments: [
        (["--verbose"], LaunchError.unknownOption("--verbose")),
        (["--trace", "--script"], .missingValue("--script")),
    ])
    func refusesWhatItDoesNotKnow(arguments: [String], expected: LaunchError) {
        #expect(throws: expected) { try LaunchOptions(arguments: arguments) }
    }
}
