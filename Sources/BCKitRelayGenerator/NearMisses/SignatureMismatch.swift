/// How a method or property that has a message's full name fails to have its signature, so that
/// it does not satisfy the requirement and the message's relaying default runs in its place.
///
/// Swift picks a witness by its full name and then its exact types: parameter types, result type
/// and, for a property, its type must be the requirement's; the method may drop `async` or
/// `throws` (or throw a narrower error) but not add them. Types are compared as written, after
/// the normalization of ``WrittenType``, and a difference is reported only when it is sure
/// (``WrittenType/Likeness/different``): when the texts differ but a typealias, an associated
/// type or a generic parameter the generator cannot resolve may make them one, nothing is
/// reported, so a method that does satisfy the requirement is never flagged.
struct SignatureMismatch: Equatable {
    /// Each sure difference, as a phrase such as "parameter `street` is `Substring` where the
    /// message has `String`".
    var differences: [String]

    /// The mismatch between `member` and `requirement`, which share a full name, or `nil` when
    /// the member satisfies it or may.
    ///
    /// - Parameter noun: What the differences call the requirement: "the message", or "the
    ///   callback" for a lifecycle callback.
    init?(member: MemberDeclaration, requirement: Requirement, names: TypeNames, noun: String = "the message") {
        var differences: [String] = []
        func likeness(_ written: String?, _ declared: String?) -> WrittenType.Likeness {
            guard let written = WrittenType(parsing: written ?? "()"),
                let declared = WrittenType(parsing: declared ?? "()")
            else { return .unknown }
            return written.likeness(to: declared, names: names)
        }
        func differs(_ written: String?, _ declared: String?) -> Bool { likeness(written, declared) == .different }
        switch (member.kind, requirement.shape) {
        case (.property, .property):
            if let type = member.type, differs(type, requirement.type) {
                differences.append("its type is `\(type)` where \(noun)'s is `\(requirement.type ?? "")`")
            }
        case (.function, .function) where member.parameters.count == requirement.parameters.count:
            for (index, (parameter, declared)) in zip(member.parameters, requirement.parameters).enumerated()
            where differs(parameter.type, declared.type)
                || Self.takesAnotherClosure(
                    parameter, than: declared, isSameType: likeness(parameter.type, declared.type) == .same)
            {
                let which = parameter.label.map { "`\(Token.unquoted($0))`" } ?? "\(index + 1)"
                differences.append("parameter \(which) is `\(parameter.type)` where \(noun) has `\(declared.type)`")
            }
            if member.isAsync && !requirement.isAsync {
                differences.append("it is `async` where \(noun) is not")
            }
            if let throwsClause = member.throwsClause,
                Self.throwsMore(throwsClause, than: requirement.throwsClause, names: names)
            {
                let declared = requirement.throwsClause.map { "is `\($0)`" } ?? "does not throw"
                differences.append("it is `\(throwsClause)` where \(noun) \(declared)")
            }
            if differs(member.type, requirement.type) {
                let written = member.type.map { "returns `\($0)`" } ?? "returns nothing"
                let declared = requirement.type.map { "returns `\($0)`" } ?? "returns nothing"
                differences.append("it \(written) where \(noun) \(declared)")
            }
        default:
            return nil
        }
        guard !differences.isEmpty else { return nil }
        self.differences = differences
    }

    /// Whether a parameter surely takes another closure than the requirement's, by the attributes
    /// ``WrittenType`` leaves out: `@escaping` added to a closure the requirement takes
    /// non-escaping, or, between types that are otherwise the same, a global actor (`@MainActor`)
    /// added or dropped. Either makes another function type, so the method does not witness the
    /// requirement. Dropping `@escaping` or `@Sendable` still witnesses it, and adding `@Sendable`
    /// is the compiler's error.
    private static func takesAnotherClosure(
        _ parameter: Parameter,
        than declared: Parameter,
        isSameType: Bool
    ) -> Bool {
        let written = WrittenType.attributes(in: parameter.type)
        if declared.isNonEscapingClosure && written.contains("escaping") { return true }
        // A global actor is a type, named in capitals; Swift's own type attributes are lowercase,
        // `@Sendable` aside.
        let globalActors = { (attributes: [String]) in
            attributes.filter { $0.first?.isUppercase == true && $0 != "Sendable" }
        }
        return isSameType && globalActors(written) != globalActors(WrittenType.attributes(in: declared.type))
    }

    /// Whether a method's `throws` clause surely throws what the requirement's does not allow:
    /// any error where it throws none or a typed one, or a typed error where it throws none.
    /// `rethrows`, and one typed error against another, are left alone.
    private static func throwsMore(_ clause: String, than declared: String?, names: TypeNames) -> Bool {
        guard let thrown = thrownType(clause) else { return false }
        let anyError = WrittenType.nominal(["Error"], arguments: [])
        let never = WrittenType.nominal(["Never"], arguments: [])
        let allowed: WrittenType
        if let declared {
            guard let declaredType = thrownType(declared) else { return false }
            allowed = declaredType
        } else {
            allowed = never
        }
        if thrown == never || allowed == anyError { return false }
        if allowed == never || thrown == anyError { return thrown.likeness(to: allowed, names: names) == .different }
        return false
    }

    /// The error type a clause throws: `Error` for `throws`, `E` for `throws(E)`, `nil` for
    /// `rethrows` or what does not parse.
    private static func thrownType(_ clause: String) -> WrittenType? {
        guard clause.hasPrefix("throws") else { return nil }
        let rest = String(clause.dropFirst("throws".count)).trimming([" "])
        guard rest.hasPrefix("("), rest.hasSuffix(")") else {
            return rest.isEmpty ? .nominal(["Error"], arguments: []) : nil
        }
        return WrittenType(parsing: String(rest.dropFirst().dropLast()))
    }

    /// The requirement's declaration as a conformer writes it: `func addressDidChange(street: String)`.
    static func declaration(of requirement: Requirement) -> String {
        guard requirement.shape == .function else {
            let accessors = requirement.accessors.isEmpty ? "" : " { \(requirement.accessors.joined(separator: " ")) }"
            return "var \(requirement.name): \(requirement.type ?? "")\(accessors)"
        }
        let parameters = requirement.parameters.map { parameter in
            let label = parameter.label ?? "_"
            let name = parameter.name ?? "_"
            return (label == name ? label : "\(label) \(name)") + ": \(parameter.type)"
        }
        var text = "func \(requirement.name)\(requirement.genericClause)(\(parameters.joined(separator: ", ")))"
        if requirement.isAsync { text += " async" }
        if let throwsClause = requirement.throwsClause { text += " \(throwsClause)" }
        if let type = requirement.type { text += " -> \(type)" }
        if !requirement.whereClause.isEmpty { text += " \(requirement.whereClause)" }
        return text
    }
}
