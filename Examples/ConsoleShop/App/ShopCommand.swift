/// A command about the whole shop rather than the screen on top: opening URLs, going back,
/// signing in and out, listing routes.
///
/// ```swift
/// try ShopCommand.parse("open shop://goods/detail/42")  // .open("shop://goods/detail/42")
/// try ShopCommand.parse("refresh")                      // nil: a screen command
/// ```
public enum ShopCommand: Hashable, Sendable {
    /// Opens a URL through the navigator.
    case open(String)
    /// Opens a link as if it came from outside the app: only external routes open.
    case link(String)
    /// Lists the routes.
    case routes
    /// Closes the screen on top.
    case back
    /// Signs in: what waited for the `signedIn` barrier (an add, a guarded route) goes on.
    case login(String)
    /// Closes the login screen: what waited for the `signedIn` barrier is dropped.
    case cancel
    /// Signs out.
    case logout
    /// Lists the open screens, bottom first.
    case screens

    /// Every command's usage and what it does, in the order `help` lists them.
    public static let reference: [(usage: String, summary: String)] = [
        ("open URL", "open a screen by URL, e.g. `open shop://goods/detail/42`, `open shop://cart`"),
        ("link URL", "open a link as if pasted from outside the app: only routes marked external open"),
        ("routes", "list the routes the modules declared in modules.json"),
        ("back", "close the screen on top and show the one below"),
        ("login [NAME]", "sign in; what waited for sign-in goes on"),
        ("cancel", "leave the login screen; what waited for sign-in is dropped"),
        ("logout", "sign out"),
        ("screens", "list the open screens, bottom first"),
    ]

    /// Parses a shop command.
    ///
    /// - Parameter line: The line as typed.
    /// - Returns: The command, or `nil` when the line is not a shop command.
    /// - Throws: ``CommandError`` when a shop command's arguments do not fit it.
    public static func parse(_ line: String) throws(CommandError) -> ShopCommand? {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let word = words.first?.lowercased() else { return nil }
        let arguments = Array(words.dropFirst())
        switch word {
        case "open":
            guard let url = arguments.first else { throw .missingArgument("open", placeholder: "URL") }
            guard arguments.count == 1 else { throw .unexpectedArgument("open", arguments.joined(separator: " ")) }
            return .open(url)
        case "link":
            guard let url = arguments.first else { throw .missingArgument("link", placeholder: "URL") }
            guard arguments.count == 1 else { throw .unexpectedArgument("link", arguments.joined(separator: " ")) }
            return .link(url)
        case "login":
            guard arguments.count <= 1 else { throw .unexpectedArgument("login", arguments.joined(separator: " ")) }
            return .login(arguments.first ?? "shopper")
        case "routes", "back", "cancel", "logout", "screens":
            guard arguments.isEmpty else { throw .unexpectedArgument(word, arguments.joined(separator: " ")) }
            return ["routes": .routes, "back": .back, "cancel": .cancel, "logout": .logout, "screens": .screens][word]
        default:
            return nil
        }
    }
}
