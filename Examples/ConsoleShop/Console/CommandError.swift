/// Why a console line is not a command; the session prints it and reads the next line.
///
/// ```swift
/// #expect(throws: CommandError.unknownCommand("fly")) { try Command.parse("fly") }
/// ```
public struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case unknownCommand(String)
        case missingArgument(String, String)
        case unexpectedArgument(String, String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The first word is no command.
    ///
    /// - Parameter word: The word as typed.
    public static func unknownCommand(_ word: String) -> Self { Self(.unknownCommand(word)) }

    /// The command needs an argument that is missing.
    ///
    /// - Parameters:
    ///   - command: The command, lower case.
    ///   - placeholder: What the argument stands for, such as `NAME`.
    public static func missingArgument(_ command: String, placeholder: String) -> Self {
        Self(.missingArgument(command, placeholder))
    }

    /// The command got more than it takes.
    ///
    /// - Parameters:
    ///   - command: The command, lower case.
    ///   - extra: The words it does not take.
    public static func unexpectedArgument(_ command: String, _ extra: String) -> Self {
        Self(.unexpectedArgument(command, extra))
    }

    /// What is wrong with the line and how to write it.
    public var description: String {
        switch code {
        case .unknownCommand(let word):
            "unknown command '\(word)'; type `help` to list the commands."
        case .missingArgument(let command, let placeholder):
            "`\(command)` needs a \(placeholder), as in `\(command) \(placeholder == "URL" ? "shop://home" : "Stock")`; "
                + "type `help` for the list."
        case .unexpectedArgument(let command, let extra):
            "`\(command)` does not take '\(extra)'; type `help` to see how it is written."
        }
    }
}
