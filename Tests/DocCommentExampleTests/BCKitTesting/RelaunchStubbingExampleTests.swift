import BCKit
import BCKitTesting
import Testing

// The block of TestOwner's relaunch(stubbing:sourceLocation:_:), verbatim.

@MainActor
private protocol PlayerConversation: AnyObject {
    func seek(to seconds: Int)
}

extension PlayerConversation {
    func seek(to seconds: Int) {}
}

/// Saves the caption language and, on restore, asks the player to seek where the captions were.
private final class CaptionsController: RestorableController {
    weak var owner: Owner?
    var position = 0

    func saveState() -> Int? { position }

    func restoreState(_ state: Int) {
        position = state
        center.send((any PlayerConversation).self) { $0.seek(to: state) }
    }
}

/// Stands in for the player.
private final class FakePlayer: StubController, PlayerConversation {
    func seek(to seconds: Int) { record(seconds) }
}

@MainActor
@Suite struct RelaunchStubbingExampleTests {
    @Test func aRestoreThatSendsIsHeardByTheStubsGivenToTheRelaunch() {
        let test = TestOwner(testing: CaptionsController())
        test.controller.position = 77

        let player = FakePlayer()
        let relaunched = test.relaunch(stubbing: [player]) { CaptionsController() }

        relaunched.expectSent((any PlayerConversation).self, "seek(to: 77)")
        #expect(player.calls.map(\.description) == ["seek(to: 77)"])
        relaunched.finish()
    }
}
