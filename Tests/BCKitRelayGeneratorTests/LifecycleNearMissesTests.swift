import Foundation
import Testing

@Suite struct LifecycleNearMissesTests {
    private func warnings(_ own: [String: String], dependencies: [String: String] = [:]) -> [String] {
        plan(own, dependencies: dependencies).diagnostics.filter { $0.severity == .warning }.map {
            "\($0.file.split(separator: "/").last ?? ""):\($0.line): \($0.message)"
        }
    }

    /// The warnings for `members` in the body of a business controller `C`, on its lines 2 and on.
    private func warnings(members: String) -> [String] {
        warnings(["/s/C.swift": "final class C: BusinessController {\n\(members)\n}"])
    }

    @Test func theCallbacksAreTheKitsBusinessControllerRequirements() throws {
        let kit = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../Sources/BCKit/Lifecycle/BusinessController.swift")
        let summary = DeclarationReader.read(file: kit.path, source: try String(contentsOf: kit, encoding: .utf8))
        let declared = try #require(summary.protocols.first { $0.name == "BusinessController" })
        #expect(
            declared.requirements.map { "\($0.messageName) = \(SignatureMismatch.declaration(of: $0))" }
                == LifecycleCallbacks.requirements.map { "\($0.name) = \($0.declaration)" })
    }

    @Test(arguments: [
        ("func ownerDidApear() {}", "ownerDidApear()", "ownerDidAppear()", "func ownerDidAppear()"),
        ("func ownerDidAppear(_ animated: Bool) {}", "ownerDidAppear(_:)", "ownerDidAppear()", "func ownerDidAppear()"),
        ("func ownerDidLod() {}", "ownerDidLod()", "ownerDidLoad()", "func ownerDidLoad()"),
        ("func ownerWilReuse() {}", "ownerWilReuse()", "ownerWillReuse()", "func ownerWillReuse()"),
        ("func ownerWillDissapear() {}", "ownerWillDissapear()", "ownerWillDisappear()", "func ownerWillDisappear()"),
        ("func didAttach(owner: Owner) {}", "didAttach(owner:)", "didAttach(to:)", "func didAttach(to owner: Owner)"),
        (
            "func willDettach(from owner: Owner) {}", "willDettach(from:)", "willDetach(from:)",
            "func willDetach(from owner: Owner)"
        ),
    ])
    func aMisspelledCallbackIsAWarningAtItsLine(method: String, written: String, callback: String, declaration: String)
    {
        #expect(
            warnings(members: "    weak var owner: Owner?\n    \(method)") == [
                "C.swift:3: method `\(written)` nearly matches `\(callback)` of `BusinessController`, which `C` "
                    + "conforms to, so the kit never calls it: declare it `\(declaration)`, or mark it "
                    + "`/// - NotAMessage` if the likeness is deliberate"
            ])
    }

    @Test(arguments: [
        ("func viewDidLoad() {}", "viewDidLoad()", "ownerDidLoad()"),
        ("func viewWillAppear(_ animated: Bool) {}", "viewWillAppear(_:)", "ownerWillAppear()"),
        ("func viewDidAppear(_ animated: Bool) {}", "viewDidAppear(_:)", "ownerDidAppear()"),
        ("func viewWillDisappear() {}", "viewWillDisappear()", "ownerWillDisappear()"),
        ("func viewDidDisappear(_ animated: Bool) {}", "viewDidDisappear(_:)", "ownerDidDisappear()"),
        ("func prepareForReuse() {}", "prepareForReuse()", "ownerWillReuse()"),
    ])
    func aViewControllerCallbackNamesTheKitsOne(method: String, written: String, callback: String) {
        #expect(
            warnings(members: "    weak var owner: Owner?\n    \(method)") == [
                "C.swift:3: method `\(written)` is a view controller's callback, which `BusinessController` names "
                    + "`\(callback)`, so the kit never calls it on `C`: declare it `func \(callback)`, or mark it "
                    + "`/// - NotAMessage` if it is not meant as that callback"
            ])
    }

    @Test func aCallbackNearMissIsFoundWhereverTheConformanceIsDeclared() {
        let found = warnings(
            [
                "/s/Ext.swift":
                    "final class E {}\nextension E: BusinessController {}\nextension E {\n func ownerDidApear() {}\n}",
                "/s/Qualified.swift": "final class Q: BCKit.BusinessController {\n func viewDidLoad() {}\n}",
                "/s/Refined.swift":
                    "protocol Screen: BusinessController {}\nfinal class R: Screen { func ownerDidLod() {} }",
                "/s/SelfBound.swift":
                    "protocol Bound where Self: BusinessController {}\nfinal class B: Bound { func ownerDidLod() {} }",
                "/s/Sub.swift":
                    "class Base: BusinessController {}\nfinal class Sub: Base {\n func prepareForReuse() {}\n}",
                "/s/Restorable.swift": "final class K: RestorableController {\n func ownerWilReuse() {}\n}",
            ],
            dependencies: [
                "/d/BC.swift": "public protocol BusinessController: AnyObject { func ownerDidLoad() }",
                "/d/Restorable.swift": "public protocol RestorableController: BusinessController {}",
            ])
        #expect(
            found.map { $0.prefix { $0 != " " } } == [
                "Ext.swift:4:", "Qualified.swift:2:", "Refined.swift:2:", "Restorable.swift:2:", "SelfBound.swift:2:",
                "Sub.swift:3:",
            ])
    }

    @Test func exactCallbacksFarNamesOverridesStaticsAndSilencedMethodsAreNotFlagged() {
        let found = warnings(
            members: """
                    weak var owner: Owner?
                    func didAttach(to owner: Owner) {}
                    func ownerDidLoad() {}
                    func ownerWillAppear() {}
                    func ownerDidAppear() {}
                    func ownerWillDisappear() {}
                    func ownerDidDisappear() {}
                    func ownerWillReuse() {}
                    func willDetach(from owner: Owner) {}
                    func ownerDidLoadImages() {}
                    func render() {}
                    override func viewDidLoad() {}
                    static func ownerDidApear() {}
                    /// Lays out the badge, which no view controller calls.
                    /// - NotAMessage
                    func viewWillAppear() {}
                """)
        #expect(found.isEmpty)
    }

    @Test(arguments: [
        ("func ownerDidAppear() async {}", "ownerDidAppear()", "it is `async` where the callback is not"),
        ("func ownerDidLoad() throws {}", "ownerDidLoad()", "it is `throws` where the callback does not throw"),
        (
            "func didAttach(to owner: Owner?) {}", "didAttach(to:)",
            "parameter `to` is `Owner?` where the callback has `Owner`"
        ),
        (
            "func willDetach(from owner: AnyObject) {}", "willDetach(from:)",
            "parameter `from` is `AnyObject` where the callback has `Owner`"
        ),
        (
            "func ownerWillReuse() -> Bool { true }", "ownerWillReuse()",
            "it returns `Bool` where the callback returns nothing"
        ),
    ])
    func aCallbackWithItsNameButAnotherSignatureIsAWarningAtItsLine(
        method: String, callback: String, difference: String
    ) {
        #expect(
            warnings(members: "    weak var owner: Owner?\n    \(method)") == [
                "C.swift:3: method `\(callback)` has the name of `\(callback)` of `BusinessController`, which `C` "
                    + "conforms to, but not its signature (\(difference)), so the kit never calls it: declare it "
                    + "`\(LifecycleCallbacks.declaration(of: callback))`, or mark it `/// - NotAMessage` if it is not "
                    + "meant as that callback"
            ])
    }

    @Test func aCallbackWhoseSignatureMayMatchIsNotFlagged() {
        let found = warnings(
            members: """
                    typealias Host = Owner
                    weak var owner: Owner?
                    func didAttach(to owner: BCKit.Owner) {}
                    func willDetach(from owner: Host) {}
                    func ownerDidLoad() {}
                    func ownerDidLoad() async {}
                    override func ownerDidAppear() async {}
                    /// Not the callback: a screen-specific overload.
                    /// - NotAMessage
                    func ownerWillReuse() -> Bool { true }
                """)
        #expect(found.isEmpty)
    }

    /// An overload or a helper beside the callback it nearly matches: declaring it as the callback,
    /// as the warning would advise, would redeclare the callback.
    @Test(arguments: [
        "func ownerDidLoad() {}\n    func ownerDidLoad(animated: Bool) {}",
        "func ownerDidAppear(_ animated: Bool) {}\n    func ownerDidAppear() {}",
        "func ownerDidLoad() {}\n    func viewDidLoad() {}",
        "func ownerWillReuse() {}\n    func ownerWilReuse() {}",
    ])
    func aMethodBesideTheCallbackItNearlyMatchesIsNotFlagged(members: String) {
        #expect(warnings(members: "    weak var owner: Owner?\n    \(members)").isEmpty)
    }

    @Test func aMethodBesideACallbackItsSuperclassImplementsIsNotFlagged() {
        let found = warnings([
            "/s/Base.swift": "class Base: BusinessController {\n weak var owner: Owner?\n func ownerDidLoad() {}\n}",
            "/s/Sub.swift": "final class Sub: Base {\n func ownerDidLoad(animated: Bool) {}\n}",
        ])
        #expect(found.isEmpty)
    }

    /// Beside another callback, a near miss is still one.
    @Test func aNearMissBesideAnotherCallbackIsStillFlagged() {
        let found = warnings(
            members: "    weak var owner: Owner?\n    func ownerDidLoad() {}\n    func ownerDidApear() {}")
        #expect(found.map { $0.prefix { $0 != " " } } == ["C.swift:4:"])
    }

    @Test func aMethodMatchingARequirementOfAnotherProtocolItSpeaksIsNotFlagged() {
        let found = warnings([
            "/s/Legacy.swift":
                "protocol Legacy { func viewDidLoad() }\nprotocol Loads: Conversation { func ownerDidLod() }",
            "/s/C.swift":
                "final class C: BusinessController, Legacy, Loads {\n func viewDidLoad() {}\n func ownerDidLod() {}\n}",
        ])
        #expect(found.isEmpty)
    }

    @Test func aTypeThatIsNotABusinessControllerIsNotFlagged() {
        let found = warnings([
            "/s/V.swift":
                "final class V: Screen {\n var owner: Owner?\n func viewDidLoad() {}\n func ownerDidApear() {}\n}",
            "/s/Screen.swift": "protocol Screen: AnyObject {}",
        ])
        #expect(found.isEmpty)
    }

    @Test func theKitsOwnerIsExempt() {
        let found = warnings([
            "/s/Owner.swift": "final class Owner {\n var owner: Owner?\n func ownerDidApear() {}\n}",
            "/s/Owner+Nesting.swift": "extension Owner: BusinessController {}",
        ])
        #expect(found.isEmpty)
    }

    @Test(arguments: [
        "var owner: Owner?",
        "public var owner: Owner?",
        "var owner: BCKit.Owner? = nil",
        "var owner: Optional<Owner>",
        "var owner: Owner? { didSet { print(owner as Any) } }",
    ])
    func aStrongOwnerIsAWarningAtItsLine(property: String) {
        #expect(
            warnings(members: "    /// The owner.\n    \(property)") == [
                "C.swift:3: property `owner` of `C` is a strong reference, and the owner holds its controllers, so "
                    + "each keeps the other alive: a screen dropped without `tearDown()` is never freed; declare it "
                    + "`weak var owner: Owner?`"
            ])
    }

    /// An `unowned` owner outlives a screen dropped without a tear-down while something holds the
    /// controller, and its next `center` crashes (new-user trial, stop 49: it passed unflagged).
    @Test(arguments: [
        "unowned var owner: Owner?",
        "unowned(unsafe) var owner: Owner?",
        "unowned(safe) var owner: Owner?",
        "private(set) unowned var owner: Owner?",
    ])
    func anUnownedOwnerIsAWarningAtItsLine(property: String) {
        #expect(
            warnings(members: "    /// The owner.\n    \(property)") == [
                "C.swift:3: property `owner` of `C` is `unowned`: a screen dropped without `tearDown()` while "
                    + "something still holds the controller (a closure, a cell) leaves it naming a freed owner, and "
                    + "its next `center` crashes; declare it `weak var owner: Owner?`"
            ])
    }

    @Test(arguments: [
        "weak var owner: Owner?",
        "private(set) weak var owner: Owner?",
        "weak var owner: Owner? { didSet {} }",
        "var owner: Owner? { get { nil } set {} }",
        "var owner: Owner? { box.owner }",
        "static var owner: Owner?",
    ])
    func aWeakOrComputedOwnerIsNotFlagged(property: String) {
        #expect(warnings(members: "    \(property)").isEmpty)
    }

    @Test func aStrongOwnerIsFoundThroughARefinedProtocol() {
        let found = warnings([
            "/s/C.swift": "protocol Screen: BusinessController {}\nfinal class C: Screen {\n var owner: Owner?\n}"
        ])
        #expect(found.map { $0.prefix { $0 != " " } } == ["C.swift:3:"])
    }
}
