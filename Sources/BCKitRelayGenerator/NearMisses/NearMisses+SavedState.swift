extension NearMisses {
    /// The warning for a restorable controller's property that is meant as its saved-state key
    /// and is not: one named `savedStateKey` whose written type is not `String`, or one whose name
    /// is within ``EditDistance/limit`` edits of it while the type and its superclasses declare
    /// no `savedStateKey` (in `handled`). Either way the kit keeps the piece under the type's name.
    static func savedStateKeyWarning(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        handled: Set<String>
    ) -> GeneratorDiagnostic? {
        guard member.kind == .property else { return nil }
        let problem: String
        if member.name == SavedStateKey.property {
            guard let written = member.type, !["String", "Swift.String"].contains(written.trimming([" "])) else {
                return nil
            }
            problem = "has the name of `\(SavedStateKey.property)` but the type `\(written)`"
        } else {
            guard !handled.contains(SavedStateKey.property),
                EditDistance.between(member.name, SavedStateKey.property, limit: EditDistance.limit) != nil
            else { return nil }
            problem = "nearly matches `\(SavedStateKey.property)`"
        }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "property `\(member.name)` \(problem) of `\(SavedStateKey.protocolName)`, which "
                + "`\(type.name)` conforms to, so its piece is saved under the type's name, `\"\(type.name)\"`, "
                + "and renaming the type loses it: declare it `\(SavedStateKey.declaration)`, or mark it "
                + "`/// - NotAMessage` if the likeness is deliberate",
            conditions: member.conditions)
    }
}
