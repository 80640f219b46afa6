/// A tracer that records who talks to whom and draws it as a Mermaid flowchart.
///
/// ```swift
/// let graph = ConversationGraph()
/// owner.addObserver(graph)
/// // … use the screen …
/// print(graph.mermaid())
/// // flowchart LR
/// //     AddToCartController -->|CartConversation| HeaderController
/// ```
///
/// Each edge is drawn once, in the order first seen. Lifecycle events are not drawn. What the host
/// sent starts at the node `host`. A receiver that ignored a message (its default ran) is reached
/// by a dotted edge labelled `(ignored)`; a message nobody handled (it reached nobody, or every
/// receiver ignored it) is also drawn as a dotted edge to `unhandled`, and a retained message that
/// reached nobody yet as a dotted edge to `kept`, since it waits for a controller to come. A
/// controller named like one of these nodes is a node of its own.
///
/// ```text
/// flowchart LR
///     host -.->|CartConversation (ignored)| BadgeController
///     host -.->|CartConversation| unhandled((unhandled))
///     host -.->|SessionConversation| kept((kept))
/// ```
///
/// A graph made for an owner (``init(owner:)``) also draws the controllers that owner registered
/// with ``Owner/attach(lazily:speaking:creation:priority:)`` and has not created yet, as dashed nodes
/// marked "registered, not created", as the owner's ``Owner/description`` lists them. A lazy
/// controller created since is drawn by its edges like any other.
///
/// ```text
/// flowchart LR
///     host -->|GoodsConversation| HeaderController
///     classDef notCreated stroke-dasharray: 4 4
///     ReviewsController["ReviewsController: registered, not created; created by ReviewQuery or the first appearance"]:::notCreated
/// ```
@MainActor
public final class ConversationGraph: DispatchTracer {
    private struct Edge: Hashable {
        /// The sending controller's name; `nil` for the host.
        let sender: String?
        let conversation: String
        let target: Target
    }

    /// Where an edge ends.
    private enum Target: Hashable {
        /// A receiver that handled the message.
        case handled(String)
        /// A receiver whose default ran.
        case ignored(String)
        /// The `unhandled` node: no receiver handled the message.
        case unhandled
        /// The `kept` node: a retained message that reached nobody yet.
        case kept
    }

    private var edges: [Edge] = []
    private var seen: Set<Edge> = []

    /// The owner whose registered, not yet created controllers the graph draws; `nil` draws none.
    ///
    /// Held weakly: the owner holds its tracer.
    public weak var owner: Owner?

    /// Creates an empty graph.
    ///
    /// - Parameter owner: The owner whose lazy controllers not created yet the graph draws, usually
    ///   the owner it traces; `nil` draws only what was sent.
    public init(owner: Owner? = nil) {
        self.owner = owner
    }

    /// Records the edges of one dispatch.
    ///
    /// - Parameter dispatch: The dispatch to record.
    public func didDispatch(_ dispatch: DispatchRecord) {
        guard dispatch.kind != .lifecycle else { return }
        // A node is a name, so a receiver is told ignored by its name, as transcripts tell it.
        let ignored = Set(dispatch.defaulted.map(\.receiver))
        var targets = dispatch.receivers.map { ignored.contains($0) ? Target.ignored($0) : .handled($0) }
        if dispatch.isUnhandled {
            targets.append(.unhandled)
        } else if dispatch.receivers.isEmpty {
            targets.append(.kept)
        }
        for target in targets {
            let edge = Edge(sender: dispatch.sender, conversation: dispatch.conversation, target: target)
            if seen.insert(edge).inserted { edges.append(edge) }
        }
    }

    /// The observed graph as Mermaid flowchart text.
    ///
    /// - Returns: A `flowchart LR` with one line per distinct sender, conversation and receiver,
    ///   then one dashed node per lazy controller of ``owner`` not created yet.
    public func mermaid() -> String {
        var lines = ["flowchart LR"]
        var nodes = Nodes()
        for edge in edges {
            let sender = edge.sender.map { nodes.node($0) } ?? "host"
            switch edge.target {
            case .handled(let receiver):
                lines.append("    \(sender) -->|\(edge.conversation)| \(nodes.node(receiver))")
            case .ignored(let receiver):
                lines.append("    \(sender) -.->|\(edge.conversation) (ignored)| \(nodes.node(receiver))")
            case .unhandled:
                lines.append("    \(sender) -.->|\(edge.conversation)| unhandled((unhandled))")
            case .kept:
                lines.append("    \(sender) -.->|\(edge.conversation)| kept((kept))")
            }
        }
        let waiting = owner?.lazyControllers ?? []
        if !waiting.isEmpty {
            lines.append("    classDef notCreated stroke-dasharray: 4 4")
        }
        for lazy in waiting {
            let label = "\(lazy.name): registered, not created; created by \(lazy.creators)"
            lines.append("    \(nodes.identifier(of: lazy.name))[\"\(label)\"]:::notCreated")
        }
        return lines.joined(separator: "\n")
    }

    /// The nodes of one drawing: one Mermaid identifier per name, made of the name's letters and
    /// digits, which Mermaid accepts, and numbered when another name already has them
    /// (`Box<Int>` and `BoxInt` are two controllers, so two nodes).
    private struct Nodes {
        private var identifiers: [String: String] = [:]
        /// `host` is the node of what the host sent, `unhandled` the node of messages nobody
        /// handled, `kept` that of retained messages nobody received yet; `end` ends a Mermaid
        /// subgraph.
        private var taken: Set<String> = ["host", "unhandled", "kept", "end"]

        /// A node: its identifier, labelled with the name when they differ.
        mutating func node(_ name: String) -> String {
            let identifier = identifier(of: name)
            return identifier == name ? name : "\(identifier)[\"\(name)\"]"
        }

        /// The identifier of the node named `name`, made on its first use.
        mutating func identifier(of name: String) -> String {
            if let known = identifiers[name] { return known }
            var letters = String.UnicodeScalarView()
            letters.append(
                contentsOf: name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
            let base = letters.isEmpty ? "node" : String(letters)
            var identifier = base
            var number = 2
            while taken.contains(identifier) {
                identifier = "\(base)\(number)"
                number += 1
            }
            taken.insert(identifier)
            identifiers[name] = identifier
            return identifier
        }
    }
}
