/// A console session that executes one line at a time; the shared input loop of ``Session`` and
/// ``ShopSession``.
@MainActor
public protocol LineSession: AnyObject {
    /// Executes one line.
    ///
    /// - Parameter line: The line as typed.
    /// - Returns: `false` after `quit`, `true` otherwise (also after bad input).
    @discardableResult
    func execute(_ line: String) -> Bool

    /// Reports that the input ended without `quit`.
    func inputDidEnd()

    /// Waits until the controller tasks the screens started have finished, or wait on a barrier
    /// that a later command overcomes or cancels.
    func settle() async
}

// MARK: - API

extension LineSession {
    /// Executes lines until `quit` or until `nextLine` returns `nil`.
    ///
    /// - Parameter nextLine: Returns the next line, or `nil` at the end of the input.
    /// - Returns: The process exit status: `0`, since bad lines and refusals do not end a session.
    public func run(reading nextLine: () -> String?) -> Int32 {
        while let line = nextLine() {
            guard execute(line) else { return 0 }
        }
        inputDidEnd()
        return 0
    }

    /// Executes lines like ``run(reading:)``, and after each one waits for the controller tasks it
    /// started (``settle()``), as an app's run loop lets them run between two gestures.
    ///
    /// - Parameter nextLine: Returns the next line, or `nil` at the end of the input.
    /// - Returns: The process exit status: `0`.
    public func runSettled(reading nextLine: () -> String?) async -> Int32 {
        while let line = nextLine() {
            guard execute(line) else { return 0 }
            await settle()
        }
        inputDidEnd()
        return 0
    }

    /// Executes the lines in order, until `quit` or the last line, waiting for the controller
    /// tasks after each one.
    ///
    /// - Parameter lines: The lines, as a script file or a test holds them.
    /// - Returns: The process exit status, `0`.
    public func runSettled(lines: some Sequence<String>) async -> Int32 {
        var iterator = lines.makeIterator()
        return await runSettled { iterator.next() }
    }

    /// Executes the lines in order, until `quit` or the last line.
    ///
    /// - Parameter lines: The lines, as a script file or a test holds them.
    /// - Returns: The process exit status, `0`.
    public func run(lines: some Sequence<String>) -> Int32 {
        var iterator = lines.makeIterator()
        return run { iterator.next() }
    }
}
