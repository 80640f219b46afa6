extension NearMisses {
    /// The warning for a subclass's method or property named exactly like a requirement of a
    /// protocol only a superclass conforms to: the conformance chose its witnesses where it was
    /// declared, and the superclass has no such member (else this one would need `override`), so
    /// the empty default answers the protocol and this member is never called through it.
    ///
    /// Covers conversations' messages and `BusinessController`'s callbacks alike. An `override`,
    /// a `static` member and one marked `/// - NotAMessage` are left alone.
    static func superclassDefault(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        catalog: Catalog
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function || member.kind == .property, !member.isOverride else { return nil }
        let own = catalog.declarations(ofTheTypeOf: type)
        let ownProtocols = Set(
            own.flatMap(\.inherited).flatMap(catalog.protocols(named:)).flatMap(catalog.protocolAndAncestors).map(
                \.name))
        let ownNames = Set(own.map(\.name))
        for ancestor in catalog.declarationsWithSuperclasses(of: type) where !ownNames.contains(ancestor.name) {
            for reference in ancestor.inherited {
                if LifecycleCallbacks.isProtocol(reference),
                    !own.contains(where: { $0.inherited.contains(where: LifecycleCallbacks.isProtocol) }),
                    LifecycleCallbacks.callbacks.contains(where: { $0.name == member.fullName })
                {
                    return warning(
                        member, of: type, requirement: member.fullName, protocolName: LifecycleCallbacks.protocolName,
                        superclass: ancestor.name)
                }
                for declaration in catalog.protocols(named: reference).flatMap(catalog.protocolAndAncestors)
                where !ownProtocols.contains(declaration.name) {
                    if declaration.requirements.contains(where: { $0.messageName == member.fullName }) {
                        return warning(
                            member, of: type, requirement: member.fullName, protocolName: declaration.name,
                            superclass: ancestor.name)
                    }
                }
            }
        }
        return nil
    }

    private static func warning(
        _ member: MemberDeclaration,
        of type: TypeDeclaration,
        requirement: String,
        protocolName: String,
        superclass: String
    ) -> GeneratorDiagnostic {
        let what = member.kind == .property ? "property" : "method"
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "\(what) `\(member.fullName)` of `\(type.name)` has the name of `\(requirement)` of "
                + "`\(protocolName)`, which `\(type.name)` conforms to through its superclass `\(superclass)`; "
                + "`\(superclass)` leaves it to the default implementation, so this \(what) is never called through "
                + "`\(protocolName)`: implement it in `\(superclass)` (an empty one will do) and `override` it here, "
                + "or mark it `/// - NotAMessage` if it is not meant to answer `\(protocolName)`",
            conditions: member.conditions)
    }
}
