/// A protocol as declared in a source file.
struct ProtocolDeclaration: Equatable {
    /// The path of the file that declares it.
    var file: String
    /// The name, qualified by the types it is nested in: `Screen.CartConversation`.
    var name: String
    /// The line of the `protocol` keyword's declaration (its first attribute or modifier).
    var line: Int
    /// The access level written on it, or `nil` for the default.
    var access: AccessLevel?
    /// The inherited protocols as written, such as `Conversation` or `BCKit.Conversation`.
    var inherited: [String]
    /// The constraints a `where Self: …` clause adds, as written.
    var selfConstraints: [String]
    /// Whether it declares primary associated types (`protocol P<Element>`).
    var hasPrimaryAssociatedTypes: Bool
    /// The members of its body, in order.
    var requirements: [Requirement]
    /// The markers in the comments before it.
    var markers: Set<Marker>
    /// The comment lines before it that read like a marker without being one.
    var markerSlips: [Marker.Slip] = []
    /// The `#if` clauses around it, outermost first.
    var conditions: [ConditionFrame]
    /// The narrowest access level written on the types and extensions it is nested in, or `nil`.
    var enclosingAccess: AccessLevel?

    /// Everything it refines: the inherited list and the `where Self:` constraints.
    var refined: [String] { inherited + selfConstraints }
}
