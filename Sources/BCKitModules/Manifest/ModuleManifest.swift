public import Foundation

/// The modules of an app and their routes, as declared in a `modules.json`.
///
/// ```json
/// {
///   "modules": [
///     { "id": "goods", "name": "Goods", "handler": "GoodsModule", "priority": 100, "level": 2,
///       "routes": ["shop://goods/detail/:id<Int>"] }
///   ]
/// }
/// ```
///
/// Decoding goes through Foundation's `JSONDecoder`. Every problem is a ``ManifestError`` that
/// names the module and the field; nothing is skipped, and a field written twice in one object,
/// which JSON would resolve by keeping one, is refused. ``ModuleDeclaration`` lists the fields.
/// Route patterns are checked here; conflicts between routes of different modules are found
/// when the host launches.
public struct ModuleManifest: Hashable, Sendable {
    /// The declared modules, in file order.
    public let modules: [ModuleDeclaration]

    /// Decodes a manifest.
    ///
    /// - Parameter json: The contents of `modules.json`.
    /// - Throws: A ``ManifestError`` naming the module and field at fault.
    public init(json: Data) throws(ManifestError) {
        let file: ManifestFile
        do {
            file = try JSONDecoder().decode(ManifestFile.self, from: json)
        } catch let error as ManifestError {
            throw error
        } catch let error as DecodingError {
            throw ManifestError(error, module: "(manifest)", droppingPrefix: 0)
        } catch {
            throw .invalidJSON(String(describing: error))
        }
        if let duplicate = DuplicateKeyScan.firstDuplicate(in: json) {
            throw Self.duplicateField(duplicate, in: file.modules)
        }
        var ids: Set<String> = []
        for module in file.modules where !ids.insert(module.id).inserted {
            throw .duplicateID(module: module.id)
        }
        modules = file.modules
    }

    /// The error for a field written twice, named by its module's id and its path inside it.
    private static func duplicateField(_ path: [DuplicateKeyScan.Step], in modules: [ModuleDeclaration])
        -> ManifestError
    {
        func text(_ steps: ArraySlice<DuplicateKeyScan.Step>) -> String {
            steps.reduce(into: "") { text, step in
                switch step {
                case .key(let key): text += text.isEmpty ? key : ".\(key)"
                case .index(let index): text += "[\(index)]"
                }
            }
        }
        if path.count > 2, path[0] == .key("modules"), case .index(let position) = path[1], position < modules.count {
            return .duplicateField(module: modules[position].id, field: text(path.dropFirst(2)))
        }
        return .duplicateField(module: "(manifest)", field: text(path[...]))
    }

    /// Decodes a manifest from text.
    ///
    /// - Parameter json: The text of `modules.json`.
    /// - Throws: A ``ManifestError`` naming the module and field at fault.
    public init(json: String) throws(ManifestError) {
        try self.init(json: Data(json.utf8))
    }
}

private struct ManifestFile: Decodable {
    let modules: [ModuleDeclaration]
}
