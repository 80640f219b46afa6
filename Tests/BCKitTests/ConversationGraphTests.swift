import BCKit
import Testing

/// Two controller types whose names have the same letters and digits: `Twin<Int>` and `TwinInt`.
private final class Twin<Tag>: BusinessController, PingConversation {
    weak var owner: Owner?
}

private final class TwinInt: BusinessController, PingConversation {
    weak var owner: Owner?
}

/// Speaks drafts and leaves every message to its default.
private final class Ignorer: BusinessController, DraftConversation {
    weak var owner: Owner?
}

/// Handles a changed or restored draft.
private final class Changer: BusinessController, DraftConversation {
    weak var owner: Owner?
    func draftDidChange(_ text: String) {}
    func draftWasRestored(_ text: String) {}
}

@MainActor
@Suite struct ConversationGraphTests {
    let journal = Journal()

    @Test func aGraphForAnOwnerDrawsItsLazyControllersAsRegisteredButNotCreated() throws {
        let owner = Owner(name: "Profile")
        let graph = ConversationGraph(owner: owner)
        owner.addObserver(graph)
        try owner.attach(Probe("A", journal))
        try owner.attach(lazily: { Probe("pinged", journal) }, speaking: [(any PingConversation).self])
        try owner.attach(lazily: { Named("asked") }, speaking: [(any NameQuery).self])
        #expect(graph.mermaid().split(separator: "\n").count == 4)

        // The ping creates the first; the second waits for a question nobody asked yet.
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            graph.mermaid().split(separator: "\n") == [
                "flowchart LR",
                "    host -->|PingConversation| Probe",
                "    classDef notCreated stroke-dasharray: 4 4",
                "    Named[\"Named: registered, not created; created by NameQuery or the first appearance\"]:::notCreated",
            ])
        #expect(
            owner.description.contains("Named registered, not created; created by NameQuery or the first appearance"))

        _ = owner.center.first((any NameQuery).self) { $0.nickname }
        #expect(!graph.mermaid().contains("not created"))
    }

    @Test func theFirstAppearanceCreatesThemAndTheGraphStopsMarkingThem() throws {
        let owner = Owner()
        let graph = ConversationGraph(owner: owner)
        try owner.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        #expect(graph.mermaid().contains("registered, not created"))
        try owner.show()
        #expect(graph.mermaid() == "flowchart LR")
    }

    @Test func aGraphWithoutAnOwnerOrWhoseOwnerIsGoneDrawsOnlyWhatWasSent() throws {
        var owner: Owner? = Owner()
        let graph = ConversationGraph(owner: owner)
        let unowned = ConversationGraph()
        try owner?.attach(lazily: { Probe("lazy", journal) }, speaking: [(any PingConversation).self])
        owner?.addObserver(unowned)
        #expect(unowned.mermaid() == "flowchart LR")
        owner = nil
        #expect(graph.owner == nil)
        #expect(graph.mermaid() == "flowchart LR")
    }

    /// `host` is the node of what the host sent: a controller named so, here a nested owner
    /// speaking in its parent, is another node, not an edge from the host.
    @Test func aControllerNamedHostIsNotTheHost() throws {
        let page = Owner(name: "Page")
        let graph = ConversationGraph()
        page.addObserver(graph)
        let named: any BusinessController = Owner(name: "host")
        try page.attach([Probe("A", journal), named])
        page.center.send((any PingConversation).self) { $0.ping(1) }
        named.center.send((any PingConversation).self) { $0.ping(2) }
        #expect(
            graph.mermaid().split(separator: "\n") == [
                "flowchart LR",
                "    host -->|PingConversation| Probe",
                "    host2[\"host\"] -->|PingConversation| Probe",
            ])
    }

    /// Names that make the same identifier are still two nodes, and a name that is Mermaid's
    /// `end` or the graph's own `unhandled` node gets an identifier of its own.
    @Test func namesWithTheSameLettersAreTwoNodes() throws {
        let owner = Owner(name: "Twins")
        let graph = ConversationGraph()
        owner.addObserver(graph)
        try owner.attach([Twin<Int>(), TwinInt()])
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        owner.center.send((any NameQuery).self) { _ in }

        #expect(
            graph.mermaid().split(separator: "\n") == [
                "flowchart LR",
                "    host -->|PingConversation| TwinInt[\"Twin<Int>\"]",
                "    host -->|PingConversation| TwinInt2[\"TwinInt\"]",
                "    host -.->|NameQuery| unhandled((unhandled))",
            ])
    }

    /// A receiver whose default ran was drawn as a working edge, so a message everybody ignored
    /// read as handled (trial stop 51, F5): it is a dotted edge marked `(ignored)`, once each, and
    /// the message goes on to `unhandled` when nobody handled it.
    @Test func aReceiverThatIgnoredAMessageIsADottedEdgeAndTheMessageUnhandledWhenAllDid() throws {
        let owner = Owner(name: "Composer")
        let graph = ConversationGraph()
        owner.addObserver(graph)
        try owner.attach(Ignorer())
        owner.center.draftDidChange("a")
        owner.center.draftDidChange("b")
        try owner.attach(Changer())
        owner.center.draftDidChange("c")

        #expect(
            graph.mermaid().split(separator: "\n") == [
                "flowchart LR",
                "    host -.->|DraftConversation (ignored)| Ignorer",
                "    host -.->|DraftConversation| unhandled((unhandled))",
                "    host -->|DraftConversation| Changer",
            ])
    }

    /// A retained message that reached nobody yet waits for a controller to come: it is drawn to
    /// `kept`, not to `unhandled`, and its replay as the edge it is (trial stop 51, F1).
    @Test func aRetainedMessageThatReachedNobodyYetIsDrawnKept() throws {
        let owner = Owner(name: "Composer")
        let graph = ConversationGraph()
        owner.addObserver(graph)
        owner.center.draftWasRestored("a")
        try owner.attach(Changer())

        #expect(
            graph.mermaid().split(separator: "\n") == [
                "flowchart LR",
                "    host -.->|DraftConversation| kept((kept))",
                "    host -->|DraftConversation| Changer",
            ])
    }
}
