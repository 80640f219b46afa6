extension NearMisses {
    /// The warning for a business controller's method that is exactly a message, name, labels and
    /// signature, of a conversation the controller does not speak: a handler moved out of a view
    /// controller whose conversation was left out of the conformances. Nothing calls it: the
    /// message goes to the controllers that speak the conversation, or to nobody.
    ///
    /// The conversations are those the generator read, and the kit's in ``KitConversations`` when
    /// it did not read them. A method whose full name is a requirement of a protocol the type
    /// speaks is its witness there, and is left alone; so is an `override`, which its superclass
    /// declares and something calls.
    static func forgottenConformance(
        of member: MemberDeclaration,
        of type: TypeDeclaration,
        speaking spoken: [ProtocolDeclaration],
        catalog: Catalog
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride,
            !spoken.contains(where: { $0.requirements.contains { $0.messageName == member.fullName } })
        else { return nil }
        var matched = catalog.allConversations.filter { conversation in
            conversation.requirements.contains {
                $0.messageName == member.fullName
                    && SignatureMismatch(member: member, requirement: $0, names: catalog.typeNames) == nil
            }
        }.map(\.name)
        // The generator knows a kit conversation it did not read by name only, so a conformance
        // to it is one written by that name, in the type or in a protocol the type speaks.
        let references =
            catalog.declarationsWithSuperclasses(of: type).flatMap(\.inherited)
            + spoken.flatMap(\.refined)
        for kit in KitConversations.all where catalog.protocols(named: kit.name).isEmpty {
            guard !references.contains(where: { $0 == kit.name || $0.hasSuffix(".\(kit.name)") }) else { continue }
            let names = catalog.typeNames.declaring(kit.kitTypes)
            if kit.requirements.contains(where: {
                $0.messageName == member.fullName
                    && SignatureMismatch(member: member, requirement: $0, names: names) == nil
            }) {
                matched.append(kit.name)
            }
        }
        guard let conversation = matched.min() else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "method `\(member.fullName)` matches a message of `\(conversation)`, which `\(type.name)` does "
                + "not speak, so it is never called for that message: add `\(conversation)` to its conformances, or "
                + "mark it `/// - NotAMessage` if it is not meant to handle the message",
            conditions: member.conditions)
    }
}
