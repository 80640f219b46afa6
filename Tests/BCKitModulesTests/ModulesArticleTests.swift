import BCKit
import BCKitModules
import Foundation
import Testing

protocol APIClient: Sendable {
    var baseURL: String { get }
}

struct HTTPClient: APIClient {
    let baseURL = "https://api.example.com"
}

protocol CartService: Sendable {
    var api: any APIClient { get }
}

struct CartClient: CartService {
    let api: any APIClient
}

/// The cart of the guard sample: what the guarded route added.
@MainActor
final class Cart {
    private(set) var added: [Int] = []

    func add(_ id: Int?) { added.append(id ?? 0) }
}

/// The module the manifest sample of the article names; it records what it opens.
final class CartModule: Module {
    weak var owner: Owner?
    static let opened = Recorder()

    func handle(_ request: RouteRequest) {
        Self.opened.record("\(request.routeName ?? "-") \(request.url)")
    }
}

/// The samples of the RoutesGuardsServicesAndManifest DocC article, compiled and run
/// (DocumentationCodeBlockTests checks that each block of the article is here).
@MainActor
@Suite(.serialized) struct ModulesArticleTests {
    static let manifestSample = """
        {
          "modules": [
            { "id": "cart", "name": "Cart", "handler": "CartModule", "priority": 30, "level": 1,
              "routes": ["shop://cart",
                         { "pattern": "shop://cart/add/:id<Int>", "name": "cart.add", "guards": ["signedIn"] }] }
          ]
        }
        """

    @Test func theRoutesAndGuardsSamplesOpenTheGoodsScreen() throws {
        let recorder = Recorder()
        let session = Session()
        func showGoods(_ id: Int?) { recorder.record("goods \(id ?? 0)") }

        var routes = RouterBuilder<RouteDestination>()
        try routes.register(
            "shop://goods/detail/:id<Int>", name: "goods.detail",
            to: RouteDestination { request in
                showGoods(request.parameters.value("id", as: Int.self))
            })
        let router = routes.build()

        let navigator = try Navigator(
            router: router,
            guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
        )

        #expect(try navigator.open("shop://goods/detail/42") == .opened("goods.detail"))
        #expect(recorder.entries == ["goods 42"])
        #expect(
            try router.url(named: "goods.detail", parameters: ["id": 42]).absoluteString == "shop://goods/detail/42")
    }

    @Test func aGuardRegisteredInCodeHoldsTheAddUntilTheShopperSignsIn() throws {
        let session = Session()
        let cart = Cart()
        var routes = RouterBuilder<RouteDestination>()
        try routes.register(
            "shop://cart/add/:id<Int>", name: "cart.add",
            to: RouteDestination(guards: ["signedIn"]) { request in
                cart.add(request.parameters.value("id", as: Int.self))
            })
        // The guard's login screen, which the article leaves to the app.
        let login = Recorder()
        try routes.register("shop://login", name: "login", to: RouteDestination { _ in login.record("login") })
        let router = routes.build()
        let navigator = try Navigator(
            router: router,
            guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
        )

        try navigator.open("shop://cart/add/7")  // .held(by: "signedIn"): the login screen opens
        session.isSignedIn = true
        navigator.guardDidSucceed("signedIn")  // the add runs now

        #expect(login.entries == ["login"])
        #expect(cart.added == [7])
        #expect(navigator.waitingNavigations(for: "signedIn").isEmpty)
    }

    /// A navigation arriving while the add waits joins it without a second login screen; the
    /// screen closed unsigned drops both, and the next add opens it again.
    @Test func aLoginScreenClosedEndsItsGuardsRoundSoTheNextAddOpensItAgain() throws {
        let session = Session()
        let cart = Cart()
        var routes = RouterBuilder<RouteDestination>()
        try routes.register(
            "shop://cart/add/:id<Int>", name: "cart.add",
            to: RouteDestination(guards: ["signedIn"]) { request in
                cart.add(request.parameters.value("id", as: Int.self))
            })
        let login = Recorder()
        try routes.register("shop://login", name: "login", to: RouteDestination { _ in login.record("login") })
        let navigator = try Navigator(
            router: routes.build(),
            guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
        )
        func loginScreenDidClose(signedIn: Bool) {
            if signedIn {
                navigator.guardDidSucceed("signedIn")  // the held navigations go on
            } else {
                navigator.guardDidCancel("signedIn")  // they are dropped; the next one opens the login again
            }
        }

        try navigator.open("shop://cart/add/7")
        try navigator.open("shop://cart/add/8")
        #expect(login.entries == ["login"])
        loginScreenDidClose(signedIn: false)
        #expect(navigator.waitingNavigations(for: "signedIn").isEmpty)

        try navigator.open("shop://cart/add/9")
        #expect(login.entries == ["login", "login"])
        session.isSignedIn = true
        loginScreenDidClose(signedIn: true)
        #expect(cart.added == [9])
    }

    @Test func theServicesSampleMakesTheSingletonOnceAndTheCartPerCall() throws {
        var services = ServiceRegistryBuilder()
        try services.register((any APIClient).self) { _ in HTTPClient() }  // lazy singleton
        try services.register((any CartService).self, scope: .perCall) { resolver in
            CartClient(api: try resolver.resolve((any APIClient).self))
        }
        let registry = services.build()
        let cart = try registry.resolve((any CartService).self)

        #expect(cart.api.baseURL == "https://api.example.com")
        #expect(registry.registeredServices == ["APIClient", "CartService"])
        #expect(throws: ServiceError.missing("Greeter", registered: ["APIClient", "CartService"])) {
            try registry.resolve((any Greeter).self)
        }
    }

    @Test func theManifestSampleLaunchesTheCartModuleAndItsGuardHoldsTheAdd() async throws {
        CartModule.opened.entries.removeAll()
        let data = Data(Self.manifestSample.utf8)
        let signedIn = RouteGuard(name: "signedIn", url: "shop://login") { false }

        let kept = DiagnosticsKept()
        var catalog = ModuleCatalog()
        catalog.register("CartModule") { CartModule() }
        let host = ModuleHost()
        host.guards = [signedIn]
        try host.register(ModuleManifest(json: data), catalog: catalog)
        try await host.launch()
        try host.open("shop://cart")
        host.owner.onDiagnostic = { kept.all.append($0) }

        #expect(host.modules == [ModuleInfo(id: "cart", name: "Cart", priority: 30, level: .domain)])
        #expect(try host.open("shop://cart/add/7") == .held(by: "signedIn"))
        #expect(CartModule.opened.entries == ["shop://cart shop://cart"])
        #if DEBUG  // the manifest routes no login screen, so holding the add opened nothing
            #expect(kept.all.map(\.message) == ["shop://login"])
        #endif
    }

    @Test func theExternalRouteObjectOfTheDeepLinksArticleDecodes() throws {
        let route = """
            { "pattern": "shop://goods/detail/:id<Int>", "name": "goods.detail", "external": true }
            """
        let manifest = try ModuleManifest(
            json:
                #"{"modules": [{"id": "goods", "name": "Goods", "handler": "G", "priority": 1, "level": 2, "routes": ["#
                + route + "]}]}")
        #expect(
            manifest.modules[0].routes == [
                ModuleRoute("shop://goods/detail/:id<Int>", name: "goods.detail", external: true)
            ])
    }
}
