import BCKit
import BCKitTesting
import Testing

// The block of TestOwner's relaunch(sourceLocation:_:), verbatim.

@MainActor
@Suite struct RelaunchExampleTests {
    final class ComposerController: BusinessController, RestorableController {
        weak var owner: Owner?
        private(set) var draft = ""

        func type(_ text: String) { draft += text }
        func saveState() -> String? { draft }
        func restoreState(_ state: String) { draft = state }
    }

    @Test func theDraftSurvivesProcessDeath() {
        let test = TestOwner(testing: ComposerController())
        test.drive(to: .appeared)
        test.controller.type("Hello")

        let relaunched = test.relaunch { ComposerController() }

        #expect(relaunched.controller.draft == "Hello")
        #expect(relaunched.restoredControllers == ["ComposerController"])
        relaunched.finish()
    }
}
