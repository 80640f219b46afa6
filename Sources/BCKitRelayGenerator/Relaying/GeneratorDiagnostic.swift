/// An error or a warning the generator reports at a line of the user's source.
///
/// The generated file carries it as `#error("…")` or `#warning("…")` under
/// `#sourceLocation(file:line:)`, so the compiler reports it at that line in SwiftPM and Xcode
/// alike, and an error fails the build.
struct GeneratorDiagnostic: Equatable, Comparable {
    /// How bad it is.
    enum Severity: String, Equatable {
        case error
        case warning
    }

    var severity: Severity
    /// The file it is about.
    var file: String
    /// The line it is about.
    var line: Int
    /// What happened and what to write instead.
    var message: String
    /// The `#if` clauses around the declaration it is about, so it is reported only when that
    /// declaration is compiled.
    var conditions: [ConditionFrame] = []

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.message) < (rhs.file, rhs.line, rhs.message)
    }

    /// The diagnostic as a compiler would print it: `File.swift:12: warning: …`.
    var description: String { "\(file):\(line): \(severity.rawValue): \(message)" }
}
