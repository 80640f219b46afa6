import Foundation

/// The generated file of a target: its text from the source files, and writing it only when the
/// text changed.
enum GeneratedFile {
    /// The generated file's text for the given source files. Files that do not end in `.swift`
    /// are ignored, and the order of the files does not matter.
    ///
    /// - Parameters:
    ///   - sources: The target's own source files.
    ///   - dependencies: The source files of the targets and products it depends on.
    /// - Returns: The generated file's text.
    /// - Throws: The error of a file that cannot be read.
    static func text(sources: [String], dependencies: [String]) throws -> String {
        let own = Set(sources.filter { $0.hasSuffix(".swift") })
        let others = Set(dependencies.filter { $0.hasSuffix(".swift") }).subtracting(own)
        let catalog = Catalog(own: try own.sorted().map(summary), dependencies: try others.sorted().map(summary))
        return RelayFile.text(for: RelayPlan(catalog: catalog))
    }

    private static func summary(of path: String) throws -> SourceSummary {
        DeclarationReader.read(file: path, source: try String(contentsOfFile: path, encoding: .utf8))
    }

    /// Writes `text` to `path` unless the file already holds it, so an unchanged file keeps its
    /// date and the build does not compile it again.
    ///
    /// - Returns: Whether it wrote.
    /// - Throws: The error of a file that cannot be written.
    @discardableResult
    static func write(_ text: String, to path: String) throws -> Bool {
        if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == text { return false }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return true
    }
}
