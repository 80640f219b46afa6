/// The target's methods that nearly match a message of a conversation their type speaks, as
/// warnings at the method's line.
///
/// A method is a near miss when it matches no message exactly and, against some message of a
/// conversation its type conforms to (directly, through a refined conversation or through a
/// superclass, wherever the conformance is declared, dependencies included), either has the same
/// base name with other labels, or a base name within ``EditDistance/limit`` edits. Properties
/// are compared with property messages only. A method whose name exactly matches a requirement
/// of any protocol its type speaks, or any message of any conversation, is never flagged; nor is
/// one marked `/// - NotAMessage`, nor a `static` one.
struct NearMisses {
    /// The warnings, in no particular order.
    private(set) var diagnostics: [GeneratorDiagnostic] = []

    init(catalog: Catalog) {
        let everyMessage = Set(catalog.allConversations.flatMap(\.requirements).map(\.messageName))
        for file in catalog.ownFiles {
            for type in file.types where !Catalog.isCenter(type.name) {
                let spoken = catalog.protocolsSpoken(by: type)
                let conversations = spoken.filter(catalog.isConversation)
                guard !conversations.isEmpty else { continue }
                let exact = everyMessage.union(spoken.flatMap(\.requirements).map(\.messageName))
                for member in type.members
                where !member.isStatic && !member.markers.contains(.notAMessage) && !exact.contains(member.fullName) {
                    if let warning = Self.warning(for: member, of: type, among: conversations) {
                        diagnostics.append(warning)
                    }
                }
            }
        }
    }

    private static func warning(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        among conversations: [ProtocolDeclaration]
    ) -> GeneratorDiagnostic? {
        var best: (distance: Int, message: String, conversation: String)?
        for conversation in conversations {
            for requirement in conversation.requirements {
                let isProperty = requirement.shape == .property
                guard requirement.shape == .function || isProperty, isProperty == (member.kind == .property) else {
                    continue
                }
                let distance =
                    requirement.plainName == member.name
                    ? 0 : EditDistance.between(requirement.plainName, member.name, limit: EditDistance.limit)
                guard let distance, distance <= EditDistance.limit else { continue }
                let candidate = (distance, requirement.messageName, conversation.name)
                if best.map({ (candidate.0, candidate.1, candidate.2) < ($0.distance, $0.message, $0.conversation) })
                    ?? true
                {
                    best = candidate
                }
            }
        }
        guard let best else { return nil }
        let what = member.kind == .property ? "property" : "method"
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "\(what) `\(member.fullName)` nearly matches `\(best.message)` of `\(best.conversation)`, which "
                + "`\(type.name)` speaks, so it is never called for that message: rename it `\(best.message)`, or "
                + "mark it `/// - NotAMessage` if the likeness is deliberate",
            conditions: member.conditions)
    }
}
