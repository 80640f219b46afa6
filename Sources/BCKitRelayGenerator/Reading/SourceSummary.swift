/// What the generator read in one source file.
struct SourceSummary: Equatable {
    /// The file's path, as the build gave it.
    var file: String
    /// Its imports, in order.
    var imports: [ImportDeclaration] = []
    /// Its protocols, nested ones included, in order.
    var protocols: [ProtocolDeclaration] = []
    /// Its types and extensions, nested and local ones included, in order.
    var types: [TypeDeclaration] = []
}
