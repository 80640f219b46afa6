/// Why the `ConsoleHost` command line could not be understood, or names a file it cannot use.
public struct LaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case unknownOption(String)
        case missingValue(String)
        case compareWithoutPage
        case unreadableFile(option: String, path: String)
        case unwritableFile(option: String, path: String, reason: String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The argument is no option `ConsoleHost` knows.
    ///
    /// - Parameter option: The argument as given.
    public static func unknownOption(_ option: String) -> Self { Self(.unknownOption(option)) }

    /// The option needs a value that is missing.
    ///
    /// - Parameter option: The option, such as `--script`.
    public static func missingValue(_ option: String) -> Self { Self(.missingValue(option)) }

    /// `--compare` was given without `--inspect`, so there is nowhere to write the page.
    public static let compareWithoutPage = Self(.compareWithoutPage)

    /// The file given to the option cannot be read.
    ///
    /// - Parameters:
    ///   - option: The option, such as `--script`.
    ///   - path: The file as given.
    public static func unreadableFile(_ option: String, path: String) -> Self {
        Self(.unreadableFile(option: option, path: path))
    }

    /// The file given to the option cannot be written.
    ///
    /// - Parameters:
    ///   - option: The option, such as `--inspect`.
    ///   - path: The file as given.
    ///   - reason: Why, such as "the folder '/tmp/pages' does not exist".
    public static func unwritableFile(_ option: String, path: String, reason: String) -> Self {
        Self(.unwritableFile(option: option, path: path, reason: reason))
    }

    /// What is wrong and what to do.
    public var description: String {
        switch code {
        case .unknownOption(let option): "unknown option '\(option)'; run `ConsoleHost --help` for the options."
        case .missingValue("--compare"): "--compare needs two recordings, as in `--compare A.jsonl B.jsonl`."
        case .missingValue(let option):
            "\(option) needs a value, as in `\(option) \(option == "--link" ? "URL" : "FILE")`."
        case .compareWithoutPage:
            "--compare writes a page: add `--inspect FILE`, as in `--compare A.jsonl B.jsonl --inspect page.html`."
        case .unreadableFile(let option, let path):
            "cannot read the file '\(path)' given to \(option); check the path."
        case .unwritableFile(let option, let path, let reason):
            "cannot write the file '\(path)' given to \(option): \(reason); give a path in a writable folder."
        }
    }
}
