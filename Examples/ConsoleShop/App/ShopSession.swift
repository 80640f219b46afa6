import BCKit

/// The console's command loop for the whole shop: shop commands (``ShopCommand``) go to the
/// ``ShopApp``; everything else goes to the ``Session`` of the screen on top.
///
/// `add-to-cart` on a goods screen taps its button: signed out, the button waits for the account's
/// `signedIn` barrier, which opens the login screen; the add goes on after `login`, and is dropped
/// after `cancel`.
///
/// ```swift
/// let app = try ShopApp(transcript: transcript)
/// try await app.launch()
/// let session = ShopSession(app: app, transcript: transcript)
/// session.run(lines: ["open shop://goods/detail/42", "add-to-cart", "login", "open shop://cart"])
/// ```
@MainActor
public final class ShopSession: LineSession {
    /// The shop.
    public let app: ShopApp
    private let transcript: Transcript
    private let echoesCommands: Bool

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - app: The launched shop.
    ///   - transcript: Where to write; the app's transcript.
    ///   - echoesCommands: Whether to write each command before its effects.
    public init(app: ShopApp, transcript: Transcript, echoesCommands: Bool = false) {
        self.app = app
        self.transcript = transcript
        self.echoesCommands = echoesCommands
    }

    /// Writes a short greeting for an interactive terminal.
    public func greet() {
        transcript.line(
            """
            BCKit console shop: Home, Goods, Cart and Login screens, each an Owner of business controllers,
            opened by URL through the modules declared in modules.json. Type `help` for the commands.
            """
        )
    }

    /// Reports the end of the input.
    public func inputDidEnd() {
        transcript.line("end of input")
    }

    /// Waits until the controller tasks of every open screen have finished.
    public func settle() async {
        for session in app.sessions {
            await session.settle()
        }
    }

    /// Executes one line.
    ///
    /// - Parameter line: The line as typed.
    /// - Returns: `false` after `quit`, `true` otherwise.
    @discardableResult
    public func execute(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return true }
        if echoesCommands { transcript.line("> \(trimmed)") }
        app.recording?.note("> \(trimmed)")
        let command: ShopCommand?
        do {
            command = try ShopCommand.parse(trimmed)
        } catch {
            transcript.line("error: \(error)")
            return true
        }
        if let command {
            perform(command)
            return true
        }
        guard let current = app.current else {
            transcript.line("no screen is open")
            return true
        }
        let screenCommand = try? Command.parse(trimmed)
        let goesOn = current.execute(trimmed)
        if screenCommand == .help { explain() }
        return goesOn
    }

    private func perform(_ command: ShopCommand) {
        switch command {
        case .open(let url): app.open(url)
        case .link(let url): app.openLink(url)
        case .routes: app.listRoutes()
        case .back: app.back()
        case .login(let user): app.login(as: user)
        case .cancel: app.cancelLogin()
        case .logout: app.logout()
        case .screens:
            transcript.line(app.sessions.map(\.screen.owner.name).joined(separator: " > "))
        }
    }

    private func explain() {
        let width = ShopCommand.reference.map(\.usage.count).max() ?? 0
        var lines = ["Shop commands:"]
        for entry in ShopCommand.reference {
            let padding = String(repeating: " ", count: width - entry.usage.count)
            lines.append("  \(entry.usage)\(padding)  \(entry.summary)")
        }
        lines.append("On a goods screen, add-to-cart waits for sign-in (the signedIn barrier opens the login screen)")
        lines.append("and adds after `login`, nothing after `cancel`; shop://cart/add/ID waits on the same barrier.")
        lines.append("cart taps the cart icon, whose controller asks its screen to open shop://cart.")
        transcript.line(lines.joined(separator: "\n"))
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
