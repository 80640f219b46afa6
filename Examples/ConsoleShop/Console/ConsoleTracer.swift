public import BCKit

/// The session's tracer: always records the conversation graph, and with `--trace` also prints
/// every dispatch as it finishes.
///
/// An owner takes one tracer; this one composes BCKit's ``ConversationGraph`` with an echo to the
/// ``Transcript``.
///
/// ```swift
/// let tracer = ConsoleTracer(echo: transcript)
/// screen.owner.tracer = tracer
/// print(tracer.graph.mermaid())
/// ```
@MainActor
public final class ConsoleTracer: DispatchTracer {
    /// Every sender -> conversation -> receiver seen so far.
    public let graph = ConversationGraph()
    private let echo: Transcript?

    /// Creates a tracer.
    ///
    /// - Parameter echo: Where to print each dispatch, or `nil` to only record the graph.
    public init(echo: Transcript? = nil) {
        self.echo = echo
    }

    /// Records the dispatch in the graph and, when echoing, prints it.
    ///
    /// - Parameter dispatch: The dispatch that just finished.
    public func didDispatch(_ dispatch: DispatchRecord) {
        graph.didDispatch(dispatch)
        echo?.line("trace \(dispatch.kind): \(dispatch)")
    }
}
