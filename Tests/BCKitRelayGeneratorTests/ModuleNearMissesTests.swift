import Foundation
import Testing

@Suite struct ModuleNearMissesTests {
    private func warnings(_ own: [String: String], dependencies: [String: String] = [:]) -> [String] {
        plan(own, dependencies: dependencies).diagnostics.filter { $0.severity == .warning }.map {
            "\($0.file.split(separator: "/").last ?? ""):\($0.line): \($0.message)"
        }
    }

    /// The warnings for `members` in the body of a module `M`, on its lines 3 and on.
    private func warnings(members: String) -> [String] {
        warnings(["/s/M.swift": "final class M: Module {\n    weak var owner: Owner?\n\(members)\n}"])
    }

    @Test func theRequirementsAreTheKitsModuleRequirements() throws {
        let kit = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../Sources/BCKitModules/Modules/Module.swift")
        let summary = DeclarationReader.read(file: kit.path, source: try String(contentsOf: kit, encoding: .utf8))
        let declared = try #require(summary.protocols.first { $0.name == ModuleRequirements.protocolName })
        #expect(
            declared.requirements.map { "\($0.messageName) = \(SignatureMismatch.declaration(of: $0))" }
                == ModuleRequirements.requirements.map { "\($0.name) = \($0.declaration)" })
        #expect(declared.refined.contains("BusinessController"))
    }

    /// The kit's types the requirements name are nominal types the kit declares, so a parameter
    /// of another type is surely another type.
    @Test func theKitTypesAreDeclaredByTheKit() throws {
        let sources = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources/BCKitModules")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var declared: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let summary = DeclarationReader.read(
                file: file.path, source: try String(contentsOf: file, encoding: .utf8))
            declared.formUnion(summary.types.filter { $0.kind != .extension }.map(\.name))
        }
        #expect(Set(ModuleRequirements.kitTypes).subtracting(declared).isEmpty)
    }

    @Test(arguments: [
        ("func start(context: ModuleContext) async throws {}", "start(context:)", "start(in:)"),
        ("func start() async throws {}", "start()", "start(in:)"),
        ("func handle(request: RouteRequest) {}", "handle(request:)", "handle(_:)"),
        (
            "func registerService(into services: inout ServiceRegistryBuilder) throws(ServiceError) {}",
            "registerService(into:)", "registerServices(into:)"
        ),
        ("func handler(route: ModuleRoute) -> ModuleRouteHandler? { nil }", "handler(route:)", "handler(for:)"),
    ])
    func aMisspelledRequirementIsAWarningAtItsLine(method: String, written: String, requirement: String) {
        #expect(
            warnings(members: "    \(method)") == [
                "M.swift:3: method `\(written)` nearly matches `\(requirement)` of `Module`, which `M` conforms to, "
                    + "so the kit never calls it: declare it `\(ModuleRequirements.declaration(of: requirement))`, "
                    + "or mark it `/// - NotAMessage` if the likeness is deliberate"
            ])
    }

    @Test(arguments: [
        ("func handle(_ request: RouteRequest) async {}", "handle(_:)", "it is `async` where the requirement is not"),
        (
            "func registerServices(into services: inout ServiceRegistryBuilder) throws {}", "registerServices(into:)",
            "it is `throws` where the requirement is `throws(ServiceError)`"
        ),
        (
            "func start(in context: String) async throws {}", "start(in:)",
            "parameter `in` is `String` where the requirement has `ModuleContext`"
        ),
    ])
    func aRequirementsNameWithAnotherSignatureIsAWarning(method: String, name: String, difference: String) {
        #expect(
            warnings(members: "    \(method)") == [
                "M.swift:3: method `\(name)` has the name of `\(name)` of `Module`, which `M` conforms to, but not its "
                    + "signature (\(difference)), so the kit never calls it: declare it "
                    + "`\(ModuleRequirements.declaration(of: name))`, or mark it `/// - NotAMessage` if it is not "
                    + "meant as that requirement"
            ])
    }

    @Test func exactRequirementsShortWordsNearTheNamesAndSilencedMethodsAreNotFlagged() {
        let found = warnings(
            members: """
                    func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError) {}
                    func start(in context: ModuleContext) {}
                    func handler(for route: ModuleRoute) -> ModuleRouteHandler? { nil }
                    func handle(_ request: RouteRequest) {}
                    func restart() {}
                    func stop() {}
                    func startTimer() {}
                    func handleError(_ error: any Error) {}
                    override func handle(request: RouteRequest) {}
                    static func start(context: ModuleContext) {}
                    /// Logs a route; not the requirement.
                    /// - NotAMessage
                    func handle(route: ModuleRoute) {}
                """)
        #expect(found.isEmpty)
    }

    /// Beside the requirement it nearly matches, a method is an overload, not a miss.
    @Test func aMethodBesideTheRequirementItNearlyMatchesIsNotFlagged() {
        let found = warnings(
            members: """
                    func start(in context: ModuleContext) async throws {}
                    func start(context: ModuleContext) {}
                    func handle(_ request: RouteRequest) {}
                    func handle(_ request: RouteRequest, animated: Bool) {}
                """)
        #expect(found.isEmpty)
    }

    @Test func aModuleIsFoundWhereverItsConformanceIsDeclared() {
        let found = warnings(
            [
                "/s/Ext.swift":
                    "final class E {}\nextension E: Module {}\nextension E {\n func start(context: Int) {}\n}",
                "/s/Qualified.swift": "final class Q: BCKitModules.Module {\n func handle(request: Int) {}\n}",
                "/s/Refined.swift": "protocol Feature: Module {}\nfinal class R: Feature { func start() {} }",
                "/s/Sub.swift": "class Base: Module {}\nfinal class Sub: Base {\n func start() {}\n}",
                "/s/Kit.swift": "final class K: Shop {\n func start() {}\n}",
            ],
            dependencies: [
                "/d/Module.swift":
                    "public protocol Module: BusinessController { func start(in context: ModuleContext) }",
                "/d/Shop.swift": "public protocol Shop: Module {}",
            ])
        #expect(
            found.map { $0.prefix { $0 != " " } } == [
                "Ext.swift:4:", "Kit.swift:2:", "Qualified.swift:2:", "Refined.swift:2:", "Sub.swift:3:",
            ])
    }

    /// A module is a business controller even where the kit's sources are not read.
    @Test func aModulesMisspelledLifecycleCallbackIsAWarning() {
        #expect(
            warnings(members: "    func ownerDidLod() {}").first?.contains("nearly matches `ownerDidLoad()`") == true)
    }

    /// A target's own `Module` that is not the kit's: its conformers are not modules.
    @Test func aTypeConformingToAnotherModuleProtocolIsNotFlagged() {
        let found = warnings([
            "/s/Module.swift": "protocol Module { func load() }",
            "/s/A.swift":
                "final class A: Module {\n func load() {}\n func start() {}\n func handle(request: Int) {}\n}",
        ])
        #expect(found.isEmpty)
    }
}
