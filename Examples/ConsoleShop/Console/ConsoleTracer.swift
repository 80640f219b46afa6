public import BCKit

/// The session's tracer: always records the conversation graph, with `--trace` also prints
/// every dispatch as it finishes, and with `--record` also writes the conversation transcript.
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

    /// Passes a change of the owner on to the transcript (a lazy controller's creation) and the
    /// inspector.
    ///
    /// - Parameter event: What happened.
    public func didObserve(_ event: TraceEvent) {
        recording?.didObserve(event)
        inspector?.didObserve(event)
    }

    /// Records the dispatch in the graph and, when echoing, prints it.
    ///
    /// - Parameter dispatch: The dispatch that just finished.
    public func didDispatch(_ dispatch: DispatchRecord) {
        graph.didDispatch(dispatch)
        recording?.didDispatch(dispatch)
        inspector?.didDispatch(dispatch)
        echo?.line("trace \(dispatch.kind): \(dispatch)")
    }
}
