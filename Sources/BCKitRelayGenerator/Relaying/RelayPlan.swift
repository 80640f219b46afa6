/// What the generated file holds for a target: each conversation's relays, its imports, and the
/// errors and warnings to report at the user's lines.
///
/// The rule for mixing forms: a conversation whose target writes
/// `extension CommunicationCenter: P` by hand is *hand-written*, and the plan writes nothing for
/// it but an error at each message that has no relaying default anywhere. Any other conversation
/// of the target is *generated*; a relaying default written by hand for one of its messages is
/// "declared both ways", an error at that default, and the plan then writes nothing for it.
struct RelayPlan: Equatable {
    /// A conversation whose relays the generated file writes.
    struct Conversation: Equatable {
        var declaration: ProtocolDeclaration
        /// Each relayed member with its one line of code, in the protocol's order.
        var relays: [(requirement: Requirement, code: String)]
        /// Whether every member got its relay, so the center can conform. When one was refused,
        /// the file leaves the conformance out: the refusal is the build's one error about it,
        /// with no "does not conform" from the generated file.
        var isComplete: Bool

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.declaration == rhs.declaration && lhs.relays.map(\.code) == rhs.relays.map(\.code)
                && lhs.isComplete == rhs.isComplete
        }
    }

    var conversations: [Conversation] = []
    var imports: [String] = []
    var diagnostics: [GeneratorDiagnostic] = []

    /// Plans the generated file for the target whose sources the catalog read.
    init(catalog: Catalog) {
        let centerMembers = Self.centerMembers(in: catalog)
        var relayed: [String: [(conversation: ProtocolDeclaration, requirement: Requirement)]] = [:]
        for file in catalog.ownFiles {
            for declaration in file.protocols where catalog.isConversation(declaration) {
                plan(declaration, catalog: catalog, centerMembers: centerMembers, relayed: &relayed)
            }
        }
        for file in catalog.ownFiles {
            for stranded in file.strandedMarkers {
                diagnostics.append(
                    GeneratorDiagnostic(
                        severity: .warning, file: file.file, line: stranded.line, message: Self.message(for: stranded),
                        conditions: stranded.conditions))
            }
        }
        imports = Self.imports(for: conversations.map(\.declaration), catalog: catalog)
        diagnostics += NearMisses(catalog: catalog).diagnostics
        diagnostics.sort()
    }

    /// The warning at a marker written before a directive: it says why the marker marks nothing,
    /// and where to write it. A misspelled one is one warning, not a slip's and then, once
    /// respelled, a stranded marker's: it names the marker meant and where that goes.
    private static func message(for stranded: Marker.Stranded) -> String {
        let directive = "`\(stranded.directive)`"
        let place = "inside the `#if`, just above the declaration (in each clause that declares it)"
        guard let slip = stranded.slip else {
            return "`\(stranded.marker.spelling)` is written before \(directive), so it marks nothing: a marker marks "
                + "only the declaration right after it; move it \(place)"
        }
        let marker = "`\(stranded.marker.spelling)`"
        guard slip.isInPlainComment else {
            return "`\(slip.written)` is not a marker the relay plugin knows, and is written before \(directive), "
                + "where \(marker) would mark nothing either: a marker marks only the declaration right after it; "
                + "write \(marker) \(place), or reword the line"
        }
        return "`\(slip.written)` is in a plain comment before \(directive), so it marks nothing: a marker marks "
            + "only the declaration right after it, in its doc comment; write \(marker) \(place)"
    }

    /// Plans one conversation's relays.
    ///
    /// - Parameters:
    ///   - centerMembers: The center's members by full name, with where the center gets each.
    ///   - relayed: The messages relayed so far by the target's other conversations, by full name;
    ///     the relays of this one are added.
    private mutating func plan(
        _ conversation: ProtocolDeclaration,
        catalog: Catalog,
        centerMembers: [String: CenterMember],
        relayed: inout [String: [(conversation: ProtocolDeclaration, requirement: Requirement)]]
    ) {
        let ownTypes = catalog.ownFiles.flatMap(\.types)
        if let handConformance = Self.handConformance(of: conversation, catalog: catalog) {
            checkHandWritten(conversation, conformance: handConformance, catalog: catalog)
            return
        }
        warnAboutMarkerSlips(in: conversation)
        // A convenience overload beside a message, `cartDidChange(count: Double)`, relays nothing:
        // only a member that has a message's signature, or may, is a default written by hand.
        let handDefaults = ownTypes.filter { type in
            type.kind == .extension && !type.hasWhereClause
                && catalog.protocols(named: type.name).contains(conversation)
        }
        .flatMap { type in
            type.members.filter { member in
                conversation.requirements.contains { requirement in
                    requirement.messageName == member.fullName
                        && SignatureMismatch(member: member, requirement: requirement, names: catalog.typeNames) == nil
                }
            }
            .map { (type.file, $0) }
        }
        guard handDefaults.isEmpty else {
            for (file, member) in handDefaults {
                diagnostics.append(
                    GeneratorDiagnostic(
                        severity: .error, file: file, line: member.nameLine,
                        message: "`\(conversation.name)` is declared both ways: `\(member.fullName)` has a relaying "
                            + "default written by hand, but no `extension CommunicationCenter: \(conversation.name)` "
                            + "says the conversation is hand-written, so the relay plugin writes its defaults too. "
                            + "Delete the hand-written defaults to let the plugin write them, or add "
                            + "`extension CommunicationCenter: \(conversation.name) {}` to keep the hand-written form",
                        conditions: member.conditions))
            }
            return
        }
        if let problem = Self.problem(with: conversation) {
            diagnostics.append(
                GeneratorDiagnostic(
                    severity: .error, file: conversation.file, line: conversation.line, message: problem,
                    conditions: conversation.conditions))
            return
        }
        // A member written with the associated type would be called on `any P`, which the compiler
        // refuses inside the generated file: the refusal stays the one error, and nothing is written.
        let associatedTypes = conversation.requirements.filter { $0.shape == .other("associatedtype") }
        guard associatedTypes.isEmpty else {
            for requirement in associatedTypes {
                diagnostics.append(
                    GeneratorDiagnostic(
                        severity: .error, file: conversation.file, line: requirement.line,
                        message: Refusal.unsupportedMember("associatedtype", conversation: conversation.name).message,
                        conditions: conversation.conditions + requirement.conditions))
            }
            return
        }
        var relays: [(requirement: Requirement, code: String)] = []
        var isComplete = true
        for requirement in conversation.requirements {
            let conditions = conversation.conditions + requirement.conditions
            if let restated = Self.restatedMessage(requirement, of: conversation, catalog: catalog) {
                let isOwn = catalog.ownFiles.contains { $0.protocols.contains(restated.conversation) }
                if let warning = Self.restatementWarning(
                    requirement, of: conversation, restating: restated, isOwn: isOwn)
                {
                    diagnostics.append(warning)
                }
                // The refined conversation's relay answers the restatement too, and reaches everyone
                // who speaks it; where the plugin refuses to write that relay, the refusal is the one
                // error about it.
                if isOwn {
                    if Self.handConformance(of: restated.conversation, catalog: catalog) == nil,
                        case .failure? = Relay.code(for: restated.requirement, of: restated.conversation)
                    {
                        isComplete = false
                    }
                    continue
                }
            } else if let parent = Self.mayRestate(requirement, of: conversation, catalog: catalog) {
                diagnostics.append(
                    GeneratorDiagnostic(
                        severity: .warning, file: conversation.file, line: requirement.line,
                        message: "`\(requirement.messageName)` may restate the message of `\(parent.name)` with its "
                            + "types written otherwise: if they are one type (a typealias), this relay takes the "
                            + "target's calls on the center, and controllers that speak `\(parent.name)` but not "
                            + "`\(conversation.name)` never hear them. Delete the restatement, or write its types as "
                            + "`\(parent.name)` does",
                        conditions: conditions))
            }
            // A restatement that keeps a relay of its own, under other `#if` clauses than its
            // ancestor's message, is not refused: where both are compiled, Swift takes the more
            // specific default.
            let ancestors = catalog.protocolAndAncestors(conversation)
            let others = relayed[requirement.messageName, default: []].filter { other in
                other.conversation != conversation && !ancestors.contains(other.conversation)
                    && !catalog.protocolAndAncestors(other.conversation).contains(conversation)
            }
            if let refusal = Self.nameTaken(
                requirement, conditions: conditions, centerMembers: centerMembers, relayedByOthers: others,
                names: catalog.typeNames)
            {
                isComplete = false
                diagnostics.append(
                    GeneratorDiagnostic(
                        severity: .error, file: conversation.file, line: requirement.line, message: refusal.message,
                        conditions: conditions))
                continue
            }
            switch Relay.code(for: requirement, of: conversation) {
            case .success(let code)?:
                if let earlier = Self.retainedNamesake(of: requirement, before: relays.map(\.requirement)) {
                    diagnostics.append(
                        GeneratorDiagnostic(
                            severity: .error, file: conversation.file, line: requirement.line,
                            message: Refusal.retainedNameTaken(requirement.messageName, by: earlier).message,
                            conditions: conversation.conditions
                                + Self.bothCompiled(earlier.conditions, requirement.conditions)))
                }
                relays.append((requirement, code))
                relayed[requirement.messageName, default: []].append((conversation, requirement))
            case .failure(let refusal)?:
                isComplete = false
                diagnostics.append(
                    GeneratorDiagnostic(
                        severity: .error, file: conversation.file, line: requirement.line, message: refusal.message,
                        conditions: conversation.conditions + requirement.conditions))
            case nil:
                break
            }
        }
        conversations.append(Conversation(declaration: conversation, relays: relays, isComplete: isComplete))
    }

    /// Warns at each comment line of a generated conversation, or of its members, that reads like
    /// a marker without being one, or is a marker in a plain comment, which would leave a message
    /// silently not retained or not quiet.
    ///
    /// On the protocol's own comment, only `Quiet` means something (every message quiet): a
    /// protocol is never retained, so a line like `- Retain` above it is no slip.
    private mutating func warnAboutMarkerSlips(in conversation: ProtocolDeclaration) {
        let marked =
            [(conversation.markerSlips, nil as Requirement?, conversation.conditions)]
            + conversation.requirements.map { requirement in
                (requirement.markerSlips, requirement, conversation.conditions + requirement.conditions)
            }
        for (slips, requirement, conditions) in marked {
            // A misspelled `NotAMessage` is not silent: the near-miss warning it meant to quiet stays.
            for slip in slips where slip.meant != .notAMessage && (requirement != nil || slip.meant == .quiet) {
                let effect =
                    if let requirement {
                        "`\(requirement.messageName)` is not \(slip.meant == .retained ? "retained" : "quiet")"
                    } else {
                        "the messages of `\(conversation.name)` are not quiet"
                    }
                let message =
                    if slip.isInPlainComment {
                        "`\(slip.written)` is in a plain comment, which marks nothing, so \(effect): write it in a "
                            + "doc comment, `\(slip.meant.spelling)`"
                    } else {
                        "`\(slip.written)` is not a marker the relay plugin knows, so \(effect): write "
                            + "`\(slip.meant.spelling)`, or reword the line"
                    }
                diagnostics.append(
                    GeneratorDiagnostic(
                        severity: .warning, file: conversation.file, line: slip.line, message: message,
                        conditions: conditions))
            }
        }
    }

    /// The target's `extension CommunicationCenter: P` that makes `conversation` hand-written, if any.
    private static func handConformance(of conversation: ProtocolDeclaration, catalog: Catalog) -> TypeDeclaration? {
        catalog.ownFiles.flatMap(\.types).first { type in
            type.kind == .extension && Catalog.isCenter(type.name)
                && type.inherited.contains { catalog.protocols(named: $0).contains(conversation) }
        }
    }

    /// The message of a conversation `conversation` refines that `requirement` restates, with
    /// surely one signature (closure attributes included, which ``haveOneSignature(_:_:names:)``
    /// leaves out), and compiled whenever `requirement` is, or `nil`.
    ///
    /// Both would be the center's members, and the refining conversation's default is the more
    /// specific one: Swift takes it for `center.ping()` and even for `(center as any Parent).ping()`,
    /// so a relay of its own would reach only the refining conversation's speakers.
    private static func restatedMessage(
        _ requirement: Requirement,
        of conversation: ProtocolDeclaration,
        catalog: Catalog
    ) -> (conversation: ProtocolDeclaration, requirement: Requirement)? {
        guard requirement.shape == .function || requirement.shape == .property else { return nil }
        let conditions = conversation.conditions + requirement.conditions
        let attributes = { (member: Requirement) in
            (member.parameters.map(\.type) + [member.type ?? ""]).map(WrittenType.attributes(in:))
        }
        for ancestor in catalog.protocolAndAncestors(conversation).dropFirst() where catalog.isConversation(ancestor) {
            let declared = ancestor.requirements.first { other in
                other.messageName == requirement.messageName
                    && conditions.starts(with: ancestor.conditions + other.conditions)
                    && other.isAsync == requirement.isAsync && other.throwsClause == requirement.throwsClause
                    && haveOneSignature(other, requirement, names: catalog.typeNames)
                    && attributes(other) == attributes(requirement)
            }
            if let declared { return (ancestor, declared) }
        }
        return nil
    }

    /// A conversation `conversation` refines whose message of `requirement`'s full name may be the
    /// same message with its types written otherwise: a typealias the generator cannot see
    /// through, where no type surely differs and closures carry the same attributes. Asked only of a message ``restatedMessage(_:of:catalog:)``
    /// did not find surely restated.
    private static func mayRestate(
        _ requirement: Requirement,
        of conversation: ProtocolDeclaration,
        catalog: Catalog
    ) -> ProtocolDeclaration? {
        guard requirement.shape == .function || requirement.shape == .property else { return nil }
        let types = { (member: Requirement) in member.parameters.map(\.type) + [member.type ?? "()"] }
        func surelyDiffer(_ one: String, _ other: String) -> Bool {
            guard let one = WrittenType(parsing: one), let other = WrittenType(parsing: other) else { return false }
            return one.likeness(to: other, names: catalog.typeNames) == .different
        }
        return catalog.protocolAndAncestors(conversation).dropFirst().first { ancestor in
            catalog.isConversation(ancestor)
                && ancestor.requirements.contains { other in
                    other.messageName == requirement.messageName && other.shape == requirement.shape
                        && other.genericClause == requirement.genericClause
                        && other.parameters.count == requirement.parameters.count
                        && other.isAsync == requirement.isAsync && other.throwsClause == requirement.throwsClause
                        && types(other).map(WrittenType.attributes(in:))
                            == types(requirement).map(WrittenType.attributes(in:))
                        && !zip(types(other), types(requirement)).contains { surelyDiffer($0, $1) }
                }
        }
    }

    /// The warning for a restated message: one whose refined conversation another module
    /// declares keeps a relay of its own, which takes the target's calls from that conversation's
    /// speakers; one the refined conversation's relay answers is relayed as that conversation
    /// marks it. `nil` when the restatement changes nothing.
    ///
    /// - Parameter isOwn: Whether the target declares the refined conversation.
    private static func restatementWarning(
        _ requirement: Requirement,
        of conversation: ProtocolDeclaration,
        restating restated: (conversation: ProtocolDeclaration, requirement: Requirement),
        isOwn: Bool
    ) -> GeneratorDiagnostic? {
        let name = requirement.messageName
        let parent = restated.conversation.name
        let message: String
        if isOwn {
            let marks = { (requirement: Requirement, conversation: ProtocolDeclaration) in
                (
                    quiet: requirement.markers.contains(.quiet) || conversation.markers.contains(.quiet),
                    retained: requirement.markers.contains(.retained)
                )
            }
            let (own, relayed) = (marks(requirement, conversation), marks(restated.requirement, restated.conversation))
            guard own != relayed else { return nil }
            let differences =
                (own.quiet == relayed.quiet ? [] : [relayed.quiet ? "quiet" : "not quiet"])
                + (own.retained == relayed.retained ? [] : [relayed.retained ? "retained" : "not retained"])
            message =
                "`\(name)` restates the message of `\(parent)`, whose relay answers it for both conversations, so "
                + "it is \(differences.joined(separator: " and ")), as `\(parent)` marks it: mark it alike in both"
        } else {
            message =
                "`\(name)` restates the message of `\(parent)`, which another module declares, so it gets a relay "
                + "of its own, and Swift takes that one for this target's calls on the center: controllers that "
                + "speak `\(parent)` but not `\(conversation.name)` never hear them. Delete the restatement to let "
                + "`\(parent)`'s relay answer for both"
        }
        return GeneratorDiagnostic(
            severity: .warning, file: conversation.file, line: requirement.line, message: message,
            conditions: conversation.conditions + requirement.conditions)
    }

    /// Why a member's name cannot be relayed, or `nil`: the center has a member of that full name,
    /// or another conversation of the target relays a message of that name where both are compiled.
    private static func nameTaken(
        _ requirement: Requirement,
        conditions: [ConditionFrame],
        centerMembers: [String: CenterMember],
        relayedByOthers: [(conversation: ProtocolDeclaration, requirement: Requirement)],
        names: TypeNames
    ) -> Refusal? {
        guard requirement.shape == .function || requirement.shape == .property else { return nil }
        if let member = centerMembers[requirement.messageName], member.takesOver(requirement) {
            return .centersOwnName(requirement.messageName, source: member.source)
        }
        // Only a namesake the center would get twice over: one signature, and surely compiled
        // together. Overloads by type, and members of separate `#if` blocks the generator cannot
        // weigh, are left to the compiler, which tells them apart or says so.
        let earlier = relayedByOthers.first { other in
            let otherConditions = other.conversation.conditions + other.requirement.conditions
            return areAlwaysCompiledTogether(otherConditions, conditions)
                && haveOneSignature(other.requirement, requirement, names: names)
        }
        guard let earlier else { return nil }
        let place = "\(earlier.conversation.file.split(separator: "/").last ?? ""):\(earlier.requirement.line)"
        return .messageOfAnother(requirement.messageName, conversation: earlier.conversation.name, place: place)
    }

    /// The center's members by full name, with where the center gets each: the kit's, and those of
    /// the extensions of `CommunicationCenter` the generator read that the target sees.
    static func centerMembers(in catalog: Catalog) -> [String: CenterMember] {
        var members: [String: CenterMember] = [:]
        for (name, source) in CenterMembers.names {
            let signature = CenterMembers.signatures[name]
            members[name] = CenterMember(
                source: source, parameterTypes: signature?.parameters.map(\.type), result: signature?.type,
                names: catalog.typeNames)
        }
        let reads = catalog.ownFiles.map { ($0, true) } + catalog.dependencyFiles.map { ($0, false) }
        for (file, isOwn) in reads {
            for type in file.types where type.kind == .extension && Catalog.isCenter(type.name) {
                for member in type.members where !member.isStatic && members[member.fullName] == nil {
                    let visible = member.access.map { isOwn ? $0 >= .internal : $0 >= .package } ?? isOwn
                    guard visible else { continue }
                    let plain = member.kind == .function && member.genericClause.isEmpty
                    members[member.fullName] = CenterMember(
                        source: "its extension at \(file.file.split(separator: "/").last ?? ""):\(type.line)",
                        parameterTypes: plain ? member.parameters.map(\.type) : nil, result: member.type,
                        names: catalog.typeNames)
                }
            }
        }
        return members
    }

    /// One of the center's members, as far as a message of its full name needs to know.
    struct CenterMember {
        /// Where the center gets it, as ``Refusal/centersOwnName(_:source:)`` names it.
        let source: String
        /// A plain function's parameter types; `nil` for a property, or for a generic function,
        /// whose types no message's can surely be.
        let parameterTypes: [String]?
        /// Its result or property type.
        let result: String?
        let names: TypeNames

        /// Whether the member would witness `message` and take every call: a property message of
        /// its name, or a function message whose parameter and result types are surely its own.
        func takesOver(_ message: Requirement) -> Bool {
            guard message.shape == .function else { return true }
            guard let parameterTypes, message.genericClause.isEmpty,
                parameterTypes.count == message.parameters.count
            else { return false }
            func same(_ written: String?, _ declared: String?) -> Bool {
                guard let written = WrittenType(parsing: written ?? "()"),
                    let declared = WrittenType(parsing: declared ?? "()")
                else { return false }
                return written.likeness(to: declared, names: names) == .same
            }
            return zip(message.parameters, parameterTypes).allSatisfy { same($0.type, $1) }
                && same(message.type, result)
        }
    }

    /// The retained message before `requirement` that has its name, when `requirement` is retained
    /// too and both can be compiled at once, or `nil`.
    ///
    /// The kit keeps a retained message by its conversation and its name (`sendRetained`'s
    /// `message:`), and the name `#function` gives leaves the parameter types out: two retained
    /// overloads would share one key, and the one sent later would silently replace the other for
    /// a controller attached afterwards. A message that is not retained is never kept, so it
    /// shares its name with a retained overload harmlessly.
    static func retainedNamesake(of requirement: Requirement, before earlier: [Requirement]) -> Requirement? {
        guard requirement.markers.contains(.retained) else { return nil }
        return earlier.first { other in
            other.markers.contains(.retained) && other.messageName == requirement.messageName
                && !areExclusive(other.conditions, requirement.conditions)
        }
    }

    /// Whether two members under these `#if` frames are compiled together whenever either is: one's
    /// frames are the start of the other's.
    static func areAlwaysCompiledTogether(_ lhs: [ConditionFrame], _ rhs: [ConditionFrame]) -> Bool {
        lhs.starts(with: rhs) || rhs.starts(with: lhs)
    }

    /// Whether two requirements of one full name surely have one signature, so that a center
    /// speaking both would get two defaults of one member: the same generic clause, and parameter
    /// and result types the same as written, sugar aside.
    static func haveOneSignature(_ lhs: Requirement, _ rhs: Requirement, names: TypeNames) -> Bool {
        guard lhs.shape == rhs.shape, lhs.genericClause == rhs.genericClause,
            lhs.parameters.count == rhs.parameters.count
        else { return false }
        func same(_ one: String?, _ other: String?) -> Bool {
            guard let one = WrittenType(parsing: one ?? "()"), let other = WrittenType(parsing: other ?? "()") else {
                return false
            }
            return one.likeness(to: other, names: names) == .same
        }
        return zip(lhs.parameters, rhs.parameters).allSatisfy { same($0.type, $1.type) } && same(lhs.type, rhs.type)
    }

    /// Whether two members under these `#if` frames are never compiled together: at the first
    /// level where their frames differ, one sits in a later clause of the same `#if` as the other.
    static func areExclusive(_ lhs: [ConditionFrame], _ rhs: [ConditionFrame]) -> Bool {
        guard let (left, right) = zip(lhs, rhs).first(where: { $0 != $1 }) else { return false }
        return right.earlierClauses.starts(with: left.openingLines)
            || left.earlierClauses.starts(with: right.openingLines)
    }

    /// The frames under which two members are both compiled: those they share, then each one's own.
    static func bothCompiled(_ lhs: [ConditionFrame], _ rhs: [ConditionFrame]) -> [ConditionFrame] {
        let shared = zip(lhs, rhs).prefix { $0 == $1 }.count
        return Array(lhs[..<shared]) + lhs[shared...] + rhs[shared...]
    }

    /// What makes a whole conversation impossible to relay, or `nil`.
    private static func problem(with conversation: ProtocolDeclaration) -> String? {
        if let access = conversation.access, access < .internal {
            return "`\(conversation.name)` is \(access.keyword), so the relay plugin's generated file cannot see it: "
                + "make it internal (or wider), or declare it by hand in its own file"
        }
        if let access = conversation.enclosingAccess, access < .internal {
            return "`\(conversation.name)` is nested in a \(access.keyword) type or extension, so the relay plugin's "
                + "generated file cannot see it: make the types and extensions around it internal (or wider), or "
                + "declare it by hand in its own file"
        }
        if conversation.hasPrimaryAssociatedTypes {
            return "a conversation cannot have primary associated types: senders reach it as "
                + "`any \(conversation.name)`; use concrete types"
        }
        if conversation.markers.contains(.retained) {
            return "`/// - Retained` marks a message, not a conversation: move it to each message to retain"
        }
        return nil
    }

    /// Reports each message of a hand-written conversation that has no relaying default anywhere.
    private mutating func checkHandWritten(
        _ conversation: ProtocolDeclaration,
        conformance: TypeDeclaration,
        catalog: Catalog
    ) {
        let ancestors = catalog.protocolAndAncestors(conversation)
        let witnesses = Set(
            (catalog.ownFiles + catalog.dependencyFiles).flatMap(\.types).filter { type in
                Catalog.isCenter(type.name) || ancestors.contains { catalog.protocols(named: type.name).contains($0) }
            }
            .flatMap(\.members).map(\.fullName))
        let place = "\(conformance.file.split(separator: "/").last ?? ""):\(conformance.line)"
        for requirement in conversation.requirements where !witnesses.contains(requirement.messageName) {
            guard requirement.shape == .function || requirement.shape == .property else { continue }
            var message =
                "`\(requirement.messageName)` has no relaying default: `\(conversation.name)` is written by "
                + "hand (`extension CommunicationCenter: \(conversation.name)` at \(place)), so "
            if case .success(let code)? = Relay.code(for: requirement, of: conversation) {
                message += "add `\(code)` to its extension"
            } else {
                message += "add its relaying default to its extension"
            }
            message += ", or delete the hand-written conformance and defaults to let the relay plugin write them"
            diagnostics.append(
                GeneratorDiagnostic(
                    severity: .error, file: conversation.file, line: requirement.line, message: message,
                    conditions: conversation.conditions + requirement.conditions))
        }
    }

    // MARK: - Imports

    /// The import lines the generated file needs: the imports of the files that declare its
    /// conversations, each spelled as those files spell it, and BCKit.
    ///
    /// A declaring file compiles, so its own spelling already gives its conversations what they
    /// need, and the relays use nothing else: their signatures are the conversation's, at its
    /// access level. Spelled any wider, `public import Foundation` for a plain `import
    /// Foundation`, the import warns that it is not used in public declarations. So an import
    /// keeps its spelling, with or without an access level, and adds no warning with or without
    /// the `InternalImportsByDefault` feature. Where files spell one import both ways, the widest
    /// wins: a plain import beside an explicit `public` one is written `public`, beside an explicit
    /// `package` one it is `package` only where that feature makes a plain import internal, and
    /// beside a narrower one it stays plain. BCKit, when no declaring file imports it, is imported
    /// plainly, or at the widest conversation's level where that feature is on.
    static func imports(for conversations: [ProtocolDeclaration], catalog: Catalog) -> [String] {
        guard !conversations.isEmpty else { return [] }
        var needed: [String: AccessLevel] = [:]
        for conversation in conversations {
            needed[conversation.file] = max(needed[conversation.file] ?? .internal, conversation.access ?? .internal)
        }
        /// How the declaring files spell one import: the widest explicit level, and whether any
        /// writes it plainly, or the level the generated file itself needs, for an import it adds.
        struct Spelling {
            var explicit: AccessLevel?
            var isWrittenPlainly = false
            var added: AccessLevel?
        }
        var spellings: [ImportKey: Spelling] = [:]
        for file in catalog.ownFiles where needed[file.file] != nil {
            for declaration in file.imports {
                let key = ImportKey(
                    attributes: declaration.attributes.filter { $0 != "@_exported" }, kind: declaration.kind,
                    path: declaration.path, conditions: declaration.conditions)
                if let access = declaration.access {
                    spellings[key, default: Spelling()].explicit = max(spellings[key]?.explicit ?? access, access)
                } else {
                    spellings[key, default: Spelling()].isWrittenPlainly = true
                }
            }
        }
        let bcKit = ImportKey(attributes: [], kind: nil, path: "BCKit", conditions: [])
        if !spellings.keys.contains(where: { $0.path == "BCKit" && $0.kind == nil && $0.conditions.isEmpty }) {
            spellings[bcKit] = Spelling(added: needed.values.max() ?? .internal)
        }
        return spellings.keys.sorted().map { key in
            let attributes = key.attributes.map { $0 + " " }.joined()
            let subject = (["import"] + (key.kind.map { [$0] } ?? []) + [key.path]).joined(separator: " ")
            let spelling = spellings[key] ?? Spelling()
            // The level a plain import would need where the feature makes it internal, if any.
            let featureLevel: AccessLevel?
            if let added = spelling.added {
                featureLevel = added > .internal ? min(added, .public) : nil
            } else if let explicit = spelling.explicit, !spelling.isWrittenPlainly || explicit >= .public {
                return Self.wrapped([attributes + explicit.keyword + " " + subject], in: key.conditions)
                    .joined(separator: "\n")
            } else {
                featureLevel = spelling.explicit == .package ? .package : nil
            }
            let lines =
                featureLevel.map { level in
                    [
                        "#if hasFeature(InternalImportsByDefault)", attributes + level.keyword + " " + subject, "#else",
                        attributes + subject, "#endif",
                    ]
                } ?? [attributes + subject]
            return Self.wrapped(lines, in: key.conditions).joined(separator: "\n")
        }
    }

    /// An import as the declaring files write it, its access level aside: one line of the
    /// generated file.
    struct ImportKey: Hashable, Comparable {
        var attributes: [String]
        var kind: String?
        var path: String
        var conditions: [ConditionFrame]

        /// By module, then kind, `#if` clauses and attributes: a total order, since the keys come
        /// from a dictionary, whose order changes from run to run with the process's hash seed.
        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.path, lhs.kind ?? "", "\(lhs.conditions)", "\(lhs.attributes)")
                < (rhs.path, rhs.kind ?? "", "\(rhs.conditions)", "\(rhs.attributes)")
        }
    }

    /// Lines wrapped in the `#if` frames that surround their declaration.
    static func wrapped(_ lines: [String], in conditions: [ConditionFrame]) -> [String] {
        conditions.flatMap(\.openingLines) + lines + conditions.map { _ in "#endif" }
    }
}
