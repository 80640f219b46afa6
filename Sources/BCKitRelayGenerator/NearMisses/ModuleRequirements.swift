/// The requirements of BCKitModules' `Module`, written here as data for the reason
/// ``LifecycleCallbacks`` is: the generator does not always read the kit's sources. Each has an
/// empty default, so a module's `start` written with other labels compiles and never runs. A test
/// reads the kit's declaration and fails when the two part ways.
enum ModuleRequirements {
    /// The name of the protocol every module conforms to.
    static let protocolName = "Module"

    /// The module that declares it, which qualifies its name.
    static let moduleName = "BCKitModules"

    /// The protocol's requirements: each full name, as `#function` gives it, with the declaration
    /// a module writes to implement it.
    static let requirements: [(name: String, declaration: String)] = [
        (
            "registerServices(into:)",
            "func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError)"
        ),
        ("start(in:)", "func start(in context: ModuleContext) async throws"),
        ("handler(for:)", "func handler(for route: ModuleRoute) -> ModuleRouteHandler?"),
        ("handle(_:)", "func handle(_ request: RouteRequest)"),
    ]

    /// The kit's types the declarations name, all structs, which the generator knows without
    /// reading the kit.
    static let kitTypes = [
        "ModuleContext", "ModuleRoute", "ModuleRouteHandler", "RouteRequest", "ServiceError", "ServiceRegistryBuilder",
    ]

    /// The requirements, for the near-miss checks.
    static let kitProtocol = KitProtocol(
        name: protocolName, noun: "requirement", declarations: requirements, kitTypes: kitTypes, shortNameLength: 8)

    /// The declaration of the requirement with this full name.
    static func declaration(of name: String) -> String {
        kitProtocol.declaration(of: name)
    }

    /// Whether a reference names the protocol: `Module` or `BCKitModules.Module`.
    static func isProtocol(_ reference: String) -> Bool {
        reference == protocolName || reference == "\(moduleName).\(protocolName)"
    }
}
