extension NearMisses {
    /// The warning for a method that nearly matches a requirement of `kit`, which its type
    /// conforms to: the same base name with other labels, or a base name within
    /// ``KitProtocol/editLimit(for:)`` edits. Called only for a method that matches no requirement
    /// exactly. An `override` is left alone: its superclass, which the generator may not read,
    /// declares it, so something calls it. So is a method pointing at a requirement in `handled`,
    /// the full names of the members of the type and its superclasses: beside the requirement, it
    /// is an overload or a helper, not a miss.
    static func nearMiss(
        of member: MemberDeclaration,
        of type: TypeDeclaration,
        handled: Set<String>,
        in kit: KitProtocol
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride else { return nil }
        var best: (distance: Int, name: String)?
        for requirement in kit.methods {
            if handled.contains(requirement.name) {
                if requirement.base == member.name { return nil }
                continue
            }
            let distance =
                requirement.base == member.name
                ? 0 : EditDistance.between(requirement.base, member.name, limit: kit.editLimit(for: requirement.base))
            guard let distance else { continue }
            if best.map({ (distance, requirement.name) < ($0.distance, $0.name) }) ?? true {
                best = (distance, requirement.name)
            }
        }
        guard let best else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "method `\(member.fullName)` nearly matches `\(best.name)` of `\(kit.name)`, which "
                + "`\(type.name)` conforms to, so the kit never calls it: declare it "
                + "`\(kit.declaration(of: best.name))`, or mark it `/// - NotAMessage` if the likeness is deliberate",
            conditions: member.conditions)
    }

    /// The warning for a method named exactly like a requirement of `kit` whose signature surely
    /// differs (``SignatureMismatch``): an added `async` or `throws`, an `Owner?` for an `Owner`,
    /// a result. It is not the requirement's witness, so the kit calls the empty default instead.
    /// An `override`, and an overload beside a method that is the requirement, are left alone.
    static func signatureMismatch(
        of member: MemberDeclaration,
        of type: TypeDeclaration,
        catalog: Catalog,
        in kit: KitProtocol
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride,
            let requirement = kit.requirements.first(where: { $0.messageName == member.fullName }),
            let mismatch = SignatureMismatch(
                member: member, requirement: requirement, names: catalog.typeNames.declaring(kit.kitTypes),
                noun: "the \(kit.noun)"),
            !hasSibling(of: member, in: type, satisfying: requirement, catalog: catalog)
        else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "method `\(member.fullName)` has the name of `\(requirement.messageName)` of `\(kit.name)`, "
                + "which `\(type.name)` conforms to, but not its signature ("
                + mismatch.differences.joined(separator: "; ") + "), so the kit never calls it: declare it "
                + "`\(kit.declaration(of: requirement.messageName))`, or mark it `/// - NotAMessage` if it is not "
                + "meant as that \(kit.noun)",
            conditions: member.conditions)
    }
}
