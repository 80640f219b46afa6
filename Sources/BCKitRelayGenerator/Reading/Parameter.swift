/// One parameter of a function requirement.
struct Parameter: Equatable {
    /// The argument label, or `nil` for `_` (no label at the call site).
    var label: String?
    /// The name the body uses, or `nil` for `_`.
    var name: String?
    /// The type as written, specifiers (`inout`, `borrowing`, `@escaping`) and `...` included.
    var type: String
    /// Whether the parameter is `inout`.
    var isInout: Bool
    /// Whether the parameter is variadic (`Int...`).
    var isVariadic: Bool
    /// Whether the type is a function type that is not `@escaping`.
    var isNonEscapingClosure: Bool
}
