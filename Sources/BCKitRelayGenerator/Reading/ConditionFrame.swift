/// One level of `#if` around a declaration: the clause it sits in and the clauses before it.
///
/// Writing the earlier clauses empty and then the declaration's own clause reproduces exactly
/// when the declaration is compiled, `#else` included:
///
/// ```text
/// #if os(iOS)
/// #elseif DEBUG
/// <the declaration>
/// #endif
/// ```
struct ConditionFrame: Hashable {
    /// The clauses before the declaration's, such as `#if os(iOS)`, in order.
    var earlierClauses: [String]
    /// The declaration's clause, such as `#elseif DEBUG` or `#else`.
    var clause: String

    /// The lines that open the frame, the declaration's clause last.
    var openingLines: [String] { earlierClauses + [clause] }
}
