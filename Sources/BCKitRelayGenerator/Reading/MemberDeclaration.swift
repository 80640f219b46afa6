/// A method or property of a type or extension, as the near-miss and signature checks need it.
struct MemberDeclaration: Equatable {
    /// Whether it is a method or a property.
    enum Kind: Equatable {
        case function
        case property
    }

    var kind: Kind
    /// The base name, without backticks.
    var name: String
    /// The argument labels of a function, `nil` for `_`.
    var labels: [String?]
    /// The line the declaration starts on.
    var line: Int
    /// The line of its name, where a warning about it points.
    var nameLine: Int
    /// Whether it is `static` or `class`, so no message can reach it.
    var isStatic: Bool
    /// The access level written on it, or `nil` for the default.
    var access: AccessLevel? = nil
    /// The markers in the comments before it.
    var markers: Set<Marker>
    /// The `#if` clauses around it, outermost first, from the file's top.
    var conditions: [ConditionFrame]
    /// The generic parameter clause of a function as written, such as `<T: Codable>`, or empty.
    var genericClause = ""
    /// The parameters of a function, types as written.
    var parameters: [Parameter] = []
    /// Whether a function is `async`.
    var isAsync = false
    /// A function's `throws`, `throws(E)` or `rethrows` as written, or `nil`.
    var throwsClause: String?
    /// A function's result type, or a property's written type; `nil` for none or an inferred one.
    var type: String?
    /// Whether it is written `override`, so a superclass the generator may not read declares it.
    var isOverride = false
    /// How a property holds what it refers to, as written.
    var reference = Reference.strong
    /// Whether a property has storage: `false` for a computed one, `true` for one with an initial
    /// value, observers, or neither. Always `true` for a function, which this does not describe.
    var isStored = true

    /// The full name, as `#function` would give it: `cartDidChange(count:)`, or `title`.
    var fullName: String {
        kind == .property ? name : name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }
}
