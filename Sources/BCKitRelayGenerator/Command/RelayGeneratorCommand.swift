import Foundation

/// The command the relay plugin runs: reads the target's sources and its dependencies', and
/// writes the generated file only when its text changed.
///
/// ```text
/// BCKitRelayGenerator --output <file> [--source <file>]... [--dependency <file>]...
/// ```
///
/// Files that do not end in `.swift` are ignored, so a build system can pass every input it has.
/// The errors and warnings go into the generated file, where the compiler reports them at the
/// user's lines; the command itself fails only when its arguments are wrong or a file cannot be
/// read or written.
@main
struct RelayGeneratorCommand {
    static func main() {
        do {
            let arguments = try Arguments(CommandLine.arguments.dropFirst())
            let text = try generate(sources: arguments.sources, dependencies: arguments.dependencies)
            try writeIfChanged(text, to: arguments.output)
        } catch {
            FileHandle.standardError.write(Data("BCKitRelayGenerator: error: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The generated file's text for the given source files.
    static func generate(sources: [String], dependencies: [String]) throws -> String {
        let own = Set(sources.filter { $0.hasSuffix(".swift") })
        let others = Set(dependencies.filter { $0.hasSuffix(".swift") }).subtracting(own)
        let catalog = Catalog(own: try own.sorted().map(summary), dependencies: try others.sorted().map(summary))
        return RelayFile.text(for: RelayPlan(catalog: catalog))
    }

    private static func summary(of path: String) throws -> SourceSummary {
        DeclarationReader.read(file: path, source: try String(contentsOfFile: path, encoding: .utf8))
    }

    /// Writes `text` to `path` unless the file already holds it, so an unchanged file keeps its
    /// date and the build does not compile it again. Returns whether it wrote.
    @discardableResult
    static func writeIfChanged(_ text: String, to path: String) throws -> Bool {
        if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == text { return false }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return true
    }
}
