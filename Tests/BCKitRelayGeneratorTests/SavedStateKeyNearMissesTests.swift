import Foundation
import Testing

@Suite struct SavedStateKeyNearMissesTests {
    /// The warnings for `members` in the body of `final class C: <conformance>`, on its lines 2 and on.
    private func warnings(members: String, conformance: String = "RestorableController") -> [String] {
        plan(["/s/C.swift": "final class C: \(conformance) {\n\(members)\n}"]).diagnostics.filter {
            $0.severity == .warning
        }.map { "\($0.line): \($0.message)" }
    }

    private let conformance = "`RestorableController`, which `C` conforms to"

    private func warning(line: Int, _ member: String, _ problem: String) -> String {
        "\(line): property `\(member)` \(problem), so its piece is saved under the type's name, `\"C\"`, and "
            + "renaming the type loses it: declare it `var savedStateKey: String`, or mark it `/// - NotAMessage` if "
            + "the likeness is deliberate"
    }

    @Test func theKeyIsTheKitsRestorableControllerRequirement() throws {
        let kit = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../Sources/BCKit/SavedState/RestorableController.swift")
        let summary = DeclarationReader.read(file: kit.path, source: try String(contentsOf: kit, encoding: .utf8))
        let declared = try #require(summary.protocols.first { $0.name == SavedStateKey.protocolName })
        let key = try #require(declared.requirements.first { $0.messageName == SavedStateKey.property })
        #expect("var \(key.name): \(key.type ?? "")" == SavedStateKey.declaration)
    }

    @Test(arguments: [
        "let saveStateKey = \"Old\"", "var savedStatekey: String { \"Old\" }", "var savedstateKey = \"Old\"",
    ])
    func aMisspelledKeyIsAWarningAtItsLine(member: String) throws {
        let name = try #require(member.split(separator: " ").dropFirst().first.map { String($0.prefix { $0 != ":" }) })
        #expect(
            warnings(members: "    weak var owner: Owner?\n    \(member)")
                == [warning(line: 3, name, "nearly matches `savedStateKey` of \(conformance)")])
    }

    @Test(arguments: ["String?", "Substring", "[String]", "(String?)", "Optional<String>", "Swift.Int"])
    func aKeyOfAnotherTypeIsAWarning(type: String) {
        #expect(
            warnings(members: "    weak var owner: Owner?\n    var savedStateKey: \(type) { \"Old\" }")
                == [
                    warning(
                        line: 3, "savedStateKey",
                        "has the name of `savedStateKey` of \(conformance), but the type `\(type)`")
                ])
    }

    @Test(arguments: [
        "var savedStateKey: String { \"Old\" }", "let savedStateKey = \"Old\"",
        "let savedStateKey: Swift.String = \"A\"",
        "var savedStateKey: String { \"Old\" }\n    var saveStateKey: Int { 1 }",
        "/// - NotAMessage\n    let saveStateKey = \"Old\"",
        // A name the generator cannot resolve may be `String`: a typealias, a type in parentheses.
        "let savedStateKey: PieceKey = \"Alias\"", "var savedStateKey: (String) { \"Paren\" }",
    ])
    func aRightKeyAHelperBesideItOrAMarkedLikenessIsNoWarning(members: String) {
        #expect(warnings(members: "    weak var owner: Owner?\n    \(members)").isEmpty)
    }

    @Test func aStaticKeyIsAWarning() {
        #expect(
            warnings(members: "    weak var owner: Owner?\n    static let savedStateKey = \"Static\"") == [
                warning(
                    line: 3, "savedStateKey",
                    "is `static`, where \(conformance), reads an instance property")
            ])
    }

    /// A key that the controller's own protocol gives it, in an extension or as a requirement, is
    /// its key: a helper named like it beside it is no near miss.
    @Test func aKeyFromTheControllersOwnProtocolIsItsKey() {
        let fromExtension = plan([
            "/s/C.swift": """
            protocol ScreenPiece: RestorableController {}
            extension ScreenPiece { var savedStateKey: String { "piece" } }
            final class C: ScreenPiece {
                var savedStateKeys: [String] { [] }
            }
            """
        ])
        #expect(fromExtension.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    @Test func aControllerThatSavesNothingMayHaveAPropertyOfThatName() {
        #expect(
            warnings(
                members: "    weak var owner: Owner?\n    let saveStateKey = \"Old\"", conformance: "BusinessController"
            )
            .isEmpty)
    }

    @Test func aConformanceInAnExtensionOrThroughARefinedProtocolCounts() {
        let viaExtension = plan([
            "/s/C.swift":
                "final class C: BusinessController {\n    weak var owner: Owner?\n    let saveStateKey = \"Old\"\n}",
            "/s/C+State.swift": "extension C: BCKit.RestorableController {}",
        ])
        let viaRole = plan([
            "/s/C.swift":
                "protocol Part: RestorableController {}\nfinal class C: Part {\n    let saveStateKey = \"Old\"\n}"
        ])
        #expect(viaExtension.diagnostics.map(\.line) == [3])
        #expect(viaRole.diagnostics.filter { $0.severity == .warning }.map(\.line) == [3])
    }

    /// A restorable controller is a business controller: its lifecycle callbacks are checked too.
    @Test func aRestorableControllersMisspelledCallbackIsAWarning() {
        #expect(warnings(members: "    weak var owner: Owner?\n    func ownerDidApear() {}").count == 1)
    }
}
