import BCKit
import BCKitModules
import Foundation
import Testing

// The blocks of BCKitModules' module and manifest doc comments, verbatim: Module,
// AppEventConversation, ModuleRouteHandler, ModuleHost (its launch and directed notifications),
// ModuleInfo, ModuleLevel, ModuleRoute, ModuleNotification, ModuleError, ModuleCatalog,
// ManifestError, ModuleDeclaration and ModuleManifest; and BCKit's CommunicationCenter `quietly`,
// whose sample sends an app event.

private protocol CartService: AnyObject, Sendable {
    var count: Int { get }
}

private final class CartStore: CartService {
    let count = 0
}

/// What the modules of this file did, in order.
@MainActor
private final class Journal {
    var entries: [String] = []
}

/// Whether the user is signed in.
@MainActor
private final class Session {
    var isSignedIn = true
}

// The block's empty bodies hold block comments, as the doc comment shows them.
// swift-format-ignore: NoBlockComments
private final class CartModule: Module, AppEventConversation {
    weak var owner: Owner?

    func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError) {
        try services.register((any CartService).self) { _ in CartStore() }
    }

    func handle(_ request: RouteRequest) { /* show the cart */  }

    func appDidEnterBackground() { /* save the cart */  }
}

/// Adds to the cart through a handler of its own for one route.
private final class CartAddModule: Module {
    weak var owner: Owner?
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func add(_ id: Int?) { journal.entries.append("add \(id ?? 0)") }

    func handler(for route: ModuleRoute) -> ModuleRouteHandler? {
        guard route.name == "cart.add" else { return nil }  // the others go to handle(_:)
        return ModuleRouteHandler { [weak self] request in
            self?.add(request.parameters.value("id", as: Int.self))
        }
    }

    func handle(_ request: RouteRequest) { journal.entries.append("handle \(request.url)") }
}

private final class AnalyticsModule: Module, AppEventConversation {
    weak var owner: Owner?
    func appDidEnterBackground() { flush() }
}

extension AnalyticsModule {
    /// Counts the flushes of the analytics modules while a test runs.
    @MainActor
    final class Flushes: Sendable {
        var count = 0
    }

    @TaskLocal static var flushes: Flushes?

    func flush() { Self.flushes?.count += 1 }
}

/// Hears the notifications meant for its level.
private final class ListeningModule: Module, ModuleNotificationConversation {
    weak var owner: Owner?
    let journal: Journal
    let id: String

    init(_ id: String, journal: Journal) {
        self.id = id
        self.journal = journal
    }

    func moduleDidReceive(_ notification: ModuleNotification, from sender: ModuleInfo) {
        journal.entries.append("\(id) heard \(notification.name) from \(sender.id)")
    }
}

@MainActor
@Suite struct ModuleExampleTests {
    @Test func aLaunchedHostOpensItsModulesRoutes() async throws {
        let session = Session()

        let host = ModuleHost()
        try host.register(
            CartModule(), info: ModuleInfo(id: "cart", priority: 50, level: .feature),
            routes: [ModuleRoute("shop://cart", name: "cart")])
        host.guards = [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
        try await host.launch()
        try host.open("shop://cart")

        #expect(try host.open("shop://cart") == .opened("cart"))
        #expect(host.modules.map(\.id) == ["cart"])
    }

    @Test func anAppEventReachesTheModulesThatSpeakIt() async throws {
        let host = ModuleHost()
        let flushes = AnalyticsModule.Flushes()
        try host.register(AnalyticsModule(), info: ModuleInfo(id: "analytics"))
        try host.register(CartModule(), info: ModuleInfo(id: "cart"))
        try await host.launch()

        AnalyticsModule.$flushes.withValue(flushes) {
            host.enterBackground()
        }

        #expect(flushes.count == 1)
    }

    @Test func anAppEventSentQuietlyToNobodyIsNotReported() {
        let owner = Owner(name: "App")
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }

        owner.center.quietly.send((any AppEventConversation).self) { $0.appDidLaunch() }
        #expect(diagnostics.isEmpty)
        owner.center.send((any AppEventConversation).self) { $0.appDidLaunch() }

        #expect(diagnostics.map(\.cause) == [.unhandledMessage])
    }

    @Test func aModuleBindsAHandlerToOneRouteAndHandlesTheOthers() async throws {
        let journal = Journal()
        let host = ModuleHost()
        try host.register(
            CartAddModule(journal: journal), info: ModuleInfo(id: "cart"),
            routes: [
                ModuleRoute("shop://cart/add/:id<Int>", name: "cart.add"),
                ModuleRoute("shop://cart"),
            ])
        try await host.launch()

        try host.open("shop://cart/add/7")
        try host.open("shop://cart")

        #expect(journal.entries == ["add 7", "handle shop://cart"])
    }

    @Test func aModuleIsDescribedByItsInformationAndRoutes() {
        let cart = ModuleInfo(id: "cart", name: "Cart", priority: 50, level: .feature)
        let info = ModuleInfo(id: "network", name: "Network", level: .foundation)
        let routes: [ModuleRoute] = collect {
            ModuleRoute("shop://cart/add/:id<Int>", name: "cart.add", guards: ["signedIn"])
            ModuleRoute("shop://goods/detail/:id<Int>", name: "goods.detail", external: true)
        }

        #expect(cart.description == "Cart (cart), priority 50, level 2")
        #expect(info.level < cart.level)
        #expect(routes.map(\.guards) == [["signedIn"], []])
        #expect(routes.map(\.isExternal) == [false, true])
    }

    private static func leveledHost(journal: Journal) async throws -> ModuleHost {
        let host = ModuleHost()
        try host.register(ListeningModule("session", journal: journal), info: ModuleInfo(id: "session"))
        try host.register(ListeningModule("storage", journal: journal), info: ModuleInfo(id: "storage"))
        try host.register(
            ListeningModule("cart", journal: journal), info: ModuleInfo(id: "cart", level: .feature))
        try await host.launch()
        return host
    }

    @Test func aBroadcastGoesDownAndAReportGoesUp() async throws {
        let journal = Journal()
        let host = try await Self.leveledHost(journal: journal)

        try host.broadcastDown(ModuleNotification("sessionDidChange"), from: "session")
        try host.broadcastDown(ModuleNotification("sessionDidChange", payload: ["user": "ada"]), from: "session")
        try host.reportUp(ModuleNotification("cartDidCheckOut"), from: "cart", to: .foundation)

        #expect(
            journal.entries == [
                "cart heard sessionDidChange from session",
                "cart heard sessionDidChange from session",
                "session heard cartDidCheckOut from cart",
                "storage heard cartDidCheckOut from cart",
            ])
    }

    @Test func aReportToItsOwnLevelIsRefused() async throws {
        let host = try await Self.leveledHost(journal: Journal())
        let note = ModuleNotification("cartDidCheckOut")

        #expect(throws: ModuleError.wrongDirection(sender: "cart", from: .feature, to: .feature, direction: .reportUp))
        {
            try host.reportUp(note, from: "cart", to: .feature)
        }
    }

    // MARK: - Manifest

    static let moduleDeclaration = """
        {
          "id": "cart", "name": "Cart", "handler": "CartModule", "priority": 50, "level": 2,
          "routes": [
            "shop://cart",
            { "pattern": "shop://cart/add/:id<Int>", "name": "cart.add", "guards": ["signedIn"] }
          ]
        }
        """

    static let manifest = """
        {
          "modules": [
            { "id": "goods", "name": "Goods", "handler": "GoodsModule", "priority": 100, "level": 2,
              "routes": ["shop://goods/detail/:id<Int>"] }
          ]
        }
        """

    @Test func aManifestDeclaresModulesWithTheirRoutes() throws {
        let goods = try ModuleManifest(json: Self.manifest)
        let cart = try ModuleManifest(json: "{ \"modules\": [\(Self.moduleDeclaration)] }")

        #expect(goods.modules.map(\.info) == [ModuleInfo(id: "goods", name: "Goods", priority: 100, level: .feature)])
        #expect(goods.modules.map(\.handler) == ["GoodsModule"])
        #expect(
            cart.modules.first?.routes == [
                ModuleRoute("shop://cart"),
                ModuleRoute("shop://cart/add/:id<Int>", name: "cart.add", guards: ["signedIn"]),
            ])
    }

    @Test func theCatalogMakesTheModulesAManifestNames() async throws {
        let host = ModuleHost()
        let data = Data("{ \"modules\": [\(Self.moduleDeclaration)] }".utf8)
        host.guards = [RouteGuard(name: "signedIn", url: "shop://cart") { true }]

        var catalog = ModuleCatalog()
        catalog.register("CartModule") { CartModule() }
        try host.register(ModuleManifest(json: data), catalog: catalog)
        try await host.launch()

        #expect(host.module(id: "cart") is CartModule)
        #expect(try host.open("shop://cart/add/3") == .opened("cart.add"))
    }

    @Test func aBadManifestNamesTheModuleAndTheField() throws {
        let host = ModuleHost()
        var catalog = ModuleCatalog()
        catalog.register("CartModule") { CartModule() }
        let declaration = Self.moduleDeclaration.replacingOccurrences(of: "50", with: "\"high\"")
        let data = Data("{ \"modules\": [\(declaration)] }".utf8)

        do {
            try host.register(ModuleManifest(json: data), catalog: catalog)
        } catch {
            print(error.module, error.field)  // "cart" "priority"
        }

        let error = try #require(throws: ManifestError.self) {
            try host.register(ModuleManifest(json: data), catalog: catalog)
        }
        #expect(error.module == "cart")
        #expect(error.field == "priority")
    }
}
