import BCKit
import BCKitModules
import Testing

@MainActor
@Suite struct ModuleManifestTests {
    let recorder = Recorder()

    static let valid = """
        {
          "modules": [
            { "id": "goods", "name": "Goods", "handler": "Recording", "priority": 10, "level": 2,
              "routes": ["shop://goods/detail/:id<Int>"] },
            { "id": "account", "name": "Account", "handler": "Recording", "priority": 90, "level": 0, "async": true,
              "routes": [
                { "pattern": "shop://login", "name": "login" },
                { "pattern": "shop://account", "name": "account", "guards": ["signedIn"] }
              ] }
          ]
        }
        """

    func catalog() -> ModuleCatalog {
        var catalog = ModuleCatalog()
        var count = 0
        let recorder = recorder
        catalog.register("Recording") {
            count += 1
            return RecordingModule("m\(count)", recorder: recorder)
        }
        catalog.register("Other") { RecordingModule("other", recorder: recorder) }
        return catalog
    }

    @Test func aValidManifestDeclaresModulesAndRoutes() throws {
        let manifest = try ModuleManifest(json: Self.valid)
        #expect(
            manifest.modules.map(\.info) == [
                ModuleInfo(id: "goods", name: "Goods", priority: 10, level: .feature),
                ModuleInfo(id: "account", name: "Account", priority: 90, level: .foundation, startsConcurrently: true),
            ])
        #expect(
            manifest.modules.map(\.routes) == [
                [ModuleRoute("shop://goods/detail/:id<Int>")],
                [
                    ModuleRoute("shop://login", name: "login"),
                    ModuleRoute("shop://account", name: "account", guards: ["signedIn"]),
                ],
            ])
    }

    @Test func aManifestRegistersItsModulesWhoseRoutesOpen() async throws {
        let host = ModuleHost()
        host.guards = [RouteGuard(name: "signedIn", url: "shop://login") { false }]
        try host.register(ModuleManifest(json: Self.valid), catalog: catalog())
        try await host.launch()
        #expect(host.modules.map(\.id) == ["account", "goods"])
        recorder.entries.removeAll()
        #expect(try host.open("shop://goods/detail/5") == .opened("shop://goods/detail/:id<Int>"))
        #expect(recorder.entries.last == "m1 handle shop://goods/detail/:id<Int> [(key: \"id\", value: \"5\")]")
    }

    static func manifest(_ modules: String) -> String { "{ \"modules\": [\(modules)] }" }

    static let good = #"{ "id": "ok", "name": "Ok", "handler": "Recording", "priority": 1, "level": 0 }"#

    @Test(arguments: [
        (#"{ "name": "Cart", "handler": "Recording", "priority": 1, "level": 0 }"#, "modules[1]", "id"),
        (#"{ "id": "cart", "handler": "Recording", "priority": 1, "level": 0 }"#, "cart", "name"),
        (#"{ "id": "cart", "name": "Cart", "priority": 1, "level": 0 }"#, "cart", "handler"),
        (#"{ "id": "cart", "name": "Cart", "handler": "Recording", "level": 0 }"#, "cart", "priority"),
        (#"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": 1 }"#, "cart", "level"),
        (
            #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": null, "level": 0 }"#, "cart",
            "priority"
        ),
        (
            #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": 1, "level": 0, "routes": [{ "name": "x" }] }"#,
            "cart", "routes[0].pattern"
        ),
    ])
    func aMissingFieldNamesTheModuleAndTheField(module: String, name: String, field: String) {
        #expect(throws: ManifestError.missingField(module: name, field: field)) {
            try ModuleManifest(json: Self.manifest(Self.good + ", " + module))
        }
    }

    @Test(arguments: [
        (
            #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": "high", "level": 0 }"#,
            "cart", "priority", "Int"
        ),
        (#"{ "id": "cart", "name": 7, "handler": "Recording", "priority": 1, "level": 0 }"#, "cart", "name", "String"),
        (
            #"{ "id": 7, "name": "Cart", "handler": "Recording", "priority": 1, "level": 0 }"#, "modules[1]", "id",
            "String"
        ),
        (
            #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": 1, "level": 0, "routes": "shop://a" }"#,
            "cart", "routes", "array"
        ),
        (
            #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": 1, "level": 0, "async": "yes" }"#,
            "cart", "async", "Bool"
        ),
        (#""cart""#, "modules[1]", "(module)", "object"),
    ])
    func aFieldOfTheWrongTypeNamesTheModuleAndTheField(module: String, name: String, field: String, expected: String) {
        #expect(throws: ManifestError.wrongType(module: name, field: field, expected: expected)) {
            try ModuleManifest(json: Self.manifest(Self.good + ", " + module))
        }
    }

    @Test(arguments: [
        // The guard written twice: the decoder keeps one, and the route would open to everyone.
        (
            #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": 1, "level": 0, "#
                + #""routes": [{ "pattern": "shop://cart", "guards": [], "guards": ["signedIn"] }] }"#,
            "cart", "routes[0].guards"
        ),
        (
            #"{ "id": "ok", "id": "other", "name": "Ok", "handler": "Recording", "priority": 1, "level": 0 }"#, "ok",
            "id"
        ),
        // One key in two spellings, as JSON reads them.
        (
            #"{ "id": "ok", "name": "Ok", "n\u0061me": "Other", "handler": "Recording", "priority": 1, "level": 0 }"#,
            "ok", "name"
        ),
    ])
    func aFieldWrittenTwiceInOneObjectIsRefused(module json: String, name: String, field: String) {
        #expect(throws: ManifestError.duplicateField(module: name, field: field)) {
            try ModuleManifest(json: Self.manifest(Self.good + ", " + json))
        }
    }

    @Test func aTopLevelFieldWrittenTwiceIsRefused() {
        #expect(throws: ManifestError.duplicateField(module: "(manifest)", field: "modules")) {
            try ModuleManifest(json: #"{ "modules": [], "modules": [\#(Self.good)] }"#)
        }
    }

    @Test func theSameFieldInDifferentObjectsIsNotADuplicate() throws {
        let manifest = try ModuleManifest(json: Self.valid)
        #expect(manifest.modules.count == 2)
    }

    /// A module whose fields are all valid except `field`, which holds `value`.
    static func module(_ field: String, _ value: String, id: String = #""cart""#) -> String {
        var fields: [(String, String)] = [
            ("id", id), ("name", #""Cart""#), ("handler", #""Recording""#), ("priority", "1"), ("level", "0"),
        ]
        if let index = fields.firstIndex(where: { $0.0 == field }) {
            fields[index].1 = value
        } else {
            fields.append((field, value))
        }
        return "{ " + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + " }"
    }

    @Test(arguments: [
        // A fraction where a whole number belongs: once "not valid JSON", with no module or field.
        ("priority", "1.5", "cart", "priority", "Int"),
        ("level", "2.5", "cart", "level", "Int"),
        ("priority", "-0.25", "cart", "priority", "Int"),
        ("priority", "1e-3", "cart", "priority", "Int"),
        ("priority", "true", "cart", "priority", "Int"),
        ("priority", "[1]", "cart", "priority", "Int"),
        ("level", #"{ "rank": 1 }"#, "cart", "level", "Int"),
        ("name", "1.5", "cart", "name", "String"),
        ("handler", "false", "cart", "handler", "String"),
        ("name", #"{ "en": "Cart" }"#, "cart", "name", "String"),
        ("id", "1.5", "modules[1]", "id", "String"),
        ("id", #"["cart"]"#, "modules[1]", "id", "String"),
        ("async", "1", "cart", "async", "Bool"),
        ("async", "0.5", "cart", "async", "Bool"),
        ("routes", "{}", "cart", "routes", "array"),
        ("routes", "3", "cart", "routes", "array"),
        ("routes", "[5]", "cart", "routes[0]", "a pattern string or a route object"),
        ("routes", #"["shop://a", [1]]"#, "cart", "routes[1]", "a pattern string or a route object"),
        ("routes", #"[{ "pattern": 5 }]"#, "cart", "routes[0].pattern", "String"),
        ("routes", #"[{ "pattern": "shop://a", "name": 2.5 }]"#, "cart", "routes[0].name", "String"),
        ("routes", #"[{ "pattern": "shop://a", "guards": "signedIn" }]"#, "cart", "routes[0].guards", "array"),
        ("routes", #"[{ "pattern": "shop://a", "guards": [1.5] }]"#, "cart", "routes[0].guards[0]", "String"),
    ])
    func aValueOfTheWrongTypeNamesTheModuleAndTheField(
        field: String, value: String, name: String, path: String, expected: String
    ) {
        let json = Self.manifest(Self.good + ", " + Self.module(field, value))
        #expect(throws: ManifestError.wrongType(module: name, field: path, expected: expected)) {
            try ModuleManifest(json: json)
        }
        do {
            _ = try ModuleManifest(json: json)
        } catch {
            #expect(error.description.contains("module '\(name)', field '\(path)'"))
            #expect(!error.description.contains("not valid JSON"))
        }
    }

    @Test(arguments: [
        ("priority", "99999999999999999999"), ("level", "-1e30"), ("priority", "1e400"),
    ])
    func aWholeNumberTooLargeForIntNamesTheModuleAndTheField(field: String, value: String) {
        do {
            _ = try ModuleManifest(json: Self.manifest(Self.good + ", " + Self.module(field, value)))
            Issue.record("\(value) was accepted as \(field)")
        } catch {
            #expect(error.module == "cart")
            #expect(error.field == field)
            #expect(error.description.contains("does not fit in an Int"))
        }
    }

    @Test(arguments: [
        ("name", "null", "name"), ("level", "null", "level"), ("id", "null", "id"),
        ("routes", "[null]", "routes[0]"), ("routes", #"[{ "pattern": null }]"#, "routes[0].pattern"),
    ])
    func aNullWhereAValueIsRequiredNamesTheModuleAndTheField(field: String, value: String, path: String) {
        let name = field == "id" ? "modules[1]" : "cart"
        #expect(throws: ManifestError.missingField(module: name, field: path)) {
            try ModuleManifest(json: Self.manifest(Self.good + ", " + Self.module(field, value)))
        }
    }

    @Test func aManifestThatIsNotAnObjectOrHasNoModuleArrayIsNamedAsTheManifest() {
        #expect(throws: ManifestError.wrongType(module: "(manifest)", field: "(root)", expected: "object")) {
            try ModuleManifest(json: "[]")
        }
        #expect(throws: ManifestError.wrongType(module: "(manifest)", field: "modules", expected: "array")) {
            try ModuleManifest(json: #"{ "modules": { "cart": {} } }"#)
        }
    }

    @Test func anEmptyIDIsRefusedAndTheModuleIsNamedByItsPosition() {
        let empty = #"{ "id": "", "name": "Cart", "handler": "Recording", "priority": 1, "level": 0 }"#
        let nameless = #"{ "id": "", "handler": "Recording", "priority": 1, "level": 0 }"#
        #expect(
            throws: ManifestError.invalidValue(module: "modules[1]", field: "id", reason: "an id must not be empty")
        ) {
            try ModuleManifest(json: Self.manifest(Self.good + ", " + empty))
        }
        #expect(throws: ManifestError.missingField(module: "modules[1]", field: "name")) {
            try ModuleManifest(json: Self.manifest(Self.good + ", " + nameless))
        }
    }

    @Test func aDuplicateIDNamesTheSecondModule() {
        #expect(throws: ManifestError.duplicateID(module: "ok")) {
            try ModuleManifest(json: Self.manifest(Self.good + ", " + Self.good))
        }
    }

    @Test func aHandlerRegisteredTwiceInTheCatalogStopsWithADiagnosticNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var catalog = ModuleCatalog()
                catalog.register("CartModule") { CartModule() }
                catalog.register("CartModule") { CartModule() }
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("handler 'CartModule' is registered twice"))
        }
    }

    @Test func aCatalogHandingOutOneInstanceTwiceIsRefusedBeforeAnythingIsRegistered() throws {
        let shared = RecordingModule("shared", recorder: recorder)
        var catalog = ModuleCatalog()
        catalog.register("Shared") { shared }
        let manifest = try ModuleManifest(
            json: Self.manifest(
                #"{ "id": "a", "name": "A", "handler": "Shared", "priority": 2, "level": 0 }, "#
                    + #"{ "id": "b", "name": "B", "handler": "Shared", "priority": 1, "level": 0 }"#))
        let host = ModuleHost()
        #expect(
            throws: ManifestError.invalidValue(
                module: "b", field: "handler",
                reason: "the catalog's 'Shared' made a module that is attached already; make a fresh module each time.")
        ) {
            try host.register(manifest, catalog: catalog)
        }
        #expect(host.modules.isEmpty)
        #expect(host.owner.controllers.isEmpty)
    }

    @Test func anUnknownHandlerIsAnErrorAndRegistersNothing() throws {
        let manifest = try ModuleManifest(
            json: Self.manifest(
                Self.good + ", " + """
                    { "id": "cart", "name": "Cart", "handler": "CartModul", "priority": 1, "level": 0 }
                    """))
        let host = ModuleHost()
        #expect(
            throws: ManifestError.unknownHandler(module: "cart", handler: "CartModul", known: ["Other", "Recording"])
        ) {
            try host.register(manifest, catalog: catalog())
        }
        #expect(host.modules.isEmpty)
    }

    @Test(arguments: [
        ("missing field", #"{ "id": "cart", "handler": "Recording", "priority": 1, "level": 0 }"#, "cart", "name"),
        (
            "wrong type", #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": 1, "level": [] }"#,
            "cart", "level"
        ),
        (
            "unknown handler", #"{ "id": "cart", "name": "Cart", "handler": "Nope", "priority": 1, "level": 0 }"#,
            "cart", "handler"
        ),
        (
            "duplicate id", #"{ "id": "ok", "name": "Again", "handler": "Recording", "priority": 1, "level": 0 }"#,
            "ok", "id"
        ),
        (
            "bad route",
            #"{ "id": "cart", "name": "Cart", "handler": "Recording", "priority": 1, "level": 0, "routes": ["shop://a", "cart/:id"] }"#,
            "cart", "routes[1].pattern"
        ),
    ])
    func everyManifestErrorNamesTheModuleAndTheField(problem: String, module: String, name: String, field: String) {
        let host = ModuleHost()
        do {
            try host.register(ModuleManifest(json: Self.manifest(Self.good + ", " + module)), catalog: catalog())
            Issue.record("\(problem) was accepted")
        } catch {
            #expect(error.module == name)
            #expect(error.field == field)
            #expect(error.description.contains("module '\(name)', field '\(field)'"))
        }
    }

    @Test(arguments: [
        // The misspelling is named, not the field it leaves missing.
        (#""prority": 1, "level": 0"#, "cart", "prority", "module"),
        (#""priority": 1, "level": 0, "": 0"#, "cart", #""""#, "module"),
        (
            #""priority": 1, "level": 0, "routes": [{ "pattern": "shop://a", "": 0 }]"#, "cart", #"routes[0]."""#,
            "route"
        ),
        (#""priority": 1, "level": 0, "route": ["shop://a"]"#, "cart", "route", "module"),
        (
            #""priority": 1, "level": 0, "routes": [{ "pattern": "shop://a", "gaurds": ["signedIn"] }]"#, "cart",
            "routes[0].gaurds", "route"
        ),
        (
            #""priority": 1, "level": 0, "routes": ["shop://b", { "pattern": "shop://a", "External": true }]"#, "cart",
            "routes[1].External", "route"
        ),
    ])
    func anUnknownFieldIsNamedRatherThanSkipped(fields: String, module: String, field: String, kind: String) {
        let json = Self.manifest(#"{ "id": "cart", "name": "Cart", "handler": "Recording", "# + fields + " }")
        do {
            _ = try ModuleManifest(json: json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.module == module)
            #expect(error.field == field)
            #expect(error.description.contains("not a field of a \(kind)"), "\(error)")
        }
    }

    @Test(arguments: ["32768", "-32769", "100000"])
    func aPriorityBeyondTheOwnersRangeNamesThePriorityField(priority: String) {
        #expect(
            throws: ManifestError.invalidValue(
                module: "cart", field: "priority", reason: "a priority is a whole number in -32768...32767.")
        ) {
            try ModuleManifest(json: Self.manifest(Self.module("priority", priority)))
        }
        #expect(throws: Never.self) {
            try ModuleManifest(json: Self.manifest(Self.module("priority", "-32768") + ", " + Self.good))
        }
    }

    @Test func brokenJSONAndAMissingModuleListAreReported() {
        #expect(throws: ManifestError.self) { try ModuleManifest(json: "{ \"modules\": [ ") }
        #expect(throws: ManifestError.missingField(module: "(manifest)", field: "modules")) {
            try ModuleManifest(json: "{ \"mods\": [] }")
        }
    }
}
