/// A class, struct, enum, actor or extension as declared in a source file.
struct TypeDeclaration: Equatable {
    /// What declares the type.
    enum Kind: String, Equatable {
        case `class`
        case `struct`
        case `enum`
        case `actor`
        case `extension`
    }

    var kind: Kind
    /// The path of the file that declares it.
    var file: String
    /// The type's name qualified by the types it is nested in, or the extended type as written.
    var name: String
    /// The line the declaration starts on.
    var line: Int
    /// The conformances and superclass as written, generic arguments left out.
    var inherited: [String]
    /// Whether an extension has a `where` clause.
    var hasWhereClause: Bool
    /// The methods and properties of its body.
    var members: [MemberDeclaration]
    /// The `#if` clauses around it, outermost first.
    var conditions: [ConditionFrame]
}
