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
    /// The names it declares that may stand for another type: typealiases, associated types and
    /// generic parameters, wherever declared. A type written with one of them cannot be compared
    /// with another by its text.
    var aliasNames: Set<String> = []
    /// The typealiases it declares whose right side is a type name or an `&` composition of them,
    /// by name: `typealias NoteParts = BusinessController & NoteConversation` gives `NoteParts` its
    /// two names, which a conformance written as `NoteParts` declares.
    var typeAliases: [String: [String]] = [:]
    /// The typealiases it declares whose right side is a function type, such as `() -> Void`: a
    /// parameter of that type is a closure that does not escape.
    var closureAliases: Set<String> = []
    /// The markers it writes before an `#if` line (or another directive), which mark nothing, with
    /// the slips written there: markers in plain comments, and tags that read like one.
    var strandedMarkers: [Marker.Stranded] = []
}
