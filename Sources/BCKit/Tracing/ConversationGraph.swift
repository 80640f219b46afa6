/// A tracer that records who talks to whom and draws it as a Mermaid flowchart.
///
/// ```swift
/// let graph = ConversationGraph()
/// owner.tracer = graph
/// // … use the screen …
/// print(graph.mermaid())
/// // flowchart LR
/// //     AddToCartController -->|CartConversation| HeaderController
/// ```
///
/// Each edge is drawn once, in the order first seen. Lifecycle events are not drawn. A message
/// nobody received is drawn as a dotted edge to `unhandled`.
@MainActor
public final class ConversationGraph: DispatchTracer {
    private struct Edge: Hashable {
        let sender: String
        let conversation: String
        let receiver: String?
    }

    private var edges: [Edge] = []
    private var seen: Set<Edge> = []

    /// Creates an empty graph.
    public init() {}

    /// Records the edges of one dispatch.
    ///
    /// - Parameter dispatch: The dispatch to record.
    public func didDispatch(_ dispatch: DispatchRecord) {
        guard dispatch.kind != .lifecycle else { return }
        let sender = dispatch.sender ?? "host"
        let receivers: [String?] = dispatch.receivers.isEmpty ? [nil] : dispatch.receivers
        for receiver in receivers {
            let edge = Edge(sender: sender, conversation: dispatch.conversation, receiver: receiver)
            if seen.insert(edge).inserted { edges.append(edge) }
        }
    }

    /// The observed graph as Mermaid flowchart text.
    ///
    /// - Returns: A `flowchart LR` with one line per distinct sender, conversation and receiver.
    public func mermaid() -> String {
        var lines = ["flowchart LR"]
        for edge in edges {
            if let receiver = edge.receiver {
                lines.append("    \(node(edge.sender)) -->|\(edge.conversation)| \(node(receiver))")
            } else {
                lines.append("    \(node(edge.sender)) -.->|\(edge.conversation)| unhandled((unhandled))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A Mermaid node: an identifier made of the name's letters and digits, labelled with the name.
    private func node(_ name: String) -> String {
        let identifier = String(
            name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(Character.init))
        return identifier == name ? name : "\(identifier.isEmpty ? "node" : identifier)[\"\(name)\"]"
    }
}
