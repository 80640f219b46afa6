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
        case invalidArgument(String, String, String)
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

    /// The command's argument is not one it takes.
    ///
    /// - Parameters:
    ///   - command: The command, lower case.
    ///   - argument: The argument as typed.
    ///   - expected: What it takes, such as `a whole number from 1 to 99`.
    public static func invalidArgument(_ command: String, _ argument: String, expected: String) -> Self {
        Self(.invalidArgument(command, argument, expected))
    }

    /// What is wrong with the line and how to write it.
    public var description: String {
        switch code {
        case .unknownCommand(let word):
            "unknown command '\(word)'; type `help` to list the commands."
        case .missingArgument(let command, let placeholder):
            "`\(command)` needs a \(placeholder), as in `\(command) \(Self.example(of: placeholder))`; "
                + "type `help` for the list."
        case .unexpectedArgument(let command, let extra):
            "`\(command)` does not take '\(extra)'; type `help` to see how it is written."
        case .invalidArgument(let command, let argument, let expected):
            "`\(command)` takes \(expected), not '\(argument)'; type `help` to see how it is written."
        }
    }

    /// An argument that fits the placeholder, for the example in the message.
    private static func example(of placeholder: String) -> String {
        switch placeholder {
        case "URL": "shop://home"
        case "COUNT": "2"
        default: "Stock"
        }
    }
}
