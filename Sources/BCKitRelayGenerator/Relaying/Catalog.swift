/// Every protocol and type the generator read, across the target and its dependencies, with the
/// questions the planner and the near-miss check ask of them answered.
///
/// Names are matched as written or by their last component, so `BCKit.Conversation` and
/// `Conversation` name the same protocol, and a nested `Screen.CartConversation` is found as
/// `CartConversation`.
struct Catalog {
    /// The target's own files.
    let ownFiles: [SourceSummary]
    /// The files of the targets and products it depends on, read only.
    let dependencyFiles: [SourceSummary]

    /// What the type names written in all of them may stand for.
    let typeNames: TypeNames

    private var protocolsByName: [String: [ProtocolDeclaration]] = [:]
    private var typesByName: [String: [TypeDeclaration]] = [:]
    /// Whether a file read declares a protocol named `Conversation` that is not the kit's.
    private var hasOwnConversation = false

    /// The name of the protocol every conversation refines.
    static let conversation = "Conversation"
    /// The name of the type that conforms to every conversation.
    static let center = "CommunicationCenter"

    init(own: [SourceSummary], dependencies: [SourceSummary]) {
        typeNames = TypeNames(files: own + dependencies)
        // A parameter typed with a typealias of a closure type is a closure that does not escape.
        let closureAliases = Set((own + dependencies).flatMap(\.closureAliases))
        let own = Self.markingClosureParameters(in: own, closureAliases: closureAliases)
        let dependencies = Self.markingClosureParameters(in: dependencies, closureAliases: closureAliases)
        for file in own + dependencies {
            for declaration in file.protocols {
                for key in Self.keys(for: declaration.name) { protocolsByName[key, default: []].append(declaration) }
            }
        }
        hasOwnConversation = (protocolsByName[Self.conversation] ?? []).contains { declared in
            Self.lastComponent(declared.name) == Self.conversation
                && !declared.requirements.contains { $0.plainName == "forward" }
        }
        // A conformance written through a typealias (`final class NoteBody: NoteParts`) is read as
        // the names it composes, so every question below sees the protocols and superclass it names.
        let declaredTypes = Set((own + dependencies).flatMap(\.types).flatMap { Self.keys(for: $0.name) })
        let aliases = Self.typeAliases(in: own + dependencies, leavingOut: declaredTypes.union(protocolsByName.keys))
        let expand = { (files: [SourceSummary]) in
            files.map { file in
                var file = file
                for index in file.types.indices {
                    file.types[index].inherited = Self.expanded(file.types[index].inherited, aliases: aliases)
                }
                return file
            }
        }
        ownFiles = aliases.isEmpty ? own : expand(own)
        dependencyFiles = aliases.isEmpty ? dependencies : expand(dependencies)
        for file in ownFiles + dependencyFiles {
            for declaration in file.types {
                for key in Self.keys(for: declaration.name) { typesByName[key, default: []].append(declaration) }
            }
        }
    }

    /// `files` with each protocol parameter whose type is one of `closureAliases`, alone (not
    /// `@escaping Handler`), read as the non-escaping closure it is, as the type written out would be.
    private static func markingClosureParameters(
        in files: [SourceSummary],
        closureAliases: Set<String>
    ) -> [SourceSummary] {
        guard !closureAliases.isEmpty else { return files }
        return files.map { file in
            var file = file
            for (protocolIndex, declaration) in file.protocols.enumerated() {
                for (requirementIndex, requirement) in declaration.requirements.enumerated() {
                    for (parameterIndex, parameter) in requirement.parameters.enumerated()
                    where !parameter.type.contains(" ") && closureAliases.contains(lastComponent(parameter.type)) {
                        file.protocols[protocolIndex].requirements[requirementIndex].parameters[parameterIndex]
                            .isNonEscapingClosure = true
                    }
                }
            }
            return file
        }
    }

    /// The typealiases of type names the files declare, by name, but for those a declared type or
    /// protocol shares a name with, which a reference may mean instead.
    private static func typeAliases(in files: [SourceSummary], leavingOut declared: Set<String>) -> [String: [String]] {
        var aliases: [String: [String]] = [:]
        for file in files {
            for (name, parts) in file.typeAliases where !declared.contains(name) && aliases[name] == nil {
                aliases[name] = parts
            }
        }
        return aliases
    }

    /// `references` with each typealias replaced by the names it composes, through aliases of aliases.
    private static func expanded(_ references: [String], aliases: [String: [String]]) -> [String] {
        var result: [String] = []
        var visited: Set<String> = []
        var pending = Array(references.reversed())
        while let reference = pending.popLast() {
            if let parts = aliases[reference] ?? aliases[lastComponent(reference)] {
                if visited.insert(reference).inserted { pending += parts.reversed() }
            } else {
                result.append(reference)
            }
        }
        return result
    }

    private static func keys(for name: String) -> Set<String> {
        [name, String(name.split(separator: ".").last ?? Substring(name))]
    }

    private static func lastComponent(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    // MARK: - Protocols

    /// The protocols a reference such as `CartConversation` or `Shop.CartConversation` names.
    func protocols(named reference: String) -> [ProtocolDeclaration] {
        if let exact = protocolsByName[reference]?.filter({ $0.name == reference }), !exact.isEmpty { return exact }
        return protocolsByName[Self.lastComponent(reference)] ?? []
    }

    /// Whether a reference names the kit's `Conversation` itself: `BCKit.Conversation`, or a bare
    /// `Conversation` unless a file the generator read declares a `Conversation` of its own (a chat
    /// app's model), which the bare name then means. The kit's own declaration, read as a
    /// dependency inside BCKit's package, is told by its `forward` requirements.
    func isConversationRoot(_ reference: String) -> Bool {
        reference == "BCKit.\(Self.conversation)" || reference == Self.conversation && !hasOwnConversation
    }

    /// Whether the protocol refines `Conversation`, directly or through other protocols, and is
    /// not a controller's role.
    ///
    /// A protocol that also refines `BusinessController` (`protocol ChatPart: BusinessController,
    /// TypingConversation {}`) describes controllers, which the center is not: relaying it would
    /// make the center conform to `BusinessController`. The conversations it composes are relayed
    /// on their own.
    func isConversation(_ declaration: ProtocolDeclaration) -> Bool {
        var visited: Set<String> = []
        guard refinesConversation(declaration, visited: &visited) else { return false }
        return !protocolAndAncestors(declaration).contains { ancestor in
            ancestor.refined.contains(where: LifecycleCallbacks.isControllerProtocol)
        }
    }

    private func refinesConversation(_ declaration: ProtocolDeclaration, visited: inout Set<String>) -> Bool {
        guard visited.insert(declaration.name).inserted else { return false }
        for reference in declaration.refined {
            if isConversationRoot(reference) { return true }
            for parent in protocols(named: reference) where refinesConversation(parent, visited: &visited) {
                return true
            }
        }
        return false
    }

    /// The protocol and every protocol it refines, transitively, each once.
    func protocolAndAncestors(_ declaration: ProtocolDeclaration) -> [ProtocolDeclaration] {
        var result: [ProtocolDeclaration] = []
        var visited: Set<String> = []
        var queue = [declaration]
        while let next = queue.first {
            queue.removeFirst()
            guard visited.insert(next.name + "@" + next.file).inserted else { continue }
            result.append(next)
            for reference in next.refined { queue += protocols(named: reference) }
        }
        return result
    }

    /// Every conversation protocol the generator read.
    var allConversations: [ProtocolDeclaration] {
        (ownFiles + dependencyFiles).flatMap(\.protocols).filter(isConversation)
    }

    // MARK: - Types

    /// Whether a reference names the communication center.
    static func isCenter(_ reference: String) -> Bool {
        reference == center || reference == "BCKit.\(center)"
    }

    /// The declarations (type and extensions) a reference names.
    func types(named reference: String) -> [TypeDeclaration] {
        if let exact = typesByName[reference]?.filter({ $0.name == reference }), !exact.isEmpty { return exact }
        return typesByName[Self.lastComponent(reference)] ?? []
    }

    /// The declarations that make up the same type as `declaration`: its primary declaration and
    /// its extensions. When several files declare a type of that name (private types of tests),
    /// an extension in one of those files belongs to that file's type only.
    func declarations(ofTheTypeOf declaration: TypeDeclaration) -> [TypeDeclaration] {
        let all = types(named: declaration.name)
        let primaries = all.filter { $0.kind != .extension }
        guard primaries.count > 1 else { return all }
        let primaryHere = primaries.first { $0.file == declaration.file }
        guard let primaryHere else { return all }
        let otherPrimaryFiles = Set(primaries.map(\.file)).subtracting([primaryHere.file])
        return all.filter {
            $0.file == primaryHere.file || !otherPrimaryFiles.contains($0.file) && $0.kind == .extension
        }
    }

    /// The protocols a type conforms to, through its declarations, its superclasses and the
    /// protocols those refine.
    func protocolsSpoken(by declaration: TypeDeclaration) -> [ProtocolDeclaration] {
        var result: [ProtocolDeclaration] = []
        var seenProtocols: Set<String> = []
        for part in declarationsWithSuperclasses(of: declaration) {
            for reference in part.inherited {
                for found in protocols(named: reference).flatMap(protocolAndAncestors)
                where seenProtocols.insert(found.name + "@" + found.file).inserted {
                    result.append(found)
                }
            }
        }
        return result
    }

    /// Whether a type is a business controller: its declarations or its superclasses' name
    /// `BusinessController` or a kit protocol refining it (`RestorableController`), or a protocol
    /// it speaks refines one. The protocols are matched by their names, since the kit's sources
    /// are not always read.
    func isBusinessController(_ declaration: TypeDeclaration) -> Bool {
        conforms(declaration, to: LifecycleCallbacks.isControllerProtocol)
    }

    /// Whether a type is a restorable controller: as ``isBusinessController(_:)`` asks, for the
    /// kit's `RestorableController` alone.
    func isRestorable(_ declaration: TypeDeclaration) -> Bool {
        conforms(declaration, to: SavedStateKey.isProtocol)
    }

    /// Whether a type's declarations or its superclasses' name a kit protocol that `isKits`
    /// recognizes by name, or a protocol it speaks is one or refines one.
    private func conforms(_ declaration: TypeDeclaration, to isKits: (String) -> Bool) -> Bool {
        declarationsWithSuperclasses(of: declaration).contains { part in part.inherited.contains(where: isKits) }
            || protocolsSpoken(by: declaration).contains { spoken in
                isKits(spoken.name) || spoken.refined.contains(where: isKits)
            }
    }

    /// Whether a type is a module: its declarations or its superclasses' name BCKitModules'
    /// `Module`, or a protocol it speaks refines it. The protocol is matched by its name, since the
    /// kit's sources are not always read; a bare `Module` is not the kit's when a file the
    /// generator read declares a `Module` that does not refine `BusinessController`.
    func isModule(_ declaration: TypeDeclaration) -> Bool {
        let hasOwnModule = protocols(named: ModuleRequirements.protocolName).contains { declared in
            Self.lastComponent(declared.name) == ModuleRequirements.protocolName
                && !declared.refined.contains(where: LifecycleCallbacks.isProtocol)
        }
        let isKitsModule = { (reference: String) in
            ModuleRequirements.isProtocol(reference) && (!hasOwnModule || reference.contains("."))
        }
        return declarationsWithSuperclasses(of: declaration).contains { $0.inherited.contains(where: isKitsModule) }
            || protocolsSpoken(by: declaration).contains { $0.refined.contains(where: isKitsModule) }
    }

    /// The declarations of a type and of its superclasses, each once: where its members and
    /// conformances may be written.
    func declarationsWithSuperclasses(of declaration: TypeDeclaration) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        var seenTypes: Set<String> = []
        var pending = [declaration]
        while let next = pending.popLast() {
            for part in declarations(ofTheTypeOf: next)
            where seenTypes.insert("\(part.name)@\(part.file):\(part.line)").inserted {
                result.append(part)
                for reference in part.inherited where protocols(named: reference).isEmpty {
                    pending += types(named: reference).filter { $0.kind == .class }
                }
            }
        }
        return result
    }
}
