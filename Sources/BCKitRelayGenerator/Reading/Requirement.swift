/// One member declared in a protocol's body, as far as the reader could read it.
struct Requirement: Equatable {
    /// What the member is.
    enum Shape: Equatable {
        /// `func name(…)`.
        case function
        /// `var name: Type { get … }`.
        case property
        /// Any other member: `subscript`, `init`, `associatedtype`, `typealias`, a macro.
        case other(String)
        /// Tokens the reader could not make a member of; the text says what it met.
        case unreadable(String)
    }

    var shape: Shape
    /// The line the member starts on (its first attribute or modifier).
    var line: Int
    /// The `#if` clauses inside the protocol body around the member, outermost first.
    var conditions: [ConditionFrame] = []
    /// The markers in the comments before the member.
    var markers: Set<Marker> = []
    /// The comment lines before the member that read like a marker without being one.
    var markerSlips: [Marker.Slip] = []
    /// The attributes, as written, such as `@available(iOS 17, *)`.
    var attributes: [String] = []
    /// The modifiers, such as `static` or `nonisolated`.
    var modifiers: [String] = []
    /// The name as written, backticks included.
    var name: String = ""
    /// The generic parameter clause as written, such as `<T: Codable>`, or empty.
    var genericClause: String = ""
    /// The parameters of a function.
    var parameters: [Parameter] = []
    /// Whether the function or getter is `async`.
    var isAsync = false
    /// `throws`, `throws(E)` or `rethrows` as written, or `nil`.
    var throwsClause: String?
    /// The result type of a function, or the type of a property, as written; `nil` for none.
    var type: String?
    /// The generic `where` clause as written, or empty.
    var whereClause: String = ""
    /// The accessor keywords of a property, such as `get` and `set`.
    var accessors: [String] = []

    /// The name without backticks.
    var plainName: String { Token.unquoted(name) }

    /// The name `#function` gives inside it: `cartDidChange(count:)`, `goodsDidChange(_:)`, or a
    /// property's bare name.
    var messageName: String {
        guard shape == .function else { return plainName }
        return plainName + "(" + parameters.map { ($0.label.map(Token.unquoted) ?? "_") + ":" }.joined() + ")"
    }
}
