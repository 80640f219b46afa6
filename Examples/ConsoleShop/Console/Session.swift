public import BCKit

/// The console's command loop: reads lines, drives the current ``Screen`` and writes what happens
/// to a ``Transcript``.
///
/// The session plays the part of the view: it reports lifecycle events to the screen's owner,
/// forwards the shopper's gestures as conversations, and never touches a business controller
/// except to attach or detach it. It also gives the screen its services: a
/// ``ScreenServicesController`` answers what the controllers ask of their screen
/// (`HostServiceConversation`: navigate, dismiss, alerts), through the app when there is one. Bad
/// input and refused requests are written down and the session goes on.
///
/// ```swift
/// let transcript = Transcript.standardOutput()
/// let screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: transcript)
/// let session = Session(screen: screen, transcript: transcript)
/// let status = session.run(lines: ["appear", "add-to-cart", "graph"])  // 0
/// ```
@MainActor
public final class Session: LineSession {
    /// The screen being driven.
    public let screen: any Screen
    /// The tracer installed on the screen's owner; ``ConsoleTracer/graph`` is what `graph` prints.
    public let tracer: ConsoleTracer
    /// The URL that opened the screen, which opens it again after a relaunch (`--state`), or `nil`
    /// for a screen not to reopen, such as the login screen, whose waiting add is not saved.
    public let route: String?
    private let transcript: Transcript
    private let echoesCommands: Bool

    /// Creates a session and installs its tracer on the screen's owner.
    ///
    /// - Parameters:
    ///   - screen: The screen to drive.
    ///   - transcript: Where to write; share it with the screen so the lines interleave.
    ///   - trace: Whether to write every dispatch as it finishes, as `--trace` asks.
    ///   - echoesCommands: Whether to write each command before its effects, which makes a piped
    ///     transcript readable.
    ///   - recording: The conversation transcript to add the screen's dispatches to, as `--record`
    ///     asks, or `nil`.
    ///   - inspector: A tracer that hears everything the session's tracer hears, as `--inspect`
    ///     asks, or `nil`.
    ///   - app: The app that opens the routes the screen's controllers ask for, or `nil` for a
    ///     screen driven alone, whose navigation requests are only written down.
    ///   - route: The URL that opened the screen and reopens it after a relaunch, or `nil`.
    public init(
        screen: any Screen,
        transcript: Transcript,
        trace: Bool = false,
        echoesCommands: Bool = false,
        recording: ConversationTranscript? = nil,
        inspector: (any DispatchTracer)? = nil,
        app: ShopApp? = nil,
        route: String? = nil
    ) {
        self.screen = screen
        self.route = route
        self.transcript = transcript
        self.echoesCommands = echoesCommands
        tracer = ConsoleTracer(
            owner: screen.owner, echo: trace ? transcript : nil, recording: recording, inspector: inspector)
        screen.owner.addObserver(tracer)
        let services = ScreenServicesController(screen: screen, app: app, transcript: transcript)
        do {
            // First in the order, so a controller that asks something of its screen while the
            // screen loads does not move the load forward for the controllers between them.
            try screen.owner.attach(services, priority: ScreenServicesController.priority)
        } catch {
            preconditionFailure("\(screen.owner.name) refused its screen services: \(error); drive a screen once")
        }
        // So `describe` lists who answers the screen's requests before any was made.
        screen.owner.center.prepare((any HostServiceConversation).self)
    }

    private var owner: Owner { screen.owner }

    /// Writes a short greeting for an interactive terminal.
    public func greet() {
        transcript.line(
            """
            BCKit console shop. The \(owner.name) screen is one Owner with \(owner.controllers.count) \
            business controllers that talk only through conversations.
            Type `help` for the commands, `appear` to start.
            """
        )
    }

    /// Reports the end of the input.
    public func inputDidEnd() {
        transcript.line("end of input")
    }

    /// Waits until the screen's controller tasks have finished, the ones a command just started
    /// and the ones they started, or wait on a barrier.
    public func settle() async {
        // The kit's own list of unfinished tasks, shared within the package; an app would simply
        // let its run loop run them. A task waiting on a barrier (add-to-cart waiting for a
        // shopper) goes on only when the barrier is overcome or cancelled: it counts as settled.
        while owner.unfinishedTasks.contains(where: { $0.barriers.isEmpty }) {
            await withCheckedContinuation { continuation in
                owner.watchNextTaskChange { continuation.resume() }
            }
        }
    }

    /// Parses and executes one line.
    ///
    /// - Parameter line: The line as typed.
    /// - Returns: `false` after `quit`, `true` otherwise (also after bad input).
    @discardableResult
    public func execute(_ line: String) -> Bool {
        let command: Command?
        do {
            command = try Command.parse(line)
        } catch {
            if echoesCommands { transcript.line("> \(line)") }
            transcript.line("error: \(error)")
            return true
        }
        guard let command else { return true }
        if echoesCommands { transcript.line("> \(line)") }
        return perform(command)
    }

    /// Executes one command.
    ///
    /// - Parameter command: The command.
    /// - Returns: `false` after ``Command/quit``, `true` otherwise.
    @discardableResult
    public func perform(_ command: Command) -> Bool {
        switch command {
        case .help: explain()
        case .appear: drive(owner.state == .initial ? [.didLoad, .willAppear, .didAppear] : [.willAppear, .didAppear])
        case .disappear: drive([.willDisappear, .didDisappear])
        case .refresh:
            forward("PullToRefreshConversation", to: (any PullToRefreshConversation).self) { $0.userPulledToRefresh() }
        case .addToCart:
            forward("AddToCartTapConversation", to: (any AddToCartTapConversation).self) { $0.userTappedAddToCart() }
        case .quantity(let quantity):
            forward("QuantityStepperConversation", to: (any QuantityStepperConversation).self) {
                $0.userSteppedQuantity(to: quantity)
            }
        case .tapCart:
            forward("CartBadgeTapConversation", to: (any CartBadgeTapConversation).self) { $0.userTappedCartBadge() }
        case .memoryWarning: hostEvent("memory warning") { $0.hostDidReceiveMemoryWarning() }
        case .background: hostEvent("background") { $0.hostDidEnterBackground() }
        case .foreground: hostEvent("foreground") { $0.hostWillEnterForeground() }
        case .detach(let name): detach(name)
        case .attach(let name): attach(name)
        case .describe: transcript.line(owner.description)
        case .graph: transcript.line(tracer.graph.mermaid())
        case .quit:
            transcript.line("bye")
            return false
        }
        return true
    }

    private func explain() {
        let width = Command.reference.map(\.usage.count).max() ?? 0
        var lines = ["Commands:"]
        for entry in Command.reference {
            lines.append("  \(entry.usage.padding(to: width))  \(entry.summary)")
        }
        lines += [
            "Controllers of \(owner.name): \(screen.parts.map(\.name).joined(separator: ", ")).",
            "Reading the output:",
            "  A -> Conversation   controller A sends or asks; the indented lines below are the receivers",
            "  B <- Conversation   controller B received it and says what it did",
            "  host                the console itself, standing in for the view",
        ]
        transcript.line(lines.joined(separator: "\n"))
    }

    private func drive(_ events: [LifecycleEvent]) {
        for event in events {
            transcript.line("host -> \(owner.name): \(event)")
            do {
                try transcript.indented { () throws(OwnerError) in try owner.handle(event) }
            } catch {
                transcript.line("  refused by the owner: \(error)")
                return
            }
        }
        transcript.line("\(owner.name) is \(owner.state); every attached controller is too")
    }

    private func forward<Conversation>(
        _ name: String,
        to conversation: Conversation.Type,
        _ message: (Conversation) -> Void
    ) {
        transcript.line("host -> \(name)")
        let reached = transcript.indented { owner.center.send(conversation, message) }
        if reached == 0 {
            transcript.line("  unhandled: no controller of \(owner.name) speaks \(name) (detached?)")
        }
    }

    /// Host events concern the whole screen, so they reach nested owners too, as ``HostRelay``
    /// sends them.
    private func hostEvent(_ name: String, _ message: (any HostEventConversation) -> Void) {
        transcript.line("host -> HostEventConversation: \(name)")
        let reached = transcript.indented {
            owner.center.quietly.send((any HostEventConversation).self, scope: .broadcastDown, message)
        }
        transcript.line("  \(reached) controller(s) of \(owner.name) heard it")
    }

    private func detach(_ name: String) {
        guard let part = part(named: name) else { return }
        let before = owner.state(of: part.controller)
        transcript.line("host detaches \(part.name) from \(owner.name)")
        do {
            try transcript.indented { () throws(OwnerError) in try owner.detach(part.controller) }
        } catch {
            transcript.line("  refused by the owner: \(error)")
            return
        }
        let closing = before?.closingEvents ?? []
        let story = closing.isEmpty ? "" : "first " + closing.map(\.description).joined(separator: ", ") + ", then "
        transcript.line("\(part.name) detached: it got \(story)will-detach, and hears no conversation now")
    }

    private func attach(_ name: String) {
        guard let part = part(named: name) else { return }
        transcript.line("host attaches \(part.name) to \(owner.name), which is \(owner.state)")
        do {
            try transcript.indented { () throws(OwnerError) in
                try owner.attach(part.controller, priority: part.priority)
            }
        } catch {
            transcript.line("  refused by the owner: \(error)")
            return
        }
        let replayed = owner.state(of: part.controller)?.catchUpEvents ?? []
        let story =
            replayed.isEmpty ? "nothing to replay" : "replayed " + replayed.map(\.description).joined(separator: ", ")
        transcript.line("\(part.name) attached and caught up (\(story)) before hearing any conversation")
    }

    private func part(named name: String) -> ScreenPart? {
        do {
            return try screen.part(named: name)
        } catch {
            transcript.line("error: \(error)")
            return nil
        }
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
