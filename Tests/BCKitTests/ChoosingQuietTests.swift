import BCKit
import Testing

// The Choosing Quiet article's code (Sources/BCKit/BCKit.docc/ChoosingQuiet.md), verbatim, so it
// cannot rot. The relay plugin on this test target writes the relays of `PlayerStatusConversation`;
// `AdBreakConversation` is the article's hand-written form. Its testing samples are compiled by
// Tests/BCKitTestingTests/ChoosingQuietArticleTests.swift, where BCKitTesting is.

/// What the player tells the controllers that show its state.
protocol PlayerStatusConversation: Conversation {
    /// The picture went full screen or back; only some overlays care.
    ///
    /// - Quiet
    func playerDidEnterFullScreen(_ isFullScreen: Bool)

    /// The stream's quality changed; the quality badge shows it.
    func playerQualityDidChange(_ quality: String)

    /// The video cannot play: a controller must tell the user why.
    func playerDidFail(reason: String)
}

protocol AdBreakConversation: Conversation {
    func adBreakWillStart()
}

extension AdBreakConversation {
    func adBreakWillStart() { relay((any AdBreakConversation).self, message: .quiet()) { $0.adBreakWillStart() } }
}

extension CommunicationCenter: AdBreakConversation {}

/// Shows the stream's quality, and leaves full screen and failures to others.
private final class QualityBadge: BusinessController, PlayerStatusConversation {
    weak var owner: Owner?
    private(set) var quality = ""

    func playerQualityDidChange(_ quality: String) { self.quality = quality }
}

/// Speaks the ad break and lets it pass, as most screens do.
private final class AdBreakBystander: BusinessController, AdBreakConversation {
    weak var owner: Owner?
}

/// Keeps the records an observer sees.
private final class Records: DispatchTracer {
    var records: [DispatchRecord] = []
    func didDispatch(_ dispatch: DispatchRecord) { records.append(dispatch) }
}

@MainActor
@Suite struct ChoosingQuietTests {
    @Test func aMessageMarkedQuietGoesUnreportedWhileAnUnmarkedOneIsReported() throws {
        let owner = Owner(name: "Player")
        var reported: [String?] = []
        owner.onDiagnostic = { reported.append($0.message) }
        try owner.attach(QualityBadge())

        owner.center.playerDidEnterFullScreen(true)
        owner.center.playerDidFail(reason: "offline")

        #if DEBUG
            #expect(reported == ["playerDidFail(reason:)"])
        #else
            #expect(reported.isEmpty)
        #endif
    }

    @Test func observersStillHearAQuietMessageNobodyHandled() throws {
        let owner = Owner(name: "Player")
        owner.onDiagnostic = { _ in }
        let records = Records()
        owner.addObserver(records)
        try owner.attach(QualityBadge())

        owner.center.playerDidEnterFullScreen(true)

        #expect(records.records.map(\.message) == ["playerDidEnterFullScreen(_:)"])
        #expect(records.records.map(\.isQuiet) == [true])
        #expect(records.records.map(\.isUnhandled) == [true])
    }

    @Test func aHandWrittenQuietDefaultGoesUnreportedWhetherNobodySpeaksItOrEveryoneIgnoresIt() throws {
        let owner = Owner(name: "Player")
        var reported: [String?] = []
        owner.onDiagnostic = { reported.append($0.message) }

        owner.center.adBreakWillStart()
        try owner.attach(AdBreakBystander())
        owner.center.adBreakWillStart()

        #expect(reported.isEmpty)
    }

    @Test func aSendThroughQuietlyGoesUnreportedWhileTheSameSendWithoutItIsReported() throws {
        let owner = Owner(name: "App")
        try owner.attach([Owner(name: "Settings"), Owner(name: "Library")])
        var reported: [String?] = []
        owner.onDiagnostic = { reported.append($0.message) }

        owner.center.down.quietly.playerQualityDidChange("auto")
        #expect(reported.isEmpty)

        owner.center.down.playerQualityDidChange("auto")
        #if DEBUG
            #expect(reported == ["playerQualityDidChange(_:)"])
        #else
            #expect(reported.isEmpty)
        #endif
    }

    /// Observers hear a send through `quietly` as quiet, relayed or explicit, as they hear a
    /// message marked quiet; the same send without it is not.
    @Test func observersHearASendThroughQuietlyAsQuiet() throws {
        let owner = Owner(name: "Player")
        owner.onDiagnostic = { _ in }
        let records = Records()
        owner.addObserver(records)
        try owner.attach(QualityBadge())

        owner.center.quietly.playerDidFail(reason: "offline")
        owner.center.quietly.send((any PlayerStatusConversation).self) { $0.playerDidFail(reason: "offline") }
        owner.center.playerDidFail(reason: "offline")

        #expect(records.records.map(\.isQuiet) == [true, true, false])
    }

    /// A retained message sent through `quietly` stays quiet when it is replayed to a controller
    /// attached later.
    @Test func aRetainedMessageSentQuietlyIsReplayedQuiet() throws {
        let owner = Owner(name: "Player")
        owner.onDiagnostic = { _ in }
        let records = Records()
        owner.addObserver(records)

        _ = owner.center.quietly.sendRetained((any PlayerStatusConversation).self, message: "quality") {
            $0.playerQualityDidChange("hd")
        }
        try owner.attach(QualityBadge())

        #expect(records.records.map(\.kind) == [.send, .replay])
        #expect(records.records.map(\.isQuiet) == [true, true])
    }

    @Test func aSendThroughQuietlyStillReachesTheControllersThatHandleIt() throws {
        let owner = Owner(name: "App")
        let screen = Owner(name: "Player")
        let badge = QualityBadge()
        try screen.attach(badge)
        try owner.attach(screen)

        owner.center.down.quietly.playerQualityDidChange("auto")

        #expect(badge.quality == "auto")
    }
}
