import BCKit
import BCKitTesting
import Testing

@MainActor
protocol QualityConversation: AnyObject {
    func qualityDidChange(to quality: Int)
}

extension QualityConversation {
    func qualityDidChange(to quality: Int) {}
}

/// Picks a video quality, saves it, and can announce the restored one.
@MainActor
final class QualityPicker: RestorableController {
    weak var owner: Owner?
    var quality = 720
    var announcesRestore = false

    func saveState() -> Int? { quality }

    func restoreState(_ state: Int) {
        quality = state
        if announcesRestore { center.send((any QualityConversation).self) { $0.qualityDidChange(to: state) } }
    }
}

/// Keeps a scroll offset, under a key of its own.
@MainActor
final class ScrollKeeper: RestorableController {
    weak var owner: Owner?
    var offset = 0.0
    var savedStateKey: String { "comments.scroll" }

    func saveState() -> Double? { offset }
    func restoreState(_ state: Double) { offset = state }
}

/// Listens to the quality.
@MainActor
final class QualityListener: BusinessController, QualityConversation {
    weak var owner: Owner?
    var heard: [Int] = []
    func qualityDidChange(to quality: Int) { heard.append(quality) }
}

/// A form whose piece gained a field in version 2 and migrates what version 1 saved.
@MainActor
final class SignUpForm: RestorableController {
    /// Version 1 saved `{"email": …}`; version 2 adds the name and a version number.
    struct Fields: Codable, Equatable {
        static let version = 2
        var email: String
        var name: String

        private enum CodingKeys: String, CodingKey { case version, email, name }

        init(email: String, name: String) {
            self.email = email
            self.name = name
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
            email = try container.decode(String.self, forKey: .email)
            name = version >= 2 ? try container.decode(String.self, forKey: .name) : ""
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Self.version, forKey: .version)
            try container.encode(email, forKey: .email)
            try container.encode(name, forKey: .name)
        }
    }

    weak var owner: Owner?
    var fields = Fields(email: "", name: "")

    func saveState() -> Fields? { fields }
    func restoreState(_ state: Fields) { fields = state }
}

/// Where a careless composer keeps its draft: not in its saved piece, but written on its way out.
@MainActor
final class Disk {
    var draft: String?
}

/// Writes its draft to a disk when it disappears or leaves, and reads it back when attached.
@MainActor
final class DiskComposer: BusinessController {
    weak var owner: Owner?
    let disk: Disk
    var draft = ""

    init(disk: Disk) {
        self.disk = disk
    }

    func didAttach(to owner: Owner) { draft = disk.draft ?? "" }
    func ownerDidDisappear() { disk.draft = draft }
    func willDetach(from owner: Owner) { disk.draft = draft }
}

/// Whether a wait started, and whether it was cancelled: kept apart from the controller, whose
/// task loses its way back to the controller once cancelled.
@MainActor
final class CancellationNote {
    private(set) var hasStarted = false
    private(set) var wasCancelled = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func noteStart() {
        hasStarted = true
        resumeWaiters()
    }

    func noteCancellation() {
        wasCancelled = true
        resumeWaiters()
    }

    /// Returns once `condition` holds, with no deadline of its own: how soon the task gets to run
    /// depends on how busy the main actor is (the sanitizers' runs of every suite at once on a
    /// busy machine outran a 10-second poll), not on the kit. The test's time limit bounds it.
    func wait(until condition: (CancellationNote) -> Bool) async {
        while !condition(self) {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    private func resumeWaiters() {
        let resumed = waiters
        waiters = []
        for waiter in resumed { waiter.resume() }
    }
}

/// Waits in a task started when its owner loads, and notes when the wait is cancelled.
@MainActor
final class PatientLoader: BusinessController {
    weak var owner: Owner?
    let note = CancellationNote()

    func ownerDidLoad() {
        task { [note] _ in
            note.noteStart()
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                note.noteCancellation()
            }
        }
    }
}

@MainActor
@Suite struct RelaunchTests {

    /// A killed process runs no callback: state written on the way out is lost at the relaunch,
    /// as on a device, and the dying controller hears nothing.
    @Test func aRelaunchRunsNoCallbackOfTheDyingControllers() {
        let disk = Disk()
        let test = TestOwner(testing: DiskComposer(disk: disk))
        test.drive(to: .appeared)
        test.controller.draft = "Hello"

        let relaunched = test.relaunch { DiskComposer(disk: disk) }

        #expect(disk.draft == nil)
        #expect(relaunched.controller.draft == "")
        relaunched.finish()
    }

    /// The process dies with the owners nested in the screen: their controllers' tasks are
    /// cancelled too.
    @Test(.timeLimit(.minutes(1)))
    func aRelaunchCancelsTheTasksOfANestedOwnersControllers() async {
        let test = TestOwner(testing: QualityPicker(), exhaustivity: .off)
        let section = test.mount(Owner(name: "Section"))
        let loader = PatientLoader()
        try? section.attach(loader)
        test.drive(to: .loaded)
        // Until the task runs: cancelled before it starts, it would never wait at all. Waited for
        // by what it notes, not by a count of yields, which a busy machine (the sanitizers beside
        // other builds) outran.
        await loader.note.wait { $0.hasStarted }

        let relaunched = test.relaunch { QualityPicker() }

        #expect(section.state == .tornDown)
        #expect(loader.owner == nil)
        await loader.note.wait { $0.wasCancelled }
        #expect(loader.note.wasCancelled)
        relaunched.finish()
    }

    @Test func relaunchRestoresTheControllerAndTheRestoreSentNothing() {
        let test = TestOwner(testing: QualityPicker())
        test.drive(to: .appeared)
        test.controller.quality = 1080

        let relaunched = test.relaunch { QualityPicker() }

        #expect(relaunched.controller.quality == 1080)
        #expect(relaunched.restoredControllers == ["QualityPicker"])
        #expect(relaunched.sentMessages.isEmpty)
        #expect(relaunched.owner.state == .initial)
        relaunched.finish()
    }

    @Test func aSiblingMountedAfterTheRelaunchGetsItsOwnPiece() {
        let test = TestOwner(testing: QualityPicker())
        test.mount(ScrollKeeper()).offset = 480
        test.controller.quality = 360

        let relaunched = test.relaunch { QualityPicker() }
        let scroll = relaunched.mount(ScrollKeeper())

        #expect(relaunched.controller.quality == 360)
        #expect(scroll.offset == 480)
        #expect(relaunched.restoredControllers == ["QualityPicker", "ScrollKeeper"])
        relaunched.finish()
    }

    @Test func whatARestoreSendsIsRecordedAndMustBeAsserted() {
        let test = TestOwner(testing: QualityPicker())
        test.controller.quality = 240
        let relaunched = test.relaunch {
            let picker = QualityPicker()
            picker.announcesRestore = true
            return picker
        }
        let listener = relaunched.stub(QualityListener())
        #expect(listener.heard.isEmpty)
        // The restore ran before the stub was attached, so the message reached nobody: the
        // harness records it like any other message, and a message nobody handled fails.
        #expect(
            relaunched.sentMessages.map(\.description) == ["QualityPicker -> QualityConversation -> nobody (unhandled)"]
        )
        relaunched.expectSent((any QualityConversation).self)
        withKnownIssue {
            relaunched.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("reached nobody") }
        }
    }

    /// Stubs handed to the relaunch are attached before the controller under test, so they hear
    /// what its restore sends, and the test passes once it asserts that.
    @Test func stubsHandedToTheRelaunchHearWhatTheRestoreSends() {
        let test = TestOwner(testing: QualityPicker())
        test.controller.quality = 240
        let listener = QualityListener()
        let relaunched = test.relaunch(stubbing: [listener]) {
            let picker = QualityPicker()
            picker.announcesRestore = true
            return picker
        }

        #expect(listener.heard == [240])
        #expect(relaunched.controller.quality == 240)
        #expect(
            relaunched.sentMessages.map(\.description) == [
                "QualityPicker -> QualityConversation -> QualityListener (stub)"
            ])
        relaunched.expectSent((any QualityConversation).self)
        relaunched.finish()
    }

    @Test func aStubHandedToTheRelaunchTwiceIsAnIssueAndTheRelaunchStillRuns() {
        let test = TestOwner(testing: QualityPicker())
        let listener = QualityListener()
        withKnownIssue {
            let relaunched = test.relaunch(stubbing: [listener, listener]) { QualityPicker() }
            #expect(relaunched.restoredControllers == ["QualityPicker"])
            relaunched.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Cannot attach stub QualityListener") }
        }
    }

    @Test func aVersionOnePieceMigratesToVersionTwo() throws {
        struct VersionOne: Encodable { var email: String }
        var archive = SavedStateArchive()
        try archive.setPiece(VersionOne(email: "ann@example.com"), forKey: "SignUpForm")

        let test = TestOwner(testing: SignUpForm(), restoring: archive)

        #expect(test.controller.fields == SignUpForm.Fields(email: "ann@example.com", name: ""))
        test.controller.fields.name = "Ann"
        let relaunched = test.relaunch { SignUpForm() }
        #expect(relaunched.controller.fields == SignUpForm.Fields(email: "ann@example.com", name: "Ann"))
        relaunched.finish()
    }

    @Test func aPieceThatNoLongerDecodesFailsTheTestNamingTheController() throws {
        var archive = SavedStateArchive()
        try archive.setPiece("high", forKey: "QualityPicker")
        withKnownIssue {
            let test = TestOwner(testing: QualityPicker(), restoring: archive)
            #expect(test.controller.quality == 720)
            test.finish()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("saved state not restored: QualityPicker sent by QualityPicker")
            }
        }
    }

    @Test func relaunchingWithTheSameControllerIsAnIssue() {
        let picker = QualityPicker()
        let test = TestOwner(testing: picker)
        withKnownIssue {
            let relaunched = test.relaunch { picker }
            relaunched.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("make a new one") }
        }
    }
}
