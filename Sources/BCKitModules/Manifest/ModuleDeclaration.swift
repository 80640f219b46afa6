import Foundation

/// One module as a manifest declares it.
///
/// In `modules.json`:
///
/// ```json
/// {
///   "id": "cart", "name": "Cart", "handler": "CartModule", "priority": 50, "level": 2,
///   "routes": [
///     "shop://cart",
///     { "pattern": "shop://cart/add/:id<Int>", "name": "cart.add", "guards": ["signedIn"] }
///   ]
/// }
/// ```
///
/// `id`, `name`, `handler` (strings), `priority` (an integer in `-32768...32767`) and `level`
/// (an integer) are required.
/// `routes` is optional: each route is a pattern string or an object with `pattern` and
/// optional `name`, `guards` and `external` (a boolean, default `false`: whether links from
/// outside the app may open the route). `async` (a boolean, default `false`) sets
/// ``ModuleInfo/startsConcurrently``. A value of another JSON type, a fraction in `priority` or
/// `level` included, is a ``ManifestError/wrongType(module:field:expected:)`` naming the module
/// and the field. A field not listed here, in a module or in a route object, is
/// ``ManifestError/invalidValue(module:field:reason:)`` naming it: a misspelled `guards` would
/// otherwise leave its route open to everyone.
public struct ModuleDeclaration: Hashable, Sendable, Decodable {
    /// The module's unique id.
    public let id: String

    /// The module's readable name.
    public let name: String

    /// The name the ``ModuleCatalog`` knows the module's type by.
    public let handler: String

    /// Start order, higher first.
    public let priority: Int

    /// The module's level.
    public let level: ModuleLevel

    /// Whether the launch moves on while this module's start is suspended.
    public let startsConcurrently: Bool

    /// The routes the module answers.
    public let routes: [ModuleRoute]

    /// The information the host keeps about the module.
    public var info: ModuleInfo {
        ModuleInfo(id: id, name: name, priority: priority, level: level, startsConcurrently: startsConcurrently)
    }

    private enum Key: String, CodingKey {
        case id, name, handler, priority, level, routes
        case startsConcurrently = "async"
    }

    /// Decodes a module, naming the module and field of any problem.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A ``ManifestError``.
    public init(from decoder: any Decoder) throws {
        let position = decoder.codingPath.last?.intValue.map { "modules[\($0)]" } ?? "module"
        let container: KeyedDecodingContainer<Key>
        do {
            container = try decoder.container(keyedBy: Key.self)
        } catch {
            throw ManifestError.wrongType(module: position, field: "(module)", expected: "object")
        }
        // A module is named by its id, or by its position when the id is absent or empty.
        let module = (try? container.decode(String.self, forKey: .id)).flatMap { $0.isEmpty ? nil : $0 } ?? position
        // First, since a misspelled field is usually also the reason another one is missing.
        if let unknown = try decoder.container(keyedBy: FieldName.self).allKeys.first(where: {
            Key(stringValue: $0.stringValue) == nil
        }) {
            throw ManifestError.invalidValue(
                module: module, field: unknown.shown.stringValue,
                reason: "not a field of a module; the fields are id, name, handler, priority, level, async and routes.")
        }
        do {
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            handler = try container.decode(String.self, forKey: .handler)
            priority = try Self.integer(in: container, forKey: .priority, module: module)
            level = ModuleLevel(try Self.integer(in: container, forKey: .level, module: module))
            startsConcurrently = try container.decodeIfPresent(Bool.self, forKey: .startsConcurrently) ?? false
            routes = try container.decodeIfPresent([RouteEntry].self, forKey: .routes)?.map(\.route) ?? []
        } catch let error as DecodingError {
            throw ManifestError(error, module: module, droppingPrefix: decoder.codingPath.count)
        }
        guard !id.isEmpty else {
            throw ManifestError.invalidValue(module: position, field: "id", reason: "an id must not be empty")
        }
        // The app owner keeps priorities in 16 bits; caught here, the error names the field
        // rather than surfacing from the host's registration as a problem with the handler.
        guard Int16(exactly: priority) != nil else {
            throw ManifestError.invalidValue(
                module: module, field: "priority",
                reason: "a priority is a whole number in \(Int16.min)...\(Int16.max).")
        }
        for (index, route) in routes.enumerated() {
            do {
                _ = try RoutePattern(route.pattern)
            } catch {
                throw ManifestError.invalidRoute(module: module, field: "routes[\(index)].pattern", error)
            }
        }
    }

    /// Decodes a whole number, naming the module and field when the JSON holds a fraction or a
    /// number too large for `Int`.
    ///
    /// `JSONDecoder` reports both as corrupted data (on Linux through an error of its own that
    /// becomes, at the top, corrupted data with no coding path), which would otherwise read as
    /// "not valid JSON" with no module or field.
    private static func integer(
        in container: KeyedDecodingContainer<Key>,
        forKey key: Key,
        module: String
    ) throws -> Int {
        do {
            return try container.decode(Int.self, forKey: key)
        } catch let error as DecodingError {
            guard case .dataCorrupted = error else { throw error }
            throw numberError(in: container, forKey: key, module: module)
        } catch {
            throw numberError(in: container, forKey: key, module: module)
        }
    }

    /// The error for a JSON number that is not an `Int`.
    private static func numberError(
        in container: KeyedDecodingContainer<Key>,
        forKey key: Key,
        module: String
    ) -> ManifestError {
        // Tell a fraction from a whole number too large to fit.
        if let number = try? container.decode(Double.self, forKey: key), number != number.rounded() {
            return .wrongType(module: module, field: key.stringValue, expected: "Int")
        }
        return .invalidValue(
            module: module, field: key.stringValue,
            reason: "the number does not fit in an Int (\(Int.min) ... \(Int.max)).")
    }
}

/// A route in a manifest: a pattern string, or an object with `pattern`, `name`, `guards` and
/// `external`.
private struct RouteEntry: Decodable {
    let route: ModuleRoute

    private enum Key: String, CodingKey {
        case pattern, name, guards, external
    }

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let pattern = try? value.decode(String.self) {
            route = ModuleRoute(pattern)
            return
        }
        if value.decodeNil() {
            throw DecodingError.valueNotFound(
                Self.self, .init(codingPath: decoder.codingPath, debugDescription: "a route is null"))
        }
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            throw DecodingError.typeMismatch(
                Self.self, .init(codingPath: decoder.codingPath, debugDescription: "a route is a string or an object"))
        }
        if let unknown = try decoder.container(keyedBy: FieldName.self).allKeys.first(where: {
            Key(stringValue: $0.stringValue) == nil
        }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [unknown.shown],
                    debugDescription: "not a field of a route; the fields are pattern, name, guards and external."))
        }
        route = ModuleRoute(
            try container.decode(String.self, forKey: .pattern),
            name: try container.decodeIfPresent(String.self, forKey: .name),
            guards: try container.decodeIfPresent([String].self, forKey: .guards) ?? [],
            external: try container.decodeIfPresent(Bool.self, forKey: .external) ?? false
        )
    }
}

/// Any field name of a JSON object, to find the ones a module or a route does not have.
private struct FieldName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }

    /// The name as an error shows it: an empty name as `""`, so the field is never blank
    /// (found by the manifest fuzzer).
    var shown: Self { stringValue.isEmpty ? Self(stringValue: "\"\"") : self }
}

extension ManifestError {
    /// Translates a decoding error into one that names the module and the field, the field
    /// written as a path relative to the module, such as `routes[1].pattern`.
    init(_ error: DecodingError, module: String, droppingPrefix prefix: Int) {
        func field(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path.dropFirst(prefix) {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            guard text.isEmpty else { return text }
            return module == "(manifest)" ? "(root)" : "(module)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .missingField(module: module, field: field(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            self = .missingField(module: module, field: field(context.codingPath))
        case .typeMismatch(let type, let context):
            self = .wrongType(module: module, field: field(context.codingPath), expected: Self.kind(of: type))
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .invalidJSON(context.debugDescription)
        case .dataCorrupted(let context):
            self = .invalidValue(module: module, field: field(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self = .invalidJSON(String(describing: error))
        }
    }

    private static func kind(of type: Any.Type) -> String {
        if type == RouteEntry.self { return "a pattern string or a route object" }
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "array" }
        if name.hasPrefix("Dictionary") { return "object" }
        return name
    }
}
