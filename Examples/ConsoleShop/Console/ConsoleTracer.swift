public import BCKit

/// The session's tracer: always records the conversation graph, with `--trace` also prints
/// every dispatch as it finishes (without its duration, so a traced session prints the same on
/// every run) and every save and restore of the screen's state, and with `--record` also writes
/// the conversation transcript.
///
/// It composes BCKit's ``ConversationGraph`` and `ConversationTranscript` with an echo to the
/// ``Transcript``, and the session adds it beside any other observer of the screen's owner.
///
/// ```swift
/// let tracer = ConsoleTracer(echo: transcript)
/// screen.owner.addObserver(tracer)
/// print(tracer.graph.mermaid())
/// ```
@MainActor
public final class ConsoleTracer: DispatchTracer {
    /// Every sender -> conversation -> receiver seen so far, and the owner's controllers
    /// registered lazily and not created yet.
    public let graph: ConversationGraph
    /// The controllers that got their saved piece back (the kit's `restored` event), in order.
    public private(set) var restoredControllers: [String] = []
    private let echo: Transcript?
    private let recording: ConversationTranscript?
    private let inspector: (any DispatchTracer)?

    /// Creates a tracer.
    ///
    /// - Parameters:
    ///   - owner: The owner it traces, whose lazy controllers the graph draws until they are
    ///     created; held weakly.
    ///   - echo: Where to print each dispatch, or `nil` to only record the graph.
    ///   - recording: The conversation transcript to add each dispatch to, or `nil`.
    ///   - inspector: A tracer that hears everything this one hears, such as `--inspect`'s
    ///     recorder, or `nil`.
    public init(
        owner: Owner? = nil,
        echo: Transcript? = nil,
        recording: ConversationTranscript? = nil,
        inspector: (any DispatchTracer)? = nil
    ) {
        graph = ConversationGraph(owner: owner)
        self.echo = echo
        self.recording = recording
        self.inspector = inspector
    }

    /// Passes the start of a dispatch on to the transcript and the inspector.
    ///
    /// - Parameter dispatch: The dispatch about to run.
    public func willDispatch(_ dispatch: DispatchRecord) {
        recording?.willDispatch(dispatch)
        inspector?.willDispatch(dispatch)
    }

    /// Passes a change of the owner on to the transcript (a lazy controller's creation, a
    /// restore) and the inspector and, when echoing, prints a save or a restore.
    ///
    /// - Parameter event: What happened.
    public func didObserve(_ event: TraceEvent) {
        recording?.didObserve(event)
        inspector?.didObserve(event)
        switch event.kind {
        case .restored:
            restoredControllers.append(event.subject ?? "?")
            echo?.line("trace restored: [\(event.owner.name)] \(event.subject ?? "?") (key \(event.detail ?? "?"))")
        case .saved:
            echo?.line("trace saved: [\(event.owner.name)] \(event.detail ?? "")")
        default:
            break
        }
    }

    /// Records the dispatch in the graph and, when echoing, prints it without its duration.
    ///
    /// - Parameter dispatch: The dispatch that just finished.
    public func didDispatch(_ dispatch: DispatchRecord) {
        graph.didDispatch(dispatch)
        recording?.didDispatch(dispatch)
        inspector?.didDispatch(dispatch)
        echo?.line("trace \(dispatch.kind): \(Self.untimed(dispatch))")
    }

    /// The record's line, `[Owner] Sender -> Conversation -> A, B`, without the ` (12 µs)` that
    /// differs from run to run: a traced session prints the same on every run, so two runs can
    /// be compared and CI can diff one against a committed file. The inspector page (`--inspect`)
    /// shows each dispatch's duration.
    static func untimed(_ dispatch: DispatchRecord) -> String {
        dispatch.description.replacing(#/ \(\d+ µs\)/#, with: "", maxReplacements: 1)
    }
}
