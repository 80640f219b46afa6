import BCKit

// MARK: - Manifest

extension ModuleHost {
    /// Registers every module a manifest declares, made by the catalog, with its routes.
    ///
    /// Everything is checked before the first module is registered, so a refused manifest
    /// registers nothing.
    ///
    /// - Parameters:
    ///   - manifest: The decoded `modules.json`.
    ///   - catalog: The module types by handler name.
    /// - Throws: A ``ManifestError`` naming the module and field: an unknown `handler`, a
    ///   `handler` whose factory made a module attached already (a shared instance rather than a
    ///   fresh one), or an `id` already registered with this host.
    public func register(_ manifest: ModuleManifest, catalog: ModuleCatalog) throws(ManifestError) {
        let known = Set(catalog.handlers)
        for declaration in manifest.modules where !known.contains(declaration.handler) {
            throw .unknownHandler(module: declaration.id, handler: declaration.handler, known: catalog.handlers)
        }
        for declaration in manifest.modules where modules.contains(where: { $0.id == declaration.id }) {
            throw .duplicateID(module: declaration.id)
        }
        var made: [(declaration: ModuleDeclaration, module: any Module)] = []
        var seen: Set<ObjectIdentifier> = []
        for declaration in manifest.modules {
            guard let module = catalog.make(declaration.handler) else { continue }
            // Found before anything is registered, where the owner would refuse it half-way.
            guard module.owner == nil, seen.insert(ObjectIdentifier(module)).inserted else {
                throw .invalidValue(
                    module: declaration.id, field: "handler",
                    reason: "the catalog's '\(declaration.handler)' made a module that is attached already; "
                        + "make a fresh module each time.")
            }
            made.append((declaration, module))
        }
        for (declaration, module) in made {
            do {
                try register(module, info: declaration.info, routes: declaration.routes)
            } catch {
                throw .invalidValue(module: declaration.id, field: "handler", reason: error.description)
            }
        }
    }
}
