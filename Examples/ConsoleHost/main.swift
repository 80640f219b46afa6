// The console shop's entry point: everything but reading the input lives in ConsoleShop.
import BCKitInspector
import ConsoleShop
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let options: LaunchOptions
do {
    options = try LaunchOptions(arguments: CommandLine.arguments.dropFirst())
} catch {
    FileHandle.standardError.write(Data("ConsoleHost: \(error)\n".utf8))
    exit(2)
}
if options.showsUsage {
    print(LaunchOptions.usage)
    exit(0)
}

let interactive = options.scriptPath == nil && isatty(STDIN_FILENO) != 0
let transcript = Transcript.standardOutput()
let app: ShopApp
// Made before the launch, so the inspector page shows the session from the first screen on.
let inspector = InspectorRecorder()
do {
    app = try ShopApp(transcript: transcript, trace: options.trace, records: options.recordPath != nil)
    if options.inspectPath != nil { app.inspector = inspector }
    try await app.launch()
} catch {
    FileHandle.standardError.write(Data("ConsoleHost: \(error)\n".utf8))
    exit(1)
}
// A launch argument is a link from outside the app: only external routes open.
if let link = options.link { app.openLink(link) }
let session = ShopSession(app: app, transcript: transcript, echoesCommands: !interactive)

/// Ends the process, after writing the conversation transcript when `--record` asked for it and
/// the inspector page when `--inspect` did.
@MainActor
func finish(_ status: Int32) -> Never {
    if let path = options.recordPath {
        do {
            try app.writeRecording(to: path)
        } catch {
            FileHandle.standardError.write(Data("ConsoleHost: cannot write the record '\(path)': \(error)\n".utf8))
            exit(1)
        }
    }
    if let path = options.inspectPath {
        do {
            try inspector.writePage(to: URL(fileURLWithPath: path), title: "ConsoleShop session")
        } catch {
            FileHandle.standardError.write(
                Data("ConsoleHost: cannot write the inspector page '\(path)': \(error)\n".utf8))
            exit(1)
        }
    }
    exit(status)
}

if let path = options.scriptPath {
    guard let script = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("ConsoleHost: cannot read the script '\(path)'; check the path.\n".utf8))
        exit(1)
    }
    finish(await session.runSettled(lines: script.split(whereSeparator: \.isNewline).map(String.init)))
}

if interactive { session.greet() }
finish(
    await session.runSettled {
        if interactive {
            print("shop> ", terminator: "")
            fflush(nil)  // nil flushes every stream; naming `stdout` is not concurrency-safe
        }
        return readLine()
    }
)
