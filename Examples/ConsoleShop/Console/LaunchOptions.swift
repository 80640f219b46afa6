/// What the `ConsoleHost` command line asked for.
///
/// ```swift
/// let options = try LaunchOptions(arguments: ["--trace", "--script", "demo.txt"])
/// options.trace       // true
/// options.scriptPath  // "demo.txt"
/// ```
public struct LaunchOptions: Hashable, Sendable {
    /// Whether to print every dispatch as it happens.
    public var trace = false
    /// The file to read commands from instead of standard input.
    public var scriptPath: String?
    /// Whether to print the usage and exit.
    public var showsUsage = false

    /// How to call `ConsoleHost`.
    public static let usage = """
        usage: ConsoleHost [--trace] [--script FILE]
          reads commands from FILE, or line by line from standard input (a terminal or a pipe)
          --trace        print every dispatch (send, query, gather, lifecycle) as it happens
          --script FILE  read commands from FILE
          --help         print this and exit
        then type `help` for the commands.
        """

    /// Parses the arguments after the program's name.
    ///
    /// - Parameter arguments: The arguments, such as `CommandLine.arguments.dropFirst()`.
    /// - Throws: ``LaunchError`` for an unknown option or a `--script` without a file.
    public init(arguments: some Sequence<String>) throws(LaunchError) {
        var remaining = arguments.makeIterator()
        while let argument = remaining.next() {
            switch argument {
            case "--trace": trace = true
            case "--help", "-h": showsUsage = true
            case "--script":
                guard let path = remaining.next() else { throw .missingValue("--script") }
                scriptPath = path
            default: throw .unknownOption(argument)
            }
        }
    }
}
