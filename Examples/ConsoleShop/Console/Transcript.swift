import BCKit

/// Where the console shop writes what happens, one line at a time.
///
/// The session and every business controller write here, so a newcomer reads, in order, which
/// controller did what because of which conversation. Lines written while a controller is sending
/// are indented one more step, so the receivers appear under the sender:
///
/// ```
///   Refresh -> GoodsConversation.goodsDidChange
///     Header <- GoodsConversation: shows "Mechanical Keyboard"
/// ```
///
/// Tests capture the lines with a closure:
///
/// ```swift
/// var lines: [String] = []
/// let transcript = Transcript { lines.append($0) }
/// ```
@MainActor
public final class Transcript {
    private let write: (String) -> Void
    private var depth = 0

    /// Creates a transcript that hands each finished line to `write`.
    ///
    /// - Parameter write: Receives each line, without a trailing newline.
    public init(_ write: @escaping (String) -> Void) {
        self.write = write
    }

    /// A transcript that prints to standard output.
    ///
    /// - Returns: A new transcript.
    public static func standardOutput() -> Transcript {
        Transcript { print($0) }
    }

    /// Writes a line at the current indentation.
    ///
    /// - Parameter text: The line; several lines are indented alike.
    public func line(_ text: String) {
        let indent = String(repeating: "  ", count: depth)
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            write(indent + part)
        }
    }

    /// Runs `body` with every line it writes indented one more step.
    ///
    /// - Parameter body: The work whose lines belong under the current line.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func indented<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    /// Writes a line on behalf of a controller, prefixed with its short name.
    func say(_ text: String, from controller: any BusinessController) {
        line("\(Self.shortName(of: controller)) \(text)")
    }

    /// A controller's type name without the `Controller` suffix, as the console names it.
    static func shortName(of controller: any BusinessController) -> String {
        let name = displayName(of: controller)
        if controller is Owner { return name }
        return name.hasSuffix("Controller") ? String(name.dropLast("Controller".count)) : name
    }
}
