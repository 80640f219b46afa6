/// Why a `--state FILE` could not be read or written.
///
/// Reading, the shop reports it and starts afresh, as on a first run; writing, `ConsoleHost`
/// reports it and exits with a failure status.
///
/// ```swift
/// do {
///     _ = try ShopState.read(from: "shop-state.json")
/// } catch {
///     print(error)  // names the file and says what to do
/// }
/// ```
public struct ShopStateError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case unreadable(reason: String)
        case unknownVersion(Int)
        case notWritten(reason: String)
    }

    private let code: Code
    /// The file.
    public let path: String

    private init(_ code: Code, path: String) {
        self.code = code
        self.path = path
    }

    /// The file cannot be read, or is not a saved state: cut short, edited by hand, another file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - reason: What is wrong, such as `it is not JSON`.
    public static func unreadable(_ path: String, reason: String) -> Self {
        Self(.unreadable(reason: reason), path: path)
    }

    /// The file is a saved state of a layout this build does not read, such as one a newer
    /// `ConsoleHost` wrote.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - version: The version it declares.
    public static func unknownVersion(_ path: String, version: Int) -> Self {
        Self(.unknownVersion(version), path: path)
    }

    /// The file cannot be written.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - reason: What the file system said.
    public static func notWritten(_ path: String, reason: String) -> Self {
        Self(.notWritten(reason: reason), path: path)
    }

    /// What is wrong with the file and what to do.
    public var description: String {
        let afresh = "This run starts afresh and saves over the file when it ends; to keep it, move it away first."
        switch code {
        case .unreadable(let reason):
            return "cannot restore the saved state '\(path)': \(Self.clause(reason)). \(afresh)"
        case .unknownVersion(let version):
            return "the saved state '\(path)' has version \(version), and this ConsoleHost reads only version "
                + "\(ShopState.currentVersion): open it with the ConsoleHost that wrote it. \(afresh)"
        case .notWritten(let reason):
            return "cannot save the state to '\(path)': \(Self.clause(reason)); "
                + "check that its folder exists and can be written."
        }
    }

    /// The reason without a closing period, since it goes in the middle of a sentence; the file
    /// system's own messages end with one.
    private static func clause(_ reason: String) -> String {
        reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    }
}
