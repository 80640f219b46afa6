import BCKitModules
import Testing

// The blocks of BCKitModules' service doc comments, verbatim: ServiceRegistryBuilder,
// ServiceRegistry, ServiceResolver, ServiceScope and ServiceError.

private protocol APIClient: Sendable {
    var baseURL: String { get }
}

private protocol AccountService: Sendable {}

private protocol CartService: AnyObject, Sendable {
    var api: (any APIClient)? { get }
    func add(goodsID: Int)
}

private struct HTTPClient: APIClient {
    let baseURL = "https://shop.example"
}

private struct AccountStore: AccountService {}

private final class CartClient: CartService {
    let api: (any APIClient)?

    init(api: (any APIClient)? = nil) {
        self.api = api
    }

    func add(goodsID: Int) {}
}

/// A product's page model: made per call, it resolves the models of related products later.
private protocol ProductModel: AnyObject, Sendable {
    func related() throws -> any ProductModel
}

private final class ProductViewModel: ProductModel {
    let services: ServiceRegistry

    init(services: ServiceRegistry) {
        self.services = services
    }

    func related() throws -> any ProductModel { try services.resolve((any ProductModel).self) }
}

@Suite struct ServiceExampleTests {
    @Test func anInstanceKeepsTheRegistryToResolveLaterWithoutACycle() throws {
        var services = ServiceRegistryBuilder()
        try services.register((any ProductModel).self, scope: .perCall) { resolver in
            ProductViewModel(services: resolver.registry)  // resolves related products later
        }
        let registry = services.build()

        let product = try registry.resolve((any ProductModel).self)
        let related = try product.related()

        #expect(related !== product)
        #expect(try related.related() !== related)
    }

    private static func registry() throws -> ServiceRegistry {
        var services = ServiceRegistryBuilder()
        try services.register((any APIClient).self) { _ in HTTPClient() }
        try services.register((any CartService).self, scope: .perCall) { resolver in
            CartClient(api: try resolver.resolve((any APIClient).self))
        }
        let registry = services.build()
        return registry
    }

    @Test func aPerCallServiceIsMadeOnEveryResolutionWithItsDependencies() throws {
        let registry = try Self.registry()

        let cart = try registry.resolve((any CartService).self)
        let again = try registry.resolve((any CartService).self)

        #expect(cart !== again)
        #expect(cart.api?.baseURL == "https://shop.example")
    }

    @Test func aSingletonIsMadeOnceAndResolvesItsDependencies() throws {
        var services = ServiceRegistryBuilder()
        try services.register((any APIClient).self) { _ in HTTPClient() }
        try services.register((any CartService).self) { resolver in
            CartClient(api: try resolver.resolve((any APIClient).self))
        }
        let registry = services.build()

        #expect(try registry.resolve((any CartService).self) === registry.resolve((any CartService).self))
        #expect(try registry.resolve((any CartService).self).api?.baseURL == "https://shop.example")
    }

    @Test func aPerCallScopeIsChosenAtRegistration() throws {
        var services = ServiceRegistryBuilder()
        try services.register((any CartService).self, scope: .perCall) { _ in CartClient() }
        let registry = services.build()

        #expect(try registry.resolve((any CartService).self) !== registry.resolve((any CartService).self))
    }

    @Test func aMissingServiceIsNamedWithWhatIsRegistered() throws {
        var services = ServiceRegistryBuilder()
        try services.register((any AccountService).self) { _ in AccountStore() }
        let registry = services.build()

        do {
            let cart = try registry.resolve((any CartService).self)
            cart.add(goodsID: 7)
        } catch {
            print(error)  // no service CartService is registered (registered: AccountService); register it with …
        }

        let error = try #require(throws: ServiceError.self) { try registry.resolve((any CartService).self) }
        #expect(
            "\(error)".hasPrefix("no service CartService is registered (registered: AccountService); register it with ")
        )
    }
}
