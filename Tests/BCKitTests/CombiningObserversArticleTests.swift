import BCKit
import Testing

// The compiled twins of the code blocks of CombiningObservers.md, checked by the tests below.

@MainActor
protocol PlaybackConversation: AnyObject {
    func playbackDidStart()
}

@MainActor
final class AnalyticsObserver: DispatchTracer {
    private(set) var events: [String] = []

    func didDispatch(_ dispatch: DispatchRecord) {
        guard dispatch.kind != .lifecycle, let message = dispatch.message else { return }
        events.append("\(dispatch.conversation).\(message)")
    }

    func didObserve(_ event: TraceEvent) {
        if event.kind == .marker, let label = event.detail { events.append("marker: \(label)") }
    }
}

/// Plays; hears playback messages.
@MainActor
private final class PlayerController: BusinessController, PlaybackConversation {
    weak var owner: Owner?
    func playbackDidStart() {}
}

@MainActor
@Suite struct CombiningObserversArticleTests {
    @Test func theRemovedObserverStopsHearingAndTheOtherStays() throws {
        let (owner, analytics, transcript) = try makeObservedOwner()
        let heard = transcript.text
        owner.center.relay((any PlaybackConversation).self, message: "playbackDidStart()") { $0.playbackDidStart() }

        #expect(heard.contains("PlaybackConversation: host -> PlayerController"))
        #expect(transcript.text == heard)
        #expect(analytics.events == ["PlaybackConversation.playbackDidStart()"])
        #expect(owner.observers.count == 1)
    }

    @Test func theAnalyticsObserverCountsNamedMessagesAndMarkers() throws {
        let owner = Owner(name: "Player")
        let analytics = AnalyticsObserver()
        owner.addObserver(analytics)
        try owner.attach(PlayerController())
        owner.center.relay((any PlaybackConversation).self, message: "playbackDidStart()") { $0.playbackDidStart() }
        owner.mark("user tapped play")

        #expect(analytics.events == ["PlaybackConversation.playbackDidStart()", "marker: user tapped play"])
    }

    /// The article's first block, verbatim.
    private func makeObservedOwner() throws -> (Owner, AnalyticsObserver, ConversationTranscript) {
        let owner = Owner(name: "Player")
        let analytics = AnalyticsObserver()
        let transcript = ConversationTranscript()
        owner.addObserver(analytics)
        let recording = owner.addObserver(transcript)
        try owner.attach(PlayerController())

        owner.center.send((any PlaybackConversation).self) { $0.playbackDidStart() }

        owner.removeObserver(recording)  // the analytics observer keeps hearing everything
        return (owner, analytics, transcript)
    }

    @Test func markingTheArticlesMomentReachesTheObserver() {
        let owner = Owner(name: "Player")
        let analytics = AnalyticsObserver()
        owner.addObserver(analytics)
        owner.mark("user tapped play")
        #expect(analytics.events == ["marker: user tapped play"])
    }
}
