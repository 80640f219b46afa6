extension NearMisses {
    /// The warning for a restorable controller's property that is meant as its saved-state key
    /// and is not: one named `savedStateKey` that is `static`, or whose written type is surely
    /// not `String` (``isSurelyNotString(_:)``), or one whose name is within
    /// ``EditDistance/limit`` edits of it while nothing the type is made of declares a
    /// `savedStateKey` (`handled`, ``keyDeclarations(besides:speaking:_:)``). Either way the kit
    /// keeps the piece under the type's name.
    static func savedStateKeyWarning(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        handled: Set<String>
    ) -> GeneratorDiagnostic? {
        guard member.kind == .property else { return nil }
        let conformance = "`\(SavedStateKey.protocolName)`, which `\(type.name)` conforms to"
        let problem: String
        if member.name == SavedStateKey.property, member.isStatic {
            problem = "is `static`, where \(conformance), reads an instance property"
        } else if member.name == SavedStateKey.property {
            guard let written = member.type, isSurelyNotString(written) else { return nil }
            problem = "has the name of `\(SavedStateKey.property)` of \(conformance), but the type `\(written)`"
        } else {
            guard !member.isStatic, !handled.contains(SavedStateKey.property),
                EditDistance.between(member.name, SavedStateKey.property, limit: EditDistance.limit) != nil
            else { return nil }
            problem = "nearly matches `\(SavedStateKey.property)` of \(conformance)"
        }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "property `\(member.name)` \(problem), so its piece is saved under the type's name, "
                + "`\"\(type.name)\"`, and renaming the type loses it: declare it `\(SavedStateKey.declaration)`, or "
                + "mark it `/// - NotAMessage` if the likeness is deliberate",
            conditions: member.conditions)
    }

    /// The full names of `handled`, the members of a type and its superclasses, with the members
    /// that the type's own protocols refining `RestorableController` declare or give it in an
    /// extension: a key written there is the type's key.
    static func keyDeclarations(
        besides handled: Set<String>,
        speaking spoken: [ProtocolDeclaration],
        _ catalog: Catalog
    ) -> Set<String> {
        let own = spoken.filter { !SavedStateKey.isProtocol($0.name) }
        return handled.union(own.flatMap(\.requirements).map(\.messageName))
            .union(
                own.flatMap { catalog.types(named: $0.name) }.flatMap(\.members).filter { !$0.isStatic }.map(\.fullName)
            )
    }

    /// Whether a written type surely is not `String`: an optional, an array or dictionary, a tuple
    /// or function, or a standard type that is not a string. A name the generator cannot resolve
    /// (a `typealias` of `String`) may be one, and is left alone.
    static func isSurelyNotString(_ written: String) -> Bool {
        var type = Substring(written.trimming([" "]))
        while type.hasPrefix("("), type.hasSuffix(")"), !type.contains(",") {
            type = type.dropFirst().dropLast()
        }
        if type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("[") || type.hasPrefix("(")
            || type.contains("->") || type.hasPrefix("Optional<") || type.hasPrefix("Swift.Optional<")
        {
            return true
        }
        let name = type.hasPrefix("Swift.") ? type.dropFirst(6) : type
        return ["Substring", "Character", "StaticString", "Int", "UUID", "Any", "AnyHashable"].contains(String(name))
    }
}
