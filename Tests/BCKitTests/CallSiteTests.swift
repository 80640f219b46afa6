import BCKit
import Testing

// Conversations in the one-call form: a protocol refining `Conversation`, whose defaults relay,
// and the center's empty conformance.

protocol FollowConversation: Conversation {
    func followDidChange(isFollowing: Bool)
    func followerCount() -> Int?
}

extension FollowConversation {
    func followDidChange(isFollowing: Bool) {
        relay((any FollowConversation).self) { $0.followDidChange(isFollowing: isFollowing) }
    }
    func followerCount() -> Int? { relay((any FollowConversation).self) { $0.followerCount() } }
}

extension CommunicationCenter: FollowConversation {}

protocol ProfileConversation: Conversation {
    func profileDidLoad(name: String)
}

extension ProfileConversation {
    func profileDidLoad(name: String) {
        relayRetained((any ProfileConversation).self) { $0.profileDidLoad(name: name) }
    }
}

extension CommunicationCenter: ProfileConversation {}

/// Sends follow changes, as itself, from a button action or a task.
@MainActor
final class FollowButton: BusinessController {
    weak var owner: Owner?

    func tapped() { center.followDidChange(isFollowing: true) }

    func tappedLater() async {
        await Task { @MainActor in center.followDidChange(isFollowing: false) }.value
    }
}

/// Hears follow changes and answers the count.
@MainActor
final class FollowerBadge: BusinessController, FollowConversation {
    weak var owner: Owner?
    private(set) var heard: [Bool] = []

    func followDidChange(isFollowing: Bool) { heard.append(isFollowing) }
    func followerCount() -> Int? { 42 }
}

/// Means to hear follow changes but misspells the method, so the default runs.
@MainActor
final class MisspelledBadge: BusinessController, FollowConversation {
    weak var owner: Owner?
    private(set) var heard: [Bool] = []

    /// Misspelled on purpose, for the run-time report of code the relay plugin does not see.
    ///
    /// - NotAMessage
    func followDidChange(following: Bool) { heard.append(following) }
}

/// Shows the profile's name, whenever it attaches.
@MainActor
final class ProfileHeader: BusinessController, ProfileConversation {
    weak var owner: Owner?
    private(set) var names: [String] = []
    private(set) var loadedBeforeFirstName = false

    func ownerDidLoad() { loadedBeforeFirstName = names.isEmpty }
    func profileDidLoad(name: String) { names.append(name) }
}

/// Loads the profile and announces it, retained.
@MainActor
final class ProfileLoader: BusinessController {
    weak var owner: Owner?

    func load(_ name: String) { center.profileDidLoad(name: name) }
}

@MainActor
@Suite struct CallSiteTests {
    // MARK: One-call sends and queries

    @Test func aControllerSendsAndAsksWithPlainMethodCalls() throws {
        let owner = Owner()
        let button = FollowButton()
        let badge = FollowerBadge()
        try owner.attach([button, badge])
        button.tapped()
        #expect(badge.heard == [true])
        #expect(button.center.followerCount() == 42)
        #expect(owner.center.followerCount() == 42)
    }

    @Test func aDetachedControllersCenterReachesNobody() throws {
        let owner = Owner()
        let button = FollowButton()
        let badge = FollowerBadge()
        try owner.attach([button, badge])
        try owner.detach(button)
        let diagnostics = appWideDiagnostics {
            button.tapped()
            #expect(button.center.followerCount() == nil)
        }
        #expect(badge.heard.isEmpty)
        #expect(button.center.owner == nil)
        #if DEBUG
            #expect(diagnostics.map(\.cause) == [.senderNotAttached, .senderNotAttached])
            #expect(diagnostics.map(\.message) == ["followDidChange(isFollowing:)", "followerCount()"])
        #endif
    }

    // MARK: Sends that know their sender

    @Test func sendsAreAttributedToTheControllerInTracesAndTheGraph() async throws {
        let owner = Owner()
        let tracer = ListTracer()
        let graph = ConversationGraph()
        owner.addObserver(tracer)
        owner.addObserver(graph)
        let button = FollowButton()
        try owner.attach([button, FollowerBadge()])
        button.tapped()
        await button.tappedLater()
        owner.center.followDidChange(isFollowing: true)
        #expect(tracer.dispatches.map(\.sender) == ["FollowButton", "FollowButton", nil])
        #expect(graph.mermaid().contains("FollowButton -->|FollowConversation| FollowerBadge"))
        #expect(graph.mermaid().contains("host -->|FollowConversation| FollowerBadge"))
    }

    // MARK: Misspellings caught

    @Test func aReceiverWhoseDefaultRanIsNamedInTheTrace() throws {
        let owner = Owner()
        let tracer = ListTracer()
        owner.addObserver(tracer)
        let misspelled = MisspelledBadge()
        try owner.attach([FollowButton(), FollowerBadge(), misspelled])
        owner.center.followDidChange(isFollowing: true)
        let record = try #require(tracer.dispatches.last)
        #expect(record.receivers == ["FollowerBadge", "MisspelledBadge"])
        #expect(
            record.defaulted == [
                DefaultedDelivery(receiver: "MisspelledBadge", method: "followDidChange(isFollowing:)")
            ])
        #expect(record.description.contains("default ran in MisspelledBadge.followDidChange(isFollowing:)"))
        #expect(misspelled.heard.isEmpty)
    }

    @Test func aReceiverThatHandlesTheMessageIsNotReported() throws {
        let owner = Owner()
        let tracer = ListTracer()
        owner.addObserver(tracer)
        try owner.attach([FollowerBadge()])
        owner.center.followDidChange(isFollowing: true)
        #expect(tracer.dispatches.last?.defaulted == [])
    }

    // MARK: Retained messages

    @Test func aControllerAttachedAfterARetainedMessageGetsTheLatestOnceAfterItsCatchUp() throws {
        let owner = Owner()
        let loader = ProfileLoader()
        try owner.attach(loader)
        try owner.didLoad()
        loader.load("Ada")
        loader.load("Grace")
        let header = ProfileHeader()
        try owner.attach(header)
        #expect(header.names == ["Grace"])
        #expect(header.loadedBeforeFirstName)
        let later = ProfileHeader()
        try owner.attach(later)
        #expect(header.names == ["Grace"])
        #expect(later.names == ["Grace"])
    }

    @Test func aControllerAttachedDuringTheFanOutGetsTheRetainedMessageOnceByReplay() throws {
        let owner = Owner()
        let tracer = ListTracer()
        owner.addObserver(tracer)
        let loader = ProfileLoader()
        let first = AttachingOnProfile()
        try owner.attach([loader, first])
        loader.load("Ada")
        let newcomer = try #require(first.attached)
        #expect(newcomer.names == ["Ada"])
        #expect(tracer.dispatches.contains { $0.kind == .replay && $0.receivers == ["ProfileHeader"] })
    }

    @Test func aRetainedMessageIsDroppedWhenItsSenderDetachesAndOnTearDown() throws {
        let owner = Owner()
        let loader = ProfileLoader()
        try owner.attach(loader)
        loader.load("Ada")
        try owner.detach(loader)
        let header = ProfileHeader()
        try owner.attach(header)
        #expect(header.names.isEmpty)
    }

    /// Its goodbye is the last thing a leaving controller says: a message it retains there leaves
    /// with it, like the ones it retained before.
    @Test func aRetainedMessageSentFromItsSendersGoodbyeLeavesWithIt() throws {
        let owner = Owner()
        let listener = ProfileHeader()
        let loader = FarewellLoader()
        try owner.attach([listener, loader])
        try owner.detach(loader)
        #expect(listener.names == ["bye"])
        let header = ProfileHeader()
        try owner.attach(header)
        #expect(header.names.isEmpty)
    }

    @Test func tearDownDropsEveryRetainedMessage() throws {
        let owner = Owner()
        weak var captured: Token?
        do {
            let token = Token()
            captured = token
            owner.center.sendRetained((any ProfileConversation).self, message: "profileDidLoad(name:)") {
                $0.profileDidLoad(name: token.name)
            }
        }
        #expect(captured != nil)
        try owner.tearDown()
        #expect(captured == nil)
    }

    @Test func aRetainedMessageKeepsNoControllerAlive() throws {
        let owner = Owner()
        weak var gone: ProfileLoader?
        do {
            let loader = ProfileLoader()
            gone = loader
            try owner.attach(loader)
            loader.load("Ada")
            try owner.detach(loader)
        }
        #expect(gone == nil)
    }
}

/// Something a retained message captures.
/// Announces a profile, retained, as it leaves.
@MainActor
final class FarewellLoader: BusinessController {
    weak var owner: Owner?

    func willDetach(from owner: Owner) { center.profileDidLoad(name: "bye") }
}

final class Token {
    let name = "token"
}

/// Attaches a profile header while it hears the profile itself.
@MainActor
final class AttachingOnProfile: BusinessController, ProfileConversation {
    weak var owner: Owner?
    private(set) var attached: ProfileHeader?

    func profileDidLoad(name: String) {
        let header = ProfileHeader()
        attached = header
        try? owner?.attach(header)
    }
}
