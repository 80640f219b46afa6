import BCKit
import BCKitTesting
import Testing

// The compiled twins of the code blocks of HowExpectationsPrintArguments.md, and a test of each row
// of its table and of the failure it quotes.

enum VideoQuality: CustomStringConvertible {
    case medium, high

    var description: String { self == .high ? "1080p" : "720p" }
}

enum PlaybackSpeed {
    case normal, double
}

@MainActor
protocol PlayerConversation: AnyObject {
    func titleDidChange(_ title: String)
    func qualityDidChange(to quality: VideoQuality)
    func speedDidChange(_ speed: PlaybackSpeed)
    func subtitlesDidChange(language: String?)
    func preferredQualityDidChange(_ quality: VideoQuality?)
}

final class FakePlayerView: StubController, PlayerConversation {
    func titleDidChange(_ title: String) { record(title) }
    func qualityDidChange(to quality: VideoQuality) { record(quality) }
    func speedDidChange(_ speed: PlaybackSpeed) { record(speed) }
    func subtitlesDidChange(language: String?) { record(language as Any) }
    func preferredQualityDidChange(_ quality: VideoQuality?) { record(quality as Any) }
}

/// What the host tells the player.
@MainActor
protocol PlayerCommands: AnyObject {
    func open(title: String)
    func selectSubtitles(_ language: String?)
}

/// Opens a video and tells the screen everything about it.
final class PlayerController: BusinessController, PlayerCommands {
    weak var owner: Owner?

    func open(title: String) {
        center.send((any PlayerConversation).self) { $0.titleDidChange(title) }
        center.send((any PlayerConversation).self) { $0.qualityDidChange(to: .high) }
        center.send((any PlayerConversation).self) { $0.speedDidChange(.double) }
        center.send((any PlayerConversation).self) { $0.subtitlesDidChange(language: "en") }
        center.send((any PlayerConversation).self) { $0.preferredQualityDidChange(.high) }
    }

    func selectSubtitles(_ language: String?) {
        center.send((any PlayerConversation).self) { $0.subtitlesDidChange(language: language) }
    }
}

// MARK: - The table's values

/// A language with a raw value that is not its name.
enum SubtitleLanguage: String {
    case english = "en"
}

/// A seek or a speed change, with associated values.
enum PlayerAction {
    case seek(to: Int)
    case switched(to: PlaybackSpeed)
}

/// A struct without a description.
struct Goods {
    let id: Int
    let title: String
}

/// A class without a description.
final class Session: Sendable {}

/// A private enum, whose debug form names an unknown context.
private enum HiddenSpeed {
    case double
}

/// Records single values, as a stub's method would.
private final class Probe: StubController {
    func received(_ value: Any) -> String {
        record(value, function: "received(_:)")
        return calls.last?.description ?? ""
    }
}

@MainActor
@Suite struct PrintingArgumentsArticleTests {
    @Test func theExpectationsOfTheArticleMatchWhatTheStubRecorded() {
        let test = TestOwner(testing: PlayerController())
        test.stub(FakePlayerView())
        test.send((any PlayerCommands).self) { $0.open(title: "Big Buck Bunny") }

        test.expectSent((any PlayerConversation).self, #"titleDidChange("Big Buck Bunny")"#)
        test.expectSent((any PlayerConversation).self, "qualityDidChange(to: 1080p)")
        test.expectSent((any PlayerConversation).self, "speedDidChange(double)")
        test.expectSent((any PlayerConversation).self, #"subtitlesDidChange(language: "en")"#)
        test.expectSent((any PlayerConversation).self, "preferredQualityDidChange(Optional(1080p))")
        test.finish()
    }

    @Test func aSummaryIsTheConversationFollowedByTheCall() {
        let test = TestOwner(testing: PlayerController())
        test.stub(FakePlayerView())
        test.send((any PlayerCommands).self) { $0.selectSubtitles("en") }
        test.send((any PlayerCommands).self) { $0.selectSubtitles(nil) }

        test.expectSent([
            #"PlayerConversation.subtitlesDidChange(language: "en")"#,
            "PlayerConversation.subtitlesDidChange(language: nil)",
        ])
        test.finish()
    }

    /// The module of this file's types, as Swift prints it in their debug form.
    nonisolated static let module = String(reflecting: PlaybackSpeed.self).prefix { $0 != "." }

    /// Each row of the article's table: a value, and the text the article says it prints.
    nonisolated static let table: [(value: any Sendable, printed: String)] = [
        ("bob", #""bob""#),
        (#"a "quoted" word"#, #""a \"quoted\" word""#),
        ("line\n", #""line\n""#),
        (Optional("en") as any Sendable, #""en""#),
        (String?.none as any Sendable, "nil"),
        (PlaybackSpeed?.none as any Sendable, "nil"),
        ("en"[...], "en"),
        (Character("x"), "x"),
        (7, "7"),
        (2.5, "2.5"),
        (2.0, "2.0"),
        (true, "true"),
        (PlaybackSpeed.double, "double"),
        (SubtitleLanguage.english, "english"),
        (VideoQuality.high, "1080p"),
        (Goods(id: 7, title: "Console"), #"Goods(id: 7, title: "Console")"#),
        (Session(), "\(module).Session"),
        (Optional(VideoQuality.high) as any Sendable, "Optional(1080p)"),
        (Optional(PlaybackSpeed.double) as any Sendable, "Optional(\(module).PlaybackSpeed.double)"),
        ([1, 2], "[1, 2]"),
        (["a", "b"], #"["a", "b"]"#),
        ([PlaybackSpeed.double], "[\(module).PlaybackSpeed.double]"),
        ([VideoQuality.high], "[1080p]"),
        (PlayerAction.seek(to: 90), "seek(to: 90)"),
        (PlayerAction.switched(to: .double), "switched(to: \(module).PlaybackSpeed.double)"),
    ]

    @Test(arguments: table)
    func aRecordedValuePrintsAsTheTableSays(value: any Sendable, printed: String) {
        #expect(Probe().received(value) == "received(\(printed))")
    }

    @Test func aPrivateTypesDebugFormCarriesAnUnknownContext() {
        let printed = Probe().received(Optional(HiddenSpeed.double) as Any)

        #expect(printed.hasPrefix("received(Optional(\(Self.module).(unknown context at $"))
        #expect(printed.hasSuffix(").HiddenSpeed.double))"))
    }

    @Test func anOptionalRecordedAsTextPrintsQuotedAroundItsOwnText() {
        let language: String? = "en"

        #expect(Probe().received("\(String(describing: language))") == #"received("Optional(\"en\")")"#)
    }

    @Test func theLabelsComeFromTheFunctionAndTrailingArgumentsMayBeLeftOut() {
        let stock = StubCall(function: "fetchStock(of:reply:)", arguments: ["7"])
        let clear = StubCall(function: "clear()", arguments: [])
        let title = StubCall(function: "title", arguments: [])

        #expect(stock.description == "fetchStock(of: 7)")
        #expect(clear.description == "clear()")
        #expect(title.description == "title")
    }

    @Test func aStringWrittenWithoutItsQuotesFailsNamingTheQuotes() {
        let test = TestOwner(testing: PlayerController())
        test.stub(FakePlayerView())
        test.send((any PlayerCommands).self) { $0.selectSubtitles("en") }

        withKnownIssue {
            test.expectSent((any PlayerConversation).self, "subtitlesDidChange(language: en)")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                PlayerConversation was sent, but the stubs recorded `subtitlesDidChange(language: "en")` \
                instead of `subtitlesDidChange(language: en)`.
                Closest recorded: PlayerConversation.subtitlesDidChange(language: "en"): argument 1 is `"en"`, \
                not `en` (strings are written quoted, as `String(reflecting:)` does).
                """
            ]
        }
        test.finish()
    }
}
