/// The target's methods that nearly match a message of a conversation their type speaks, as
/// warnings at the method's line.
///
/// A method is a near miss when it matches no message exactly and, against some message of a
/// conversation its type conforms to (directly, through a refined conversation or through a
/// superclass, wherever the conformance is declared, dependencies included), either has the same
/// base name with other labels, or a base name within ``EditDistance/limit`` edits. Properties
/// are compared with property messages that way; across the two forms, a method named as a
/// property message or a property named as a method message is one too. A method whose name exactly matches a requirement
/// of any protocol its type speaks, or any message of any conversation, is never flagged as a
/// near miss; nor is one marked `/// - NotAMessage`, nor a `static` one.
///
/// A member whose full name is exactly a message of a conversation its type speaks is checked
/// further: when its signature surely differs from the message's (``SignatureMismatch``), it is
/// not the message's witness either, and it is a warning too. It is not flagged when it, or
/// another member of its type or superclasses, satisfies that message or may, nor when it may
/// satisfy a requirement of the same name that another protocol its type speaks declares.
///
/// A business controller's method that is exactly a message of a conversation its type does not
/// speak, a handler whose conversation was left out of the conformances, is a warning too
/// (``forgottenConformance(of:of:speaking:catalog:)``).
///
/// The methods of a business controller are checked against its lifecycle callbacks the same way
/// (``LifecycleCallbacks``), names and signatures, and against the view-controller names a
/// migrating team pastes; its stored `owner` property must be `weak` (see
/// `NearMisses+Lifecycle.swift`). A module, a type conforming to BCKitModules' `Module`, is
/// checked against that protocol's requirements too (``ModuleRequirements``), and a restorable
/// controller's properties against its saved-state key (``SavedStateKey``).
struct NearMisses {
    /// The warnings, in no particular order.
    private(set) var diagnostics: [GeneratorDiagnostic] = []

    init(catalog: Catalog) {
        let everyMessage = Set(catalog.allConversations.flatMap(\.requirements).map(\.messageName))
        for file in catalog.ownFiles {
            for type in file.types where !Catalog.isCenter(type.name) {
                let spoken = catalog.protocolsSpoken(by: type)
                let conversations = spoken.filter(catalog.isConversation)
                let isModule = catalog.isModule(type)
                let isRestorable = catalog.isRestorable(type)
                let isController =
                    !LifecycleCallbacks.isOwner(type.name) && (isModule || catalog.isBusinessController(type))
                guard !conversations.isEmpty || isController else { continue }
                let callbacks = isController ? LifecycleCallbacks.requirements.map(\.name) : []
                let moduleNames = isModule ? ModuleRequirements.requirements.map(\.name) : []
                let kits =
                    (isController ? [LifecycleCallbacks.kitProtocol] : [])
                    + (isModule ? [ModuleRequirements.kitProtocol] : [])
                let exact = everyMessage.union(spoken.flatMap(\.requirements).map(\.messageName)).union(callbacks)
                    .union(moduleNames)
                let handled = Set(
                    catalog.declarationsWithSuperclasses(of: type).flatMap(\.members).filter { !$0.isStatic }.map(
                        \.fullName))
                let keyHandled = isRestorable ? Self.keyDeclarations(besides: handled, speaking: spoken, catalog) : []
                for member in type.members {
                    if isRestorable, !member.markers.contains(.notAMessage),
                        let warning = Self.savedStateKeyWarning(for: member, of: type, handled: keyHandled)
                    {
                        diagnostics.append(warning)
                        continue
                    }
                    guard !member.isStatic else { continue }
                    if isController, let warning = Self.ownerReferenceWarning(member, of: type) {
                        diagnostics.append(warning)
                    }
                    guard !member.markers.contains(.notAMessage) else { continue }
                    if isController,
                        let warning = Self.forgottenConformance(
                            of: member, of: type, speaking: spoken, catalog: catalog)
                    {
                        diagnostics.append(warning)
                        continue
                    }
                    let warning =
                        exact.contains(member.fullName)
                        ? Self.superclassDefault(for: member, of: type, catalog: catalog)
                            ?? kits.lazy.compactMap {
                                Self.signatureMismatch(of: member, of: type, catalog: catalog, in: $0)
                            }.first
                            ?? Self.mismatch(of: member, of: type, speaking: spoken, catalog: catalog)
                        : Self.warning(for: member, of: type, among: conversations, handled: handled)
                            ?? (isController ? Self.lifecycleWarning(for: member, of: type, handled: handled) : nil)
                            ?? (isModule
                                ? Self.nearMiss(
                                    of: member, of: type, handled: handled, in: ModuleRequirements.kitProtocol)
                                : nil)
                    if let warning { diagnostics.append(warning) }
                }
            }
        }
    }

    /// The warning for a member named exactly like a message whose signature it does not have.
    private static func mismatch(
        of member: MemberDeclaration,
        of type: TypeDeclaration,
        speaking spoken: [ProtocolDeclaration],
        catalog: Catalog
    ) -> GeneratorDiagnostic? {
        let names = catalog.typeNames
        var mismatched: [(conversation: ProtocolDeclaration, requirement: Requirement, mismatch: SignatureMismatch)] =
            []
        for declaration in spoken {
            for requirement in declaration.requirements where requirement.messageName == member.fullName {
                guard let mismatch = SignatureMismatch(member: member, requirement: requirement, names: names) else {
                    return nil  // it satisfies this requirement, or may
                }
                if catalog.isConversation(declaration) { mismatched.append((declaration, requirement, mismatch)) }
            }
        }
        mismatched.removeAll { hasSibling(of: member, in: type, satisfying: $0.requirement, catalog: catalog) }
        guard let first = mismatched.min(by: { $0.conversation.name < $1.conversation.name }) else { return nil }
        let what = member.kind == .property ? "property" : "method"
        let declaration = SignatureMismatch.declaration(of: first.requirement)
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "\(what) `\(member.fullName)` has the name of `\(first.requirement.messageName)` of "
                + "`\(first.conversation.name)`, which `\(type.name)` speaks, but not its signature ("
                + first.mismatch.differences.joined(separator: "; ") + "), so it is never called for that message: "
                + "declare it as the message does, `\(declaration)`, or mark it `/// - NotAMessage` if it is not "
                + "meant to handle the message",
            conditions: member.conditions)
    }

    /// Whether another member of `type` or its superclasses, with `member`'s full name, satisfies
    /// `requirement` or may: then `member` is an overload beside the witness, not a silent miss.
    static func hasSibling(
        of member: MemberDeclaration,
        in type: TypeDeclaration,
        satisfying requirement: Requirement,
        catalog: Catalog
    ) -> Bool {
        catalog.declarationsWithSuperclasses(of: type).flatMap(\.members).contains {
            $0.fullName == member.fullName && !$0.isStatic && $0 != member
                && SignatureMismatch(member: $0, requirement: requirement, names: catalog.typeNames) == nil
        }
    }

    /// The near-miss warning for `member` against the messages of `conversations`, leaving out
    /// the messages in `handled`, the full names of the members of the type and its superclasses.
    ///
    /// A member that shares its base name with a handled message is an overload of its handler,
    /// `save(id:retained:force:)` beside `save(id:retained:)`, and no warning, unless the message
    /// it nearly matches has a nearer full name: `listDidSelect(rws:)` beside a handler of
    /// `listDidSelect(row:)` is a misspelled `listDidSelect(rows:)`.
    private static func warning(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        among conversations: [ProtocolDeclaration],
        handled: Set<String>
    ) -> GeneratorDiagnostic? {
        var best: (distance: Int, message: String, conversation: String)?
        var acrossForms: (requirement: Requirement, conversation: String)?
        var overloaded: [String] = []
        for conversation in conversations {
            for requirement in conversation.requirements {
                if handled.contains(requirement.messageName) {
                    if requirement.plainName == member.name { overloaded.append(requirement.messageName) }
                    continue
                }
                let isProperty = requirement.shape == .property
                guard requirement.shape == .function || isProperty else { continue }
                guard isProperty == (member.kind == .property) else {
                    if requirement.plainName == member.name, acrossForms == nil {
                        acrossForms = (requirement, conversation.name)
                    }
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
        let what = member.kind == .property ? "property" : "method"
        // The message's own name in the other form is the likelier meaning than a name a few edits
        // off, but not than the same name with other labels.
        if let acrossForms, best.map({ $0.distance > 0 }) ?? true, overloaded.isEmpty {
            let form = what == "property" ? "method" : "property"
            return GeneratorDiagnostic(
                severity: .warning, file: type.file, line: member.nameLine,
                message: "\(what) `\(member.fullName)` has the name of `\(acrossForms.requirement.messageName)` of "
                    + "`\(acrossForms.conversation)`, which `\(type.name)` speaks, but is a \(what) where the message "
                    + "is a \(form), so it is never called for that message: declare it as the message does, "
                    + "`\(SignatureMismatch.declaration(of: acrossForms.requirement))`, or mark it `/// - NotAMessage` "
                    + "if the likeness is deliberate",
                conditions: member.conditions)
        }
        guard let best else { return nil }
        let distance = { (message: String) in EditDistance.between(member.fullName, message, limit: .max) ?? .max }
        guard !overloaded.contains(where: { distance($0) <= distance(best.message) }) else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "\(what) `\(member.fullName)` nearly matches `\(best.message)` of `\(best.conversation)`, which "
                + "`\(type.name)` speaks, so it is never called for that message: rename it `\(best.message)`, or "
                + "mark it `/// - NotAMessage` if the likeness is deliberate",
            conditions: member.conditions)
    }
}
