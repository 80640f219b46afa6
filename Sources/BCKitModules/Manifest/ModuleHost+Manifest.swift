// MARK: - Manifest

extension ModuleHost {
    /// Registers every module a manifest declares, made by the catalog, with its routes.
    ///
    /// Every handler name is checked before any module is made, so an unknown one registers
    /// nothing.
    ///
    /// - Parameters:
    ///   - manifest: The decoded `modules.json`.
    ///   - catalog: The module types by handler name.
    /// - Throws: A ``ManifestError`` naming the module and field: an unknown `handler`, or an
    ///   `id` already registered with this host.
    public func register(_ manifest: ModuleManifest, catalog: ModuleCatalog) throws(ManifestError) {
        let known = Set(catalog.handlers)
        for declaration in manifest.modules where !known.contains(declaration.handler) {
            throw .unknownHandler(module: declaration.id, handler: declaration.handler, known: catalog.handlers)
        }
        for declaration in manifest.modules where modules.contains(where: { $0.id == declaration.id }) {
            throw .duplicateID(module: declaration.id)
        }
        for declaration in manifest.modules {
            guard let module = catalog.make(declaration.handler) else { continue }
            do {
                try register(module, info: declaration.info, routes: declaration.routes)
            } catch {
                throw .invalidValue(module: declaration.id, field: "handler", reason: error.description)
            }
        }
    }
}
