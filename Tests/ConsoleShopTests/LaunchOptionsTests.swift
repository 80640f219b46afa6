import ConsoleShop
import Foundation
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

    // MARK: - Files, checked before the launch

    /// A fresh folder holding `script.txt`, removed after `body`.
    private func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LaunchOptionsTests-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "help\n".write(toFile: folder + "/script.txt", atomically: true, encoding: .utf8)
        try body(folder)
    }

    @Test func filesThatExistOrCanBeWrittenPassTheCheck() throws {
        try inFolder { folder in
            let options = try LaunchOptions(arguments: [
                "--script", "\(folder)/script.txt", "--record", "\(folder)/record.txt",
                "--inspect", "\(folder)/page.html", "--save-recording", "\(folder)/session.jsonl",
                "--state", "\(folder)/script.txt",
            ])
            try options.checkFiles()
            let comparing = try LaunchOptions(arguments: [
                "--compare", "\(folder)/script.txt", "\(folder)/script.txt", "--inspect", "\(folder)/page.html",
            ])
            try comparing.checkFiles()
        }
    }

    @Test(arguments: [["--script", "missing.txt"], ["--compare", "script.txt", "missing.txt", "--inspect", "p.html"]])
    func aFileToReadThatIsMissingIsRefusedBeforeTheLaunch(arguments: [String]) throws {
        try inFolder { folder in
            let option = arguments[0]
            let options = try LaunchOptions(arguments: arguments.map { $0.hasPrefix("--") ? $0 : "\(folder)/\($0)" })
            let error = LaunchError.unreadableFile(option, path: "\(folder)/missing.txt")
            #expect(throws: error) { try options.checkFiles() }
            #expect(error.description.contains("'\(folder)/missing.txt' given to \(option)"))
            #expect(error.description.contains("check the path"))
        }
    }

    @Test func aScriptThatIsAFolderIsRefused() throws {
        try inFolder { folder in
            let options = try LaunchOptions(arguments: ["--script", folder])
            #expect(throws: LaunchError.unreadableFile("--script", path: folder)) { try options.checkFiles() }
        }
    }

    @Test(arguments: ["--record", "--inspect", "--save-recording", "--state"])
    func aFileToWriteInAMissingFolderIsRefusedBeforeTheLaunch(option: String) throws {
        try inFolder { folder in
            let path = "\(folder)/nowhere/x.html"
            let options = try LaunchOptions(arguments: [option, path])
            let error = LaunchError.unwritableFile(
                option, path: path, reason: "the folder '\(folder)/nowhere' does not exist")
            #expect(throws: error) { try options.checkFiles() }
            #expect(error.description.contains("'\(path)' given to \(option)"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aFileToWriteThatIsAFolderIsRefused() throws {
        try inFolder { folder in
            let options = try LaunchOptions(arguments: ["--inspect", folder])
            #expect(throws: LaunchError.unwritableFile("--inspect", path: folder, reason: "it is a folder")) {
                try options.checkFiles()
            }
        }
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
