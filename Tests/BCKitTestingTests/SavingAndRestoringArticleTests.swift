import BCKit
import BCKitTesting
import Foundation
import Testing

// The code blocks of the article "Saving and Restoring a Screen", verbatim, each checked.

@MainActor
private final class QualityController: BusinessController, RestorableController {
    weak var owner: Owner?
    var quality = 720

    func saveState() -> Int? { quality }
    func restoreState(_ state: Int) { quality = state }
}

@MainActor
private final class FieldController: BusinessController, RestorableController {
    weak var owner: Owner?
    let savedStateKey: String
    var text = ""

    init(field: String) { savedStateKey = "field.\(field)" }

    func saveState() -> String? { text }
    func restoreState(_ state: String) { text = state }
}

private struct Draft: Codable {
    static let version = 2
    var text: String
    var mentions: [String]  // new in version 2

    private enum CodingKeys: String, CodingKey { case version, text, mentions }

    init(text: String, mentions: [String]) {
        self.text = text
        self.mentions = mentions
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        text = try container.decode(String.self, forKey: .text)
        mentions = version >= 2 ? try container.decode([String].self, forKey: .mentions) : []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.version, forKey: .version)
        try container.encode(text, forKey: .text)
        try container.encode(mentions, forKey: .mentions)
    }
}

@MainActor
@Suite struct SavingAndRestoringArticleTests {
    @Test func theScreenSavedAsBytesComesBackBeforeDidAttach() throws {
        let screen = Owner(name: "Player")
        let playing = QualityController()
        playing.quality = 1080
        try screen.attach([playing, FieldController(field: "email")])

        let archive = screen.saveState()
        let bytes = archive.bytes  // what the platform keeps

        let restored = Owner(name: "Player", restoring: try SavedStateArchive(bytes: bytes))
        let quality = QualityController()
        try restored.attach(quality)  // quality.quality is the saved one before didAttach(to:)

        #expect(quality.quality == 1080)
    }

    @Test func twoFieldsOfOneTypeKeepTheirOwnPieces() throws {
        let screen = Owner(name: "SignUp")
        let email = FieldController(field: "email")
        let name = FieldController(field: "name")
        email.text = "ann@example.com"
        name.text = "Ann"
        try screen.attach([email, name])
        let restored = Owner(name: "SignUp", restoring: screen.saveState())
        let (newEmail, newName) = (FieldController(field: "email"), FieldController(field: "name"))
        try restored.attach([newName, newEmail])
        #expect(newEmail.text == "ann@example.com")
        #expect(newName.text == "Ann")
    }

    @Test func aVersionOneDraftMigrates() throws {
        struct VersionOne: Encodable { var text: String }
        var archive = SavedStateArchive()
        try archive.setPiece(VersionOne(text: "Hi"), forKey: "draft")
        let migrated = try #require(try archive.piece(Draft.self, forKey: "draft"))
        #expect(migrated.text == "Hi")
        #expect(migrated.mentions == [])
        try archive.setPiece(Draft(text: "Hi @ann", mentions: ["ann"]), forKey: "draft")
        #expect(try archive.piece(Draft.self, forKey: "draft")?.mentions == ["ann"])
    }

    @Test func relaunchIsOneLine() {
        let test = TestOwner(testing: QualityController())
        test.controller.quality = 1080

        let relaunched = test.relaunch { QualityController() }

        #expect(relaunched.controller.quality == 1080)
        #expect(relaunched.restoredControllers == ["QualityController"])
        relaunched.finish()
    }
}
