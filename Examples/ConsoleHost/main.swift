// The console shop's entry point: everything but reading the input lives in ConsoleShop.
import BCKit
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
// Before anything launches: a file that cannot be used would otherwise fail only after the shop
// opened, or after the whole session ran.
do {
    try options.checkFiles()
} catch {
    FileHandle.standardError.write(Data("ConsoleHost: \(error)\n".utf8))
    exit(1)
}

/// Says where a file was written, on standard error so a piped transcript stays the session's
/// own; as a `file://` URL a terminal can open.
func announce(_ what: String, at path: String) {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    FileHandle.standardError.write(Data("ConsoleHost: wrote \(what) to \(url.absoluteString)\n".utf8))
}

// Two saved recordings compared: no session runs.
if options.comparedPaths.count == 2, let page = options.inspectPath {
    do {
        let recordings = try options.comparedPaths.map { path in
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let names = options.comparedPaths.map { URL(fileURLWithPath: $0).lastPathComponent }
        try InspectorPage.write(
            comparing: recordings[0], with: recordings[1], to: URL(fileURLWithPath: page),
            title: "ConsoleShop sessions compared", names: (names[0], names[1]))
    } catch {
        FileHandle.standardError.write(
            Data("ConsoleHost: cannot compare the recordings: \(error); check both paths.\n".utf8))
        exit(1)
    }
    announce("the comparison page", at: page)
    exit(0)
}

let interactive = options.scriptPath == nil && isatty(STDIN_FILENO) != 0
let transcript = Transcript.standardOutput()
let app: ShopApp
// Made before the launch, so the inspector page shows the session from the first screen on.
let inspector = InspectorRecorder()
do {
    app = try ShopApp(transcript: transcript, trace: options.trace, records: options.recordPath != nil)
    if options.inspectPath != nil || options.savedRecordingPath != nil { app.inspector = inspector }
    if let path = options.statePath {
        try await app.launch(restoringFrom: path) { FileHandle.standardError.write(Data("ConsoleHost: \($0)\n".utf8)) }
    } else {
        try await app.launch()
    }
} catch {
    FileHandle.standardError.write(Data("ConsoleHost: \(error)\n".utf8))
    exit(1)
}
// A launch argument is a link from outside the app: only external routes open.
if let link = options.link { app.openLink(link) }
let session = ShopSession(app: app, transcript: transcript, echoesCommands: !interactive)

/// Ends the process, after saving the state when `--state` asked for it (first, so the recording
/// and the inspector show the save), writing the conversation transcript when `--record` asked for
/// it, the inspector page when `--inspect` did and the inspector recording when `--save-recording`
/// did.
@MainActor
func finish(_ status: Int32) -> Never {
    if let path = options.statePath {
        do {
            try app.saveState(to: path)
        } catch {
            FileHandle.standardError.write(Data("ConsoleHost: \(error)\n".utf8))
            exit(1)
        }
    }
    if let path = options.recordPath {
        do {
            try app.writeRecording(to: path)
        } catch {
            FileHandle.standardError.write(Data("ConsoleHost: cannot write the record '\(path)': \(error)\n".utf8))
            exit(1)
        }
    }
    if let path = options.savedRecordingPath {
        do {
            try inspector.write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(
                Data("ConsoleHost: cannot write the inspector recording '\(path)': \(error)\n".utf8))
            exit(1)
        }
        announce("the inspector recording", at: path)
    }
    if let path = options.inspectPath {
        do {
            try inspector.writePage(to: URL(fileURLWithPath: path), title: "ConsoleShop session")
        } catch {
            FileHandle.standardError.write(
                Data("ConsoleHost: cannot write the inspector page '\(path)': \(error)\n".utf8))
            exit(1)
        }
        announce("the inspector page", at: path)
    }
    exit(status)
}

/// The line, after marking it on the screen on top (`Owner.mark(_:)`), so a recording of the
/// session shows where each command begins.
@MainActor
func marked(_ line: String?) -> String? {
    guard let line else { return nil }
    let command = line.trimmingCharacters(in: .whitespaces)
    if !command.isEmpty, !command.hasPrefix("#") { app.current?.screen.owner.mark(command) }
    return line
}

if let path = options.scriptPath {
    guard let script = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("ConsoleHost: cannot read the script '\(path)'; check the path.\n".utf8))
        exit(1)
    }
    var lines = script.split(whereSeparator: \.isNewline).map(String.init).makeIterator()
    finish(await session.runSettled { marked(lines.next()) })
}

if interactive { session.greet() }
finish(
    await session.runSettled {
        if interactive {
            print("> ", terminator: "")
            fflush(nil)  // nil flushes every stream; naming `stdout` is not concurrency-safe
        }
        return marked(readLine())
    }
)
