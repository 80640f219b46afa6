import BCKit
import BCKitTesting
import Testing

// The compiled twins of the code blocks of TestingAWholeScreen.md, run as the tests they show.

@MainActor
protocol PlaybackConversation: AnyObject {
    func playbackDidStart()
    func playbackDidPause()
}

extension PlaybackConversation {
    func playbackDidStart() { notHandled() }
    func playbackDidPause() { notHandled() }
}

@MainActor
protocol DurationQuery: AnyObject {
    var duration: Int? { get }
}

/// Starts playback when tapped.
final class PlayButtonController: BusinessController {
    weak var owner: Owner?

    func tapped() {
        center.send((any PlaybackConversation).self) { $0.playbackDidStart() }
    }
}

/// Hides the overlay while the video plays.
final class OverlayController: BusinessController, PlaybackConversation {
    weak var owner: Owner?
    private(set) var isOverlayVisible = true

    func playbackDidStart() { isOverlayVisible = false }
    func playbackDidPause() { isOverlayVisible = true }
}

/// Shows the position and the video's duration once playback starts.
final class ProgressController: BusinessController, PlaybackConversation {
    weak var owner: Owner?
    private(set) var label = ""

    func playbackDidStart() {
        let duration = center.first((any DurationQuery).self) { $0.duration } ?? 0
        label = "0 s / \(duration) s"
    }
}

/// Knows the video's duration.
final class VideoInfoController: BusinessController, DurationQuery {
    weak var owner: Owner?
    let duration: Int? = 90
}

@MainActor
@Suite struct WholeScreenArticleTests {
    @Test func playingHidesTheOverlayAndShowsTheProgress() {
        let test = TestOwner(testing: PlayButtonController())
        let overlay = test.mount(OverlayController())
        let progress = test.mount(ProgressController())
        test.mount(VideoInfoController())
        test.drive(to: .appeared)

        test.controller.tapped()

        #expect(overlay.isOverlayVisible == false)
        #expect(progress.label == "0 s / 90 s")
        test.expectSent((any PlaybackConversation).self)
        test.expectSent((any DurationQuery).self)
        test.finish()
    }

    @Test func theRecordingNamesEachSenderAndItsReceivers() {
        let test = TestOwner(testing: PlayButtonController())
        test.mount(OverlayController())
        test.mount(ProgressController())
        test.mount(VideoInfoController())

        test.controller.tapped()

        #expect(
            test.sentMessages.map(\.description) == [
                "PlayButtonController -> PlaybackConversation -> OverlayController, ProgressController",
                "ProgressController -> query DurationQuery -> VideoInfoController",
            ])
        test.skipSentMessages()
        test.finish()
    }

    @Test func aMissingControllerLeavesTheQueryUnhandled() {
        withKnownIssue {
            let test = TestOwner(testing: PlayButtonController())
            test.mount(ProgressController())

            test.controller.tapped()

            test.expectSent((any PlaybackConversation).self)
            test.expectSent((any DurationQuery).self)
            test.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                TestOwner(testing: PlayButtonController) finished, and 1 message reached nobody who handles it:
                  - ProgressController -> query DurationQuery -> nobody (unhandled)
                Attach a stub that speaks it with `stub(_:)`, or use `exhaustivity: .off`.
                """
            ]
        }
    }

    /// The progress bar leaves the pause to its default; the overlay handling it is enough.
    @Test func aPauseTheTestSendsNeedsOneControllerUnderTestToHandleIt() {
        let test = TestOwner(testing: PlayButtonController())
        let overlay = test.mount(OverlayController())
        test.mount(ProgressController())
        test.mount(VideoInfoController())
        test.controller.tapped()
        test.skipSentMessages()
        #expect(overlay.isOverlayVisible == false)

        test.send((any PlaybackConversation).self) { $0.playbackDidPause() }
        #expect(overlay.isOverlayVisible)

        test.finish()
    }

    @Test func aPauseNoControllerUnderTestHandlesFailsAtTheSendNamingWhoIgnoredIt() {
        let sending = #line + 5
        withKnownIssue {
            let test = TestOwner(testing: PlayButtonController())
            test.mount(ProgressController())

            test.send((any PlaybackConversation).self) { $0.playbackDidPause() }
            test.finish()
        } matching: { issue in
            issue.sourceLocation?.line == sending
                && issue.comments.map(\.rawValue) == [
                    """
                    The test sent PlaybackConversation, and no controller under test handled it: the controller \
                    under test that received it left it to its default implementation (the default ran: it \
                    relays, or calls `notHandled()`):
                      - ProgressController <- PlaybackConversation.playbackDidPause()
                    Is the method misspelled (a different label or parameter type)? Implement it with the \
                    protocol's exact signature. If no controller here handles the message on purpose, say so \
                    after sending it: `expectIgnored((any PlaybackConversation).self)`.
                    """
                ]
        }
    }

    @Test func playerScreen() throws {
        let owner = Owner(name: "Player")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        let button = PlayButtonController()
        try owner.attach([button, OverlayController(), ProgressController(), VideoInfoController()])
        try owner.didLoad()

        button.tapped()

        expectSnapshot(of: transcript)  // __Snapshots__/WholeScreenArticleTests/playerScreen.txt
    }

    @Test func theHarnessAndATranscriptSideBySide() {
        let test = TestOwner(testing: PlayButtonController())
        test.mount(OverlayController())
        test.mount(ProgressController())
        test.mount(VideoInfoController())
        let transcript = ConversationTranscript()
        test.owner.addObserver(transcript)

        test.controller.tapped()

        test.expectSent((any PlaybackConversation).self)
        test.expectSent((any DurationQuery).self)
        test.finish()
        #expect(
            transcript.lines.prefix(2) == [
                "[TestOwner] send PlaybackConversation: PlayButtonController -> OverlayController, ProgressController",
                "  [TestOwner] query DurationQuery: ProgressController -> VideoInfoController",
            ])
    }
}
