import Foundation
import PackagePlugin

/// Writes each conversation's relaying defaults and the center's conformance for a target, so a
/// conversation is declared as its protocol alone.
///
/// Add it to a target with `plugins: [.plugin(name: "BCKitRelayPlugin", package: "BCKit")]`. It
/// runs `BCKitRelayGenerator` over the target's Swift sources, with the sources of the targets it
/// depends on as read-only inputs, and compiles the one file the tool writes. The tool holds all
/// the logic; the plugin only names the files.
@main
struct BCKitRelayPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        let dependencies = target.recursiveTargetDependencies.compactMap { $0 as? any SourceModuleTarget }
        return [
            try Self.command(
                tool: context.tool(named: "BCKitRelayGenerator"),
                output: context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Relays.swift"),
                sources: target.sourceFiles(withSuffix: "swift").map(\.url),
                dependencies: dependencies.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
            )
        ]
    }

    /// The one build command: the tool, its arguments, and the files whose change reruns it.
    static func command(
        tool: PluginContext.Tool,
        output: URL,
        sources: [URL],
        dependencies: [URL]
    ) throws -> Command {
        let arguments =
            ["--output", output.path(percentEncoded: false)]
            + sources.flatMap { ["--source", $0.path(percentEncoded: false)] }
            + dependencies.flatMap { ["--dependency", $0.path(percentEncoded: false)] }
        return .buildCommand(
            displayName: "Writing conversation relays to \(output.lastPathComponent)",
            executable: tool.url,
            arguments: arguments,
            inputFiles: sources + dependencies,
            outputFiles: [output]
        )
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    // Xcode app targets: the same tool over the target's input files. Xcode passes no dependency
    // sources, so a conversation that refines one declared in a package also lists `Conversation`.
    extension BCKitRelayPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            [
                try Self.command(
                    tool: context.tool(named: "BCKitRelayGenerator"),
                    output: context.pluginWorkDirectoryURL.appending(path: "\(target.displayName)+Relays.swift"),
                    sources: target.inputFiles.map(\.url),
                    dependencies: []
                )
            ]
        }
    }
#endif
