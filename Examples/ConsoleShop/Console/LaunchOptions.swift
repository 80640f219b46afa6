/// What the `ConsoleHost` command line asked for.
///
/// ```swift
/// let options = try LaunchOptions(arguments: ["--trace", "--script", "demo.txt"])
/// options.trace       // true
/// options.scriptPath  // "demo.txt"
/// ```
///
/// `--record FILE` writes the session's conversation transcript (BCKit's `ConversationTranscript`)
/// to FILE when the session ends, the same text the tests compare with their snapshots.
///
/// `--state FILE` restores the shopper, the cart and the open screen a previous run saved in FILE,
/// and saves them there when the session ends (``ShopApp/launch(restoringFrom:warn:)``).
public struct LaunchOptions: Hashable, Sendable {
    /// Whether to print every dispatch as it happens.
    public var trace: Bool
    /// The file to read commands from instead of standard input.
    public var scriptPath: String?
    /// Whether to print the usage and exit.
    public var showsUsage: Bool
    /// The file to write the conversation transcript to when the session ends.
    public var recordPath: String?
    /// A link to open after the launch, as if it came from outside the app.
    public var link: String?
    /// The file to write the BCKit Inspector page of the session to when it ends, or of the two
    /// recordings of ``comparedPaths``.
    public var inspectPath: String?
    /// The file to write the session's BCKit Inspector recording (JSON Lines) to when it ends.
    public var savedRecordingPath: String?
    /// Two saved recordings to compare on one inspector page instead of running a session, or
    /// empty.
    public var comparedPaths: [String] = []
    /// The file to restore the shop from at the launch and to save it to when the session ends.
    public var statePath: String?

    /// How to call `ConsoleHost`.
    public static let usage = """
        usage: ConsoleHost [--trace] [--script FILE] [--record FILE] [--inspect FILE]
                           [--save-recording FILE] [--link URL] [--state FILE]
               ConsoleHost --compare A.jsonl B.jsonl --inspect FILE
          reads commands from FILE, or line by line from standard input (a terminal or a pipe)
          --trace        print every dispatch (send, query, gather, lifecycle), save and restore as it happens
          --script FILE  read commands from FILE
          --record FILE  write the conversation transcript (who sent what to whom) to FILE at the end
          --inspect FILE write the session's inspector page (open it in a browser) to FILE at the end
          --save-recording FILE
                         write the session's inspector recording (JSON Lines) to FILE at the end
          --compare A B  write the page comparing two saved recordings to the --inspect FILE, and exit
          --link URL     open URL after the launch as a link from outside the app (external routes only)
          --state FILE   restore the shopper, the cart and the open screen saved in FILE, if any, and
                         save them to FILE at the end (`quit` or the end of the input)
          --help         print this and exit
        then type `help` for the commands.
        """

    /// Creates options from their values.
    ///
    /// - Parameters:
    ///   - trace: Whether to print every dispatch.
    ///   - scriptPath: The file to read commands from, or `nil` for standard input.
    ///   - showsUsage: Whether to print the usage and exit.
    ///   - recordPath: The file to write the conversation transcript to, or `nil`.
    ///   - link: A link to open after the launch, as if from outside the app.
    ///   - statePath: The file to restore from and save to, or `nil`.
    public init(
        trace: Bool = false, scriptPath: String? = nil, showsUsage: Bool = false, recordPath: String? = nil,
        link: String? = nil, statePath: String? = nil
    ) {
        self.trace = trace
        self.scriptPath = scriptPath
        self.showsUsage = showsUsage
        self.recordPath = recordPath
        self.link = link
        self.statePath = statePath
    }

    /// Parses the arguments after the program's name.
    ///
    /// - Parameter arguments: The arguments, such as `CommandLine.arguments.dropFirst()`.
    /// - Throws: ``LaunchError`` for an unknown option, a `--script`, `--record`, `--inspect`,
    ///   `--save-recording` or `--state` without a file, a `--compare` without two files or
    ///   without `--inspect`, or a `--link` without a URL.
    public init(arguments: some Sequence<String>) throws(LaunchError) {
        self.init()
        var remaining = arguments.makeIterator()
        while let argument = remaining.next() {
            switch argument {
            case "--trace": trace = true
            case "--help", "-h": showsUsage = true
            case "--script":
                guard let path = remaining.next() else { throw .missingValue("--script") }
                scriptPath = path
            case "--record":
                guard let path = remaining.next() else { throw .missingValue("--record") }
                recordPath = path
            case "--inspect":
                guard let path = remaining.next() else { throw .missingValue("--inspect") }
                inspectPath = path
            case "--save-recording":
                guard let path = remaining.next() else { throw .missingValue("--save-recording") }
                savedRecordingPath = path
            case "--compare":
                guard let first = remaining.next(), let second = remaining.next() else {
                    throw .missingValue("--compare")
                }
                comparedPaths = [first, second]
            case "--link":
                guard let url = remaining.next() else { throw .missingValue("--link") }
                link = url
            case "--state":
                guard let path = remaining.next() else { throw .missingValue("--state") }
                statePath = path
            default: throw .unknownOption(argument)
            }
        }
        if !comparedPaths.isEmpty, inspectPath == nil { throw .compareWithoutPage }
    }
}
