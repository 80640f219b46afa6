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
        (["--link", "shop://goods/detail/7", "--trace"], LaunchOptions(trace: true, link: "shop://goods/detail/7")),
        (["--state", "shop.json", "--trace"], LaunchOptions(trace: true, statePath: "shop.json")),
    ])
    func parsesTheOptions(arguments: [String], expected: LaunchOptions) throws {
        #expect(try LaunchOptions(arguments: arguments) == expected)
    }

    @Test(arguments: [
        (["--verbose"], LaunchError.unknownOption("--verbose")),
        (["--trace", "--script"], .missingValue("--script")),
        (["--record"], .missingValue("--record")),
        (["--link"], .missingValue("--link")),
        (["--trace", "--state"], .missingValue("--state")),
    ])
    func refusesWhatItDoesNotKnow(arguments: [String], expected: LaunchError) {
        #expect(throws: expected) { try LaunchOptions(arguments: arguments) }
    }

    @Test func theUsageNamesTheStateOptionAndAMissingFileSaysHowToWriteIt() {
        #expect(LaunchOptions.usage.contains("--state FILE"))
        #expect(LaunchError.missingValue("--state").description.contains("--state FILE"))
    }

    @Test func theUsageNamesTheLinkOption() {
        #expect(LaunchOptions.usage.contains("--link URL"))
        #expect(LaunchError.missingValue("--link").description.contains("--link URL"))
    }
}
