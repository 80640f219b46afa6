/// One line of console input, parsed.
///
/// Parsing knows nothing about screens: `detach NAME` keeps the name as typed, and the session
/// asks the current ``Screen`` what it names. A closed enum, since the session handles every
/// command in one exhaustive `switch`; a new command is added here, to ``reference`` and to the
/// session together.
///
/// ```swift
/// try Command.parse("detach Stock")  // .detach("Stock")
/// try Command.parse("   ")           // nil: nothing to do
/// try Command.parse("fly")           // throws CommandError.unknownCommand("fly")
/// ```
public enum Command: Hashable, Sendable {
    /// Lists the commands.
    case help
    /// Loads the screen if needed, then will-appear and did-appear.
    case appear
    /// Will-disappear and did-disappear.
    case disappear
    /// The shopper pulls to refresh.
    case refresh
    /// The shopper taps "add to cart".
    case addToCart
    /// The shopper sets the quantity stepper beside "add to cart", from 1 to 99.
    case quantity(Int)
    /// The shopper taps the cart icon.
    case tapCart
    /// Detaches the named controller.
    case detach(String)
    /// Attaches the named controller again; it is caught up with the screen's state.
    case attach(String)
    /// The system warns that memory is short; every controller speaking ``HostEventConversation``
    /// hears it, in nested owners too.
    case memoryWarning
    /// The app goes to the background.
    case background
    /// The app comes back to the foreground.
    case foreground
    /// Prints the owner's description.
    case describe
    /// Prints the observed conversation graph as Mermaid text.
    case graph
    /// Ends the session.
    case quit

    /// Every command's usage and what it does, in the order `help` lists them.
    public static let reference: [(usage: String, summary: String)] = [
        ("help", "list these commands"),
        ("appear", "load the screen if needed, then will-appear and did-appear"),
        ("disappear", "will-disappear and did-disappear"),
        ("refresh", "pull to refresh: Refresh reloads the goods and gathers every reload reply"),
        ("add-to-cart", "tap the button: AddToCart asks StockQuery, then sends CartConversation"),
        ("quantity COUNT", "set the stepper beside the button (1 to 99); a saved screen keeps it (--state)"),
        ("cart", "tap the cart icon: CartBadge asks its screen to open shop://cart"),
        ("detach NAME", "detach a controller, e.g. `detach Stock`"),
        ("attach NAME", "attach it again; it is caught up with the screen's state first"),
        ("memory-warning", "the system is short of memory: controllers hear HostEventConversation"),
        ("background", "the app goes to the background (HostEventConversation)"),
        ("foreground", "the app comes back to the foreground (HostEventConversation)"),
        ("describe", "print the owner: controllers, their states, the conversations they speak"),
        ("graph", "print who talked to whom so far, as a Mermaid flowchart"),
        ("quit", "end the session"),
    ]

    /// Parses one line: a command word, case-insensitive, and its argument if it takes one.
    ///
    /// - Parameter line: The line as typed, with or without surrounding white space.
    /// - Returns: The command, or `nil` for a blank line or a `#` comment.
    /// - Throws: ``CommandError`` when the word is unknown or the arguments do not fit it.
    public static func parse(_ line: String) throws(CommandError) -> Command? {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let word = words.first, !word.hasPrefix("#") else { return nil }
        let name = word.lowercased()
        let arguments = Array(words.dropFirst())
        switch name {
        case "attach", "detach":
            guard let argument = arguments.first else { throw .missingArgument(name, placeholder: "NAME") }
            guard arguments.count == 1 else { throw .unexpectedArgument(name, arguments.joined(separator: " ")) }
            return name == "attach" ? .attach(argument) : .detach(argument)
        case "quantity":
            guard let argument = arguments.first else { throw .missingArgument(name, placeholder: "COUNT") }
            guard arguments.count == 1 else { throw .unexpectedArgument(name, arguments.joined(separator: " ")) }
            guard let quantity = Int(argument), quantity >= 1, quantity <= 99 else {
                throw .invalidArgument(name, argument, expected: "a whole number from 1 to 99")
            }
            return .quantity(quantity)
        default:
            guard let command = plain[name] else { throw .unknownCommand(word) }
            guard arguments.isEmpty else { throw .unexpectedArgument(name, arguments.joined(separator: " ")) }
            return command
        }
    }

    private static let plain: [String: Command] = [
        "help": .help, "appear": .appear, "disappear": .disappear, "refresh": .refresh,
        "add-to-cart": .addToCart, "cart": .tapCart, "memory-warning": .memoryWarning, "background": .background,
        "foreground": .foreground, "describe": .describe, "graph": .graph, "quit": .quit,
    ]
}
