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
/// names the module and the field; nothing is skipped. ``ModuleDeclaration`` lists the fields.
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
        var ids: Set<String> = []
        for module in file.modules where !ids.insert(module.id).inserted {
            throw .duplicateID(module: module.id)
        }
        modules = file.modules
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
