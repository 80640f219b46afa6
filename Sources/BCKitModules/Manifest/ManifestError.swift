/// Why a module manifest was refused; it names the module and the field.
///
/// ```swift
/// do {
///     try host.register(ModuleManifest(json: data), catalog: catalog)
/// } catch {
///     print(error.module, error.field)  // "cart" "priority"
/// }
/// ```
///
/// A module whose `id` could not be read is named by its position, such as `modules[2]`; a
/// problem outside any module is named `(manifest)`.
public struct ManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case invalidJSON(String)
        case missingField
        case wrongType(String)
        case invalidValue(String)
        case duplicateID
        case duplicateField
        case unknownHandler(String, [String])
        case invalidRoute(RouteError)
    }

    private let code: Code

    /// The module the problem is in: its id, its position such as `modules[2]`, or `(manifest)`.
    public let module: String

    /// The field, such as `priority` or `routes[1].pattern`; empty when the JSON itself is broken.
    public let field: String

    private init(_ code: Code, module: String, field: String) {
        self.code = code
        self.module = module
        self.field = field
    }

    /// The data is not JSON.
    ///
    /// - Parameter reason: The parser's explanation.
    public static func invalidJSON(_ reason: String) -> Self {
        Self(.invalidJSON(reason), module: "(manifest)", field: "")
    }

    /// A required field is absent or `null`.
    ///
    /// - Parameters:
    ///   - module: The module.
    ///   - field: The field.
    public static func missingField(module: String, field: String) -> Self {
        Self(.missingField, module: module, field: field)
    }

    /// A field holds the wrong kind of JSON value.
    ///
    /// - Parameters:
    ///   - module: The module.
    ///   - field: The field.
    ///   - expected: What it should hold, such as `Int` or `array`.
    public static func wrongType(module: String, field: String, expected: String) -> Self {
        Self(.wrongType(expected), module: module, field: field)
    }

    /// A field's value is of the right kind but unusable.
    ///
    /// - Parameters:
    ///   - module: The module.
    ///   - field: The field.
    ///   - reason: Why.
    public static func invalidValue(module: String, field: String, reason: String) -> Self {
        Self(.invalidValue(reason), module: module, field: field)
    }

    /// A field is written twice in one object. JSON decoders keep one of the two without a word,
    /// so the other (a route's guards, say) would be ignored.
    ///
    /// - Parameters:
    ///   - module: The module, or `(manifest)` for a field outside every module.
    ///   - field: The repeated field, such as `routes[0].guards`.
    public static func duplicateField(module: String, field: String) -> Self {
        Self(.duplicateField, module: module, field: field)
    }

    /// Two modules share an id; the error names the second.
    ///
    /// - Parameter module: The repeated id.
    public static func duplicateID(module: String) -> Self {
        Self(.duplicateID, module: module, field: "id")
    }

    /// The module's `handler` names no registered module type.
    ///
    /// - Parameters:
    ///   - module: The module.
    ///   - handler: The unknown handler name.
    ///   - known: The handler names the catalog knows, sorted.
    public static func unknownHandler(module: String, handler: String, known: [String]) -> Self {
        Self(.unknownHandler(handler, known), module: module, field: "handler")
    }

    /// A route's pattern is malformed.
    ///
    /// - Parameters:
    ///   - module: The module.
    ///   - field: The field, such as `routes[0].pattern`.
    ///   - error: The router's error.
    public static func invalidRoute(module: String, field: String, _ error: RouteError) -> Self {
        Self(.invalidRoute(error), module: module, field: field)
    }

    /// What went wrong, where, and what to do about it.
    public var description: String {
        let place = "modules.json, module '\(module)', field '\(field)'"
        switch code {
        case .invalidJSON(let reason):
            return "modules.json is not valid JSON: \(reason)"
        case .missingField:
            return "\(place): required field missing; add it."
        case .wrongType(let expected):
            return "\(place): expected \(expected)."
        case .invalidValue(let reason):
            return "\(place): \(reason)"
        case .duplicateID:
            return "\(place): another module has this id; ids must be unique."
        case .duplicateField:
            return "\(place): written twice in one object; JSON keeps only one of the two, so the other "
                + "would be ignored: remove one."
        case .unknownHandler(let handler, let known):
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "\(place): no module type is registered as '\(handler)' (known: \(list)); "
                + "register it in the ModuleCatalog or fix the name."
        case .invalidRoute(let error):
            return "\(place): \(error)"
        }
    }
}
