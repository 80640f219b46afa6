extension NearMisses {
    /// The warning for a module's method that nearly matches one of `Module`'s requirements: the
    /// same base name with other labels (`start(context:)`, `handle(request:)`), or a base name
    /// within ``ModuleRequirements/limit(for:)`` edits (`registerService(into:)`). Called only for
    /// a method that matches no requirement exactly. An `override`, and a method pointing at a
    /// requirement in `handled` (the full names of the members of the type and its superclasses),
    /// are left alone.
    static func moduleWarning(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        handled: Set<String>
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride else { return nil }
        var best: (distance: Int, name: String)?
        for requirement in ModuleRequirements.methods {
            if handled.contains(requirement.name) {
                if requirement.base == member.name { return nil }
                continue
            }
            let limit = ModuleRequirements.limit(for: requirement.base)
            let distance =
                requirement.base == member.name ? 0 : EditDistance.between(requirement.base, member.name, limit: limit)
            guard let distance else { continue }
            if best.map({ (distance, requirement.name) < ($0.distance, $0.name) }) ?? true {
                best = (distance, requirement.name)
            }
        }
        guard let best else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "method `\(member.fullName)` nearly matches `\(best.name)` of "
                + "`\(ModuleRequirements.protocolName)`, which `\(type.name)` conforms to, so the kit never calls it: declare it "
                + "`\(ModuleRequirements.declaration(of: best.name))`, or mark it `/// - NotAMessage` if the likeness "
                + "is deliberate",
            conditions: member.conditions)
    }

    /// The warning for a module's method named exactly like one of `Module`'s requirements whose
    /// signature surely differs (``SignatureMismatch``), such as an `async` `handle(_:)`: it is not
    /// the requirement's witness, so the kit calls the empty default instead. An `override`, and
    /// an overload beside a method that is the requirement, are left alone.
    static func moduleMismatch(
        of member: MemberDeclaration,
        of type: TypeDeclaration,
        catalog: Catalog
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride,
            let requirement = ModuleRequirements.asRequirements.first(where: {
                $0.messageName == member.fullName
            }),
            let mismatch = SignatureMismatch(
                member: member, requirement: requirement,
                names: catalog.typeNames.declaring(ModuleRequirements.kitTypes),
                noun: "the requirement"),
            !hasSibling(of: member, in: type, satisfying: requirement, catalog: catalog)
        else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "method `\(member.fullName)` has the name of `\(requirement.messageName)` of "
                + "`\(ModuleRequirements.protocolName)`, which `\(type.name)` conforms to, but not its signature ("
                + mismatch.differences.joined(separator: "; ") + "), so the kit never calls it: declare it "
                + "`\(ModuleRequirements.declaration(of: requirement.messageName))`, or mark it `/// - NotAMessage` "
                + "if it is not meant as that requirement",
            conditions: member.conditions)
    }
}
