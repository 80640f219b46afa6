import Foundation

/// The command the relay plugin runs: reads the target's sources and its dependencies', and
/// writes the generated file only when its text changed.
///
/// ```text
/// BCKitRelayGenerator --output <file> [--source <file>]... [--dependency <file>]...
/// ```
///
/// The errors and warnings about the user's code go into the generated file, where the compiler
/// reports them at the user's lines; the command itself fails only when its arguments are wrong or
/// a file cannot be read or written. Everything but this entry point is in the other files, which
/// the tests compile too.
@main
struct RelayGeneratorCommand {
    static func main() {
        do {
            let arguments = try Arguments(CommandLine.arguments.dropFirst())
            let text = try GeneratedFile.text(sources: arguments.sources, dependencies: arguments.dependencies)
            try GeneratedFile.write(text, to: arguments.output)
        } catch {
            FileHandle.standardError.write(Data("BCKitRelayGenerator: error: \(error)\n".utf8))
            exit(1)
        }
    }
}
