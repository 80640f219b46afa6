import BCKit
import Testing

// The blocks of RestorableController, SavedStateArchive, SavedStateError and Owner's saved-state
// API, verbatim.

@MainActor
@Suite struct SavedStateExampleTests {
    final class ComposerController: BusinessController, RestorableController {
        weak var owner: Owner?
        var draft = ""

        func saveState() -> String? { draft.isEmpty ? nil : draft }
        func restoreState(_ state: String) { draft = state }
    }

    final class QualityController: BusinessController, RestorableController {
        weak var owner: Owner?
        var quality = 720
        func saveState() -> Int? { quality }
        func restoreState(_ state: Int) { quality = state }
    }

    struct DraftV1: Codable { var text: String }

    /// A composer screen saved with a draft typed.
    func savedComposer() throws -> SavedStateArchive {
        let owner = Owner(name: "Composer")
        let composer = ComposerController()
        composer.draft = "Hi"
        try owner.attach(composer)
        return owner.saveState()
    }

    @Test func theArchiveTravelsAsBytes() throws {
        let owner = Owner(name: "Composer")
        let typing = ComposerController()
        typing.draft = "Hi"
        try owner.attach(typing)

        let bytes = owner.saveState().bytes
        // … the next launch, with the bytes the platform kept:
        let screen = Owner(name: "Composer", restoring: try SavedStateArchive(bytes: bytes))

        let composer = ComposerController()
        try screen.attach(composer)
        #expect(composer.draft == "Hi")
    }

    @Test func anOwnerMadeWithAnArchiveRestoresEachControllerAsItIsAttached() throws {
        let archive = try savedComposer()

        let owner = Owner(name: "Composer", restoring: archive)
        try owner.attach([ComposerController(), QualityController()])  // each restored first

        #expect((owner.controllers.first as? ComposerController)?.draft == "Hi")
    }

    @Test func unreadableBytesStartFresh() throws {
        let owner = Owner(name: "Composer")
        let bytes: [UInt8] = [0x42]
        var printed = false
        func print(_ text: String) { printed = text.hasPrefix("starting fresh") }

        do {
            let archive = try SavedStateArchive(bytes: bytes)
            try owner.restoreState(from: archive)
        } catch {
            print("starting fresh: \(error)")
        }

        #expect(printed)
    }

    @Test func aHandBuiltArchiveHoldsWhatVersionOneWrote() throws {
        var archive = SavedStateArchive()
        try archive.setPiece(DraftV1(text: "Hi"), forKey: "composer")  // what version 1 wrote

        #expect(try archive.piece(DraftV1.self, forKey: "composer")?.text == "Hi")
    }
}
