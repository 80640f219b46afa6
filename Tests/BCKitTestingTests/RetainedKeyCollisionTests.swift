import BCKit
import BCKitTesting
import Testing

@MainActor
private protocol CollidingDraftConversation: AnyObject {
    func draftDidChange(_ text: String)
}

extension CollidingDraftConversation {
    func draftDidChange(_ text: String) { notHandled() }
}

/// Retains one draft message from two places: restoring and typing.
private final class CollidingDraftSaver: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() {
        center.sendRetained((any CollidingDraftConversation).self, message: "draftDidChange(_:)") {
            $0.draftDidChange("saved")
        }
    }

    func type(_ text: String) {
        center.sendRetained((any CollidingDraftConversation).self, message: "draftDidChange(_:)") {
            $0.draftDidChange(text)
        }
    }
}

private final class CollidingDraftField: BusinessController, CollidingDraftConversation {
    weak var owner: Owner?
    private(set) var text = ""

    func draftDidChange(_ text: String) { self.text = text }
}

@MainActor
@Suite struct RetainedKeyCollisionTests {
    /// A collision is never silent in a test: the harness, which hears the owner's diagnostics,
    /// fails the test with it, naming both places.
    @Test func aKeyRetainedFromTwoPlacesFailsTheTest() {
        withKnownIssue {
            let test = TestOwner(testing: CollidingDraftSaver(), exhaustivity: .off)
            test.drive(to: .loaded)
            test.controller.type("typed")
            test.finish()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("BCKit diagnostic: retained key collision")
                    && $0.rawValue.contains("CollidingDraftConversation.draftDidChange(_:)")
                    && $0.rawValue.contains("BCKitTestingTests/RetainedKeyCollisionTests.swift:19")
                    && $0.rawValue.contains("BCKitTestingTests/RetainedKeyCollisionTests.swift:25")
            }
        }
    }

    /// One place, retained again with a newer value, is no collision, and the newcomer gets the
    /// latest value once.
    @Test func oneKeyRetainedAgainFromOnePlacePassesAndReachesALateJoiner() {
        let test = TestOwner(testing: CollidingDraftSaver(), exhaustivity: .off)
        test.controller.type("a")
        test.controller.type("b")
        let field = test.stub(CollidingDraftField())
        #expect(field.text == "b")
        test.finish()
    }
}
