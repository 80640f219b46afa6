import BCKit
import Testing

/// One message the test itself sent, through ``TestOwner/center`` or a ``TestOwner`` send method:
/// what the test owner checks it for when it finishes.
///
/// When every controller under test that received the test's message left it to its default, the
/// method is most likely misspelled, so that fails the test, unless the test expects it with
/// ``TestOwner/expectIgnored(_:_:by:sourceLocation:)``; a message nobody speaks is most likely the
/// wrong conversation. One controller under test handling it is enough: on a screen, a command
/// has one controller meant to act on it, and siblings that speak its conversation for others.
struct TestDispatch {
    let conversation: String
    let conversationID: ObjectIdentifier?
    /// Everyone it reached, in order.
    let receivers: [String]
    /// The receivers under test that left it to their default.
    let ignoredUnderTest: [DefaultedDelivery]
    /// Those of ``ignoredUnderTest`` the test has not expected ignored yet.
    var unexpectedIgnored: [DefaultedDelivery]
    /// Whether a receiver under test handled it, which spares the others' defaults a report.
    let isHandledUnderTest: Bool
    /// Which dispatch it was, in the recorder's count.
    let serial: Int
    /// Whether it was retained for controllers attached later.
    var isRetained = false
    /// Where the test sent it, when it went through a test owner method rather than ``TestOwner/center``.
    var sourceLocation: SourceLocation?

    init(
        conversation: String,
        conversationID: ObjectIdentifier?,
        receivers: [String],
        ignoredUnderTest: [DefaultedDelivery],
        isHandledUnderTest: Bool,
        serial: Int
    ) {
        self.conversation = conversation
        self.conversationID = conversationID
        self.receivers = receivers
        self.ignoredUnderTest = ignoredUnderTest
        self.unexpectedIgnored = ignoredUnderTest
        self.isHandledUnderTest = isHandledUnderTest
        self.serial = serial
    }
}
