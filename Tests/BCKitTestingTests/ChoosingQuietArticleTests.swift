import BCKit
import BCKitTesting
import Testing

// The testing samples of BCKit's Choosing Quiet article (Sources/BCKit/BCKit.docc/ChoosingQuiet.md),
// verbatim, so they cannot rot. This target has no relay plugin, so the article's
// `PlayerStatusConversation` is written by hand here, its `/// - Quiet` marker as `.quiet()`.

protocol PlayerStatusConversation: Conversation {
    func playerDidEnterFullScreen(_ isFullScreen: Bool)
    func playerQualityDidChange(_ quality: String)
    func playerDidFail(reason: String)
}

extension PlayerStatusConversation {
    func playerDidEnterFullScreen(_ isFullScreen: Bool) {
        relay((any PlayerStatusConversation).self, message: .quiet()) { $0.playerDidEnterFullScreen(isFullScreen) }
    }

    func playerQualityDidChange(_ quality: String) {
        relay((any PlayerStatusConversation).self) { $0.playerQualityDidChange(quality) }
    }

    func playerDidFail(reason: String) {
        relay((any PlayerStatusConversation).self) { $0.playerDidFail(reason: reason) }
    }
}

extension CommunicationCenter: PlayerStatusConversation {}

/// Shows the stream's quality, and leaves full screen and failures to others.
final class QualityBadgeController: BusinessController, PlayerStatusConversation {
    weak var owner: Owner?
    private(set) var quality = ""

    func playerQualityDidChange(_ quality: String) { self.quality = quality }
}

@MainActor
@Suite struct ChoosingQuietArticleTests {
    @Test func aQuietMessageTheBadgeIgnoresPassesOnceTheTestExpectsItIgnored() {
        let test = TestOwner(testing: QualityBadgeController())
        test.center.playerDidEnterFullScreen(true)
        test.expectIgnored((any PlayerStatusConversation).self, "playerDidEnterFullScreen(_:)")
        test.finish()
    }

    @Test func aQuietMessageTheBadgeIgnoresFailsTheTestThatSaysNothing() {
        withKnownIssue {
            let test = TestOwner(testing: QualityBadgeController())
            test.center.playerDidEnterFullScreen(true)
            test.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("PlayerStatusConversation.playerDidEnterFullScreen(_:)") }
        }
    }

    @Test func aConversationTheTestAllowsMayBeIgnoredWithoutExpectingEachMessage() {
        let test = TestOwner(testing: QualityBadgeController())
        test.allowIgnoring((any PlayerStatusConversation).self)
        test.center.playerDidEnterFullScreen(true)
        test.center.playerDidEnterFullScreen(false)
        test.finish()
    }
}
