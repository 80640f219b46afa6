/// The module types a manifest may name in its `handler` fields, each with a way to make one.
///
/// ```swift
/// var catalog = ModuleCatalog()
/// catalog.register("CartModule") { CartModule() }
/// try host.register(ModuleManifest(json: data), catalog: catalog)
/// ```
@MainActor
public struct ModuleCatalog {
    private var factories: [String: @MainActor () -> any Module] = [:]

    /// Creates an empty catalog.
    public init() {}

    /// The registered handler names, sorted.
    public var handlers: [String] { factories.keys.sorted() }

    /// Registers a module type under a handler name.
    ///
    /// - Parameters:
    ///   - handler: The name manifests use, such as `CartModule`.
    ///   - make: Makes a fresh module.
    /// - Precondition: No module type is registered under `handler` yet. A second registration
    ///   stops the process with a message naming the handler: the catalog is written once, in
    ///   code, and which of two types a manifest meant cannot be guessed.
    public mutating func register(_ handler: String, make: @escaping @MainActor () -> any Module) {
        precondition(factories[handler] == nil, "BCKitModules: handler '\(handler)' is registered twice")
        factories[handler] = make
    }

    /// Makes the module a handler name stands for.
    func make(_ handler: String) -> (any Module)? {
        factories[handler]?()
    }
}
