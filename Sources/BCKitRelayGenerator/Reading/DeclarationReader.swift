/// Reads the declarations the generator needs from one source file, tolerantly.
///
/// It reads imports, protocols with their members, and the names, conformances and members of
/// types and extensions, nested and local ones included. Everything else (bodies, initial values,
/// statements) is skipped by balancing its brackets. It never fails: what it cannot read inside a
/// protocol becomes an ``Requirement/Shape/unreadable(_:)`` member, which the planner turns into
/// an error at its line; anything else it cannot read is skipped up to the next declaration.
struct DeclarationReader {
    private let tokens: [Token]
    private var position = 0
    private var summary: SourceSummary
    /// The member lists of the types being read, innermost last.
    private var openTypes: [[MemberDeclaration]] = []
    /// The access levels written on the types and extensions being read, innermost last.
    private var openAccess: [AccessLevel?] = []

    /// The summary of one file's source.
    static func read(file: String, source: String) -> SourceSummary {
        var reader = DeclarationReader(file: file, tokens: Lexer.tokens(of: source))
        return reader.read()
    }

    private init(file: String, tokens: [Token]) {
        self.tokens = tokens
        summary = SourceSummary(file: file)
    }

    private mutating func read() -> SourceSummary {
        while current.kind != .end {
            readDeclarations(scope: [], conditions: [])
            if current.kind != .end { advance() }  // a stray `}` or `#endif`
        }
        return summary
    }

    // MARK: - Declarations

    /// Reads declarations up to a `}`, the end, or a clause of an enclosing `#if`, none consumed.
    private mutating func readDeclarations(scope: [String], conditions: [ConditionFrame]) {
        while true {
            switch current.kind {
            case .end:
                return
            case .directive:
                guard current.text == "#if" else { return }
                readConditional(conditions) { reader, frames in
                    reader.readDeclarations(scope: scope, conditions: frames)
                }
            case .punctuation where current.text == "}":
                return
            case .punctuation where current.text == ";":
                advance()
            default:
                readDeclaration(scope: scope, conditions: conditions)
            }
        }
    }

    private mutating func readDeclaration(scope: [String], conditions: [ConditionFrame]) {
        let start = position
        let line = current.line
        let (attributes, modifiers) = readAttributesAndModifiers()
        let comments = leadingComments(from: start)
        let markers = Marker.markers(in: comments)
        guard current.kind == .identifier else {
            if current.kind == .pound {
                skipPoundExpression()
            } else {
                skipStatement(from: start)
            }
            return
        }
        let access = modifiers.lazy.compactMap(AccessLevel.init(keyword:)).first
        switch current.text {
        case "import":
            readImport(attributes: attributes, access: access, conditions: conditions, line: line)
        case "protocol":
            readProtocol(
                scope: scope,
                header: Header(
                    line: line, access: access, markers: markers, markerSlips: Marker.slips(in: comments),
                    conditions: conditions)
            )
        case "class", "struct", "enum", "actor", "extension":
            readType(scope: scope, line: line, access: access, conditions: conditions)
        case "func":
            let nameLine = tokens[position + 1].line
            let signature = readFunctionSignature()
            if current.is("{") { skipBody(scanningForTypes: true) }
            addMember(
                MemberDeclaration(
                    kind: .function, name: signature.plainName,
                    labels: (signature.parameters ?? []).map { $0.label.map(Token.unquoted) },
                    line: line, nameLine: nameLine, isStatic: modifiers.contains { $0 == "static" || $0 == "class" },
                    access: access, markers: markers, conditions: conditions, genericClause: signature.genericClause,
                    parameters: signature.parameters ?? [], isAsync: signature.isAsync,
                    throwsClause: signature.throwsClause, type: signature.result,
                    isOverride: modifiers.contains("override")))
        case "var", "let":
            advance()
            if current.kind == .identifier {
                var member = MemberDeclaration(
                    kind: .property, name: current.name, labels: [], line: line, nameLine: current.line,
                    isStatic: modifiers.contains { $0 == "static" || $0 == "class" }, access: access,
                    markers: markers, conditions: conditions, isOverride: modifiers.contains("override"),
                    reference: Reference(modifiers: modifiers))
                advance()
                if current.is(":") {
                    advance()
                    let start = position
                    skipType(stoppingAt: ["{", "="])
                    member.type = position > start ? text(start..<position) : nil
                }
                // A body right after the type is a getter, unless it holds only observers.
                if current.is("{") {
                    member.isStored = ["willSet", "didSet"].contains(tokens[position + 1].text)
                }
                addMember(member)
            }
            skipDeclarationRest()
        default:
            if Self.declarationKeywords.contains(current.text) {
                if ["typealias", "associatedtype"].contains(current.text) { recordAliasName(after: position) }
                if current.text == "typealias" {
                    recordTypeAlias(at: position)
                    recordClosureAlias(at: position)
                }
                advance()
                skipDeclarationRest()
            } else {
                skipStatement(from: start)
            }
        }
    }

    private mutating func addMember(_ member: MemberDeclaration) {
        guard !openTypes.isEmpty else { return }
        openTypes[openTypes.count - 1].append(member)
    }

    /// What every declaration may carry before its keyword.
    private struct Header {
        var line: Int
        var access: AccessLevel?
        var markers: Set<Marker>
        var markerSlips: [Marker.Slip]
        var conditions: [ConditionFrame]
    }

    private mutating func readImport(
        attributes: [String],
        access: AccessLevel?,
        conditions: [ConditionFrame],
        line: Int
    ) {
        advance()
        var kind: String?
        if Self.importKinds.contains(current.text), tokens[position + 1].kind == .identifier {
            kind = current.text
            advance()
        }
        var path = ""
        while current.kind == .identifier || (current.is(".") && !path.isEmpty) {
            path += current.text
            advance()
            if current.startsLine { break }
        }
        summary.imports.append(
            ImportDeclaration(
                attributes: attributes, access: access, kind: kind, path: path, conditions: conditions, line: line))
    }

    private mutating func readProtocol(scope: [String], header: Header) {
        advance()
        guard current.kind == .identifier else { return }
        let name = (scope + [current.name]).joined(separator: ".")
        advance()
        var hasPrimaryAssociatedTypes = false
        if current.is("<") {
            hasPrimaryAssociatedTypes = true
            let start = position
            _ = readBalanced()
            recordGenericParameters(start..<position)
        }
        let inherited = current.is(":") ? readTypeList() : []
        var selfConstraints: [String] = []
        if current.is("where") {
            for requirement in readUntilBody().split(separator: ",") {
                let sides = requirement.split(separator: ":", maxSplits: 1)
                if sides.count == 2, String(sides[0]).trimming([" "]) == "Self" {
                    selfConstraints += sides[1].split(separator: "&").map { String($0).trimming([" "]) }
                }
            }
        }
        var requirements: [Requirement] = []
        if current.is("{") {
            advance()
            let strandedBefore = summary.strandedMarkers.count
            requirements = readRequirements(conditions: [])
            if current.is("}") { advance() }
            // The body's `#if` frames are its own: those around the protocol come first.
            for index in strandedBefore..<summary.strandedMarkers.count {
                summary.strandedMarkers[index].conditions.insert(contentsOf: header.conditions, at: 0)
            }
        }
        summary.protocols.append(
            ProtocolDeclaration(
                file: summary.file, name: name, line: header.line, access: header.access, inherited: inherited,
                selfConstraints: selfConstraints, hasPrimaryAssociatedTypes: hasPrimaryAssociatedTypes,
                requirements: requirements, markers: header.markers, markerSlips: header.markerSlips,
                conditions: header.conditions, enclosingAccess: openAccess.compactMap { $0 }.min()))
    }

    private mutating func readType(scope: [String], line: Int, access: AccessLevel?, conditions: [ConditionFrame]) {
        guard let kind = TypeDeclaration.Kind(rawValue: current.text) else { return }
        advance()
        var path: [String] = []
        while current.kind == .identifier {
            path.append(current.name)
            advance()
            if current.is("<") { readGenericClause(recording: kind != .extension) }
            guard current.is("."), tokens[position + 1].kind == .identifier else { break }
            advance()
        }
        guard !path.isEmpty else { return }
        if current.is("<") { readGenericClause(recording: kind != .extension) }
        let inherited = current.is(":") ? readTypeList() : []
        let hasWhereClause = current.is("where")
        if hasWhereClause { _ = readUntilBody() }
        let name = (kind == .extension ? path : scope + path).joined(separator: ".")
        guard current.is("{") else { return }
        advance()
        openTypes.append([])
        openAccess.append(access)
        readDeclarations(scope: name.split(separator: ".").map(String.init), conditions: conditions)
        if current.is("}") { advance() }
        openAccess.removeLast()
        let members = openTypes.removeLast()
        summary.types.append(
            TypeDeclaration(
                kind: kind, file: summary.file, name: name, line: line, inherited: inherited,
                hasWhereClause: hasWhereClause, members: members, conditions: conditions))
    }

    // MARK: - Protocol bodies

    /// Reads a protocol's members up to its `}` or a clause of an enclosing `#if`, not consumed.
    private mutating func readRequirements(conditions: [ConditionFrame]) -> [Requirement] {
        var requirements: [Requirement] = []
        while true {
            switch current.kind {
            case .end:
                return requirements
            case .directive:
                guard current.text == "#if" else { return requirements }
                readConditional(conditions) { reader, frames in
                    requirements += reader.readRequirements(conditions: frames)
                }
            case .punctuation where current.text == "}":
                return requirements
            case .punctuation where current.text == ";":
                advance()
            default:
                requirements.append(readRequirement(conditions: conditions))
            }
        }
    }

    private mutating func readRequirement(conditions: [ConditionFrame]) -> Requirement {
        var requirement = Requirement(shape: .function, line: current.line, conditions: conditions)
        let start = position
        (requirement.attributes, requirement.modifiers) = readAttributesAndModifiers()
        let comments = leadingComments(from: start)
        requirement.markers = Marker.markers(in: comments)
        requirement.markerSlips = Marker.slips(in: comments)
        switch (current.kind, current.text) {
        case (.identifier, "func"):
            let signature = readFunctionSignature()
            requirement.name = signature.name
            requirement.genericClause = signature.genericClause
            requirement.isAsync = signature.isAsync
            requirement.throwsClause = signature.throwsClause
            requirement.type = signature.result
            requirement.whereClause = signature.whereClause
            if let parameters = signature.parameters {
                requirement.parameters = parameters
            } else {
                requirement.shape = .unreadable("a parameter without a type")
            }
            if current.is("{") {
                skipBody(scanningForTypes: false)
                requirement.shape = .unreadable("a body in a protocol")
            }
        case (.identifier, "var"):
            advance()
            requirement.shape = .property
            requirement.name = current.text
            advance()
            guard current.is(":") else {
                requirement.shape = .unreadable("a property without a type")
                skipDeclarationRest()
                return requirement
            }
            advance()
            let start = position
            while !current.is("{") && !endsDeclaration(current) { advance() }
            requirement.type = text(start..<position)
            if current.is("{") {
                advance()
                while !current.is("}") && current.kind != .end {
                    requirement.accessors.append(current.text)
                    advance()
                }
                if current.is("}") { advance() }
            }
            requirement.isAsync = requirement.accessors.contains("async")
            requirement.throwsClause = requirement.accessors.contains("throws") ? "throws" : nil
        case (.identifier, let keyword) where Self.declarationKeywords.contains(keyword):
            if ["typealias", "associatedtype"].contains(keyword) { recordAliasName(after: position) }
            if keyword == "typealias" { recordClosureAlias(at: position) }
            requirement.shape = .other(keyword)
            advance()
            skipDeclarationRest()
        default:
            requirement.shape = .unreadable(current.kind == .end ? "the end of the file" : "`\(current.text)`")
            advance()
            skipDeclarationRest()
        }
        return requirement
    }

    // MARK: - Functions

    /// A function's signature, read from its `func` keyword up to its body or the next declaration.
    struct FunctionSignature {
        var name = ""
        var genericClause = ""
        /// The parameters, or `nil` when one of them has no type.
        var parameters: [Parameter]? = []
        var isAsync = false
        var throwsClause: String?
        var result: String?
        var whereClause = ""

        var plainName: String { Token.unquoted(name) }
    }

    private mutating func readFunctionSignature() -> FunctionSignature {
        var signature = FunctionSignature()
        advance()
        if current.kind == .identifier {
            signature.name = current.text
            advance()
        } else {
            while current.kind == .punctuation, !current.is("(") {
                signature.name += current.text
                advance()
                if current.followsSpace { break }
            }
        }
        if current.is("<") {
            let start = position
            signature.genericClause = readBalanced()
            recordGenericParameters(start..<position)
        }
        signature.parameters = current.is("(") ? readParameters() : nil
        effects: while current.kind == .identifier {
            switch current.text {
            case "async", "reasync":
                signature.isAsync = true
                advance()
            case "throws", "rethrows":
                let start = position
                advance()
                if current.is("("), !current.followsSpace { _ = readBalanced() }
                signature.throwsClause = text(start..<position)
            default:
                break effects
            }
        }
        if current.is("->") {
            advance()
            let start = position
            skipType(stoppingAt: ["{", "where"])
            signature.result = text(start..<position)
        }
        if current.is("where") {
            let start = position
            advance()
            skipType(stoppingAt: ["{"])
            signature.whereClause = text(start..<position)
        }
        return signature
    }

    /// Reads a parenthesized parameter list, or returns `nil` when a parameter has no type.
    private mutating func readParameters() -> [Parameter]? {
        advance()
        var parameters: [Parameter] = []
        var slices: [[Token]] = [[]]
        var depth = 0
        var inDefault = false
        while current.kind != .end {
            let token = current
            if depth == 0 && token.is(")") {
                advance()
                break
            }
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[": depth += 1
                case "<" where !inDefault: depth += 1
                case ")", "]": depth -= 1
                case ">" where !inDefault: depth -= 1
                case "=" where depth == 0: inDefault = true
                case "," where depth == 0:
                    slices.append([])
                    inDefault = false
                    advance()
                    continue
                default: break
                }
            }
            slices[slices.count - 1].append(token)
            advance()
        }
        for slice in slices where !slice.isEmpty {
            guard let parameter = Self.parameter(from: slice) else { return nil }
            parameters.append(parameter)
        }
        return parameters
    }

    private static func parameter(from tokens: [Token]) -> Parameter? {
        var tokens = tokens[...]
        while tokens.first?.is("@") == true {
            tokens = tokens.dropFirst(2)
        }
        guard let colon = tokens.firstIndex(where: { $0.is(":") }) else { return nil }
        let names = tokens[..<colon].map(\.text)
        guard (1...2).contains(names.count) else { return nil }
        let label = names[0] == "_" ? nil : names[0]
        let name = names[names.count - 1] == "_" ? nil : names[names.count - 1]
        var typeTokens = Array(tokens[tokens.index(after: colon)...])
        if let equals = typeTokens.firstIndex(where: { $0.is("=") }) { typeTokens = Array(typeTokens[..<equals]) }
        guard !typeTokens.isEmpty else { return nil }
        var depth = 0
        var hasArrowAtTop = false
        for token in typeTokens {
            if token.is("(") || token.is("[") { depth += 1 }
            if token.is(")") || token.is("]") { depth -= 1 }
            if token.is("->") && depth == 0 { hasArrowAtTop = true }
        }
        let isEscaping = zip(typeTokens, typeTokens.dropFirst()).contains { $0.is("@") && $1.text == "escaping" }
        return Parameter(
            label: label,
            name: name,
            type: joined(typeTokens[...]),
            isInout: typeTokens.first?.text == "inout",
            isVariadic: typeTokens.last?.is("...") == true,
            isNonEscapingClosure: hasArrowAtTop && !isEscaping
        )
    }

    // MARK: - Names that may stand for other types

    /// Records the name declared after the `typealias` or `associatedtype` keyword at `index`.
    private mutating func recordAliasName(after index: Int) {
        let name = tokens[index + 1]
        if name.kind == .identifier { summary.aliasNames.insert(name.name) }
    }

    /// Records the typealias whose `typealias` keyword is at `index` when its right side is a type
    /// name or an `&` composition of them, such as `BusinessController & Shop.NoteConversation`.
    private mutating func recordTypeAlias(at index: Int) {
        let name = tokens[index + 1]
        guard name.kind == .identifier, tokens[index + 2].is("=") else { return }
        var parts: [String] = []
        var part = ""
        for token in tokens[(index + 3)...] {
            if token.kind == .end || token.is("}") || token.is(";") || token.kind == .directive { break }
            // A new line ends the right side, unless a `&` or a `.` leaves it open.
            if token.startsLine && !part.isEmpty && !part.hasSuffix(".") { break }
            if token.is("&"), !part.isEmpty, !part.hasSuffix(".") {
                parts.append(part)
                part = ""
            } else if token.kind == .identifier, part.isEmpty || part.hasSuffix("."),
                !["any", "some"].contains(token.text)
            {
                part += token.name
            } else if token.is("."), !part.isEmpty, !part.hasSuffix(".") {
                part += "."
            } else {
                return
            }
        }
        guard !part.isEmpty, !part.hasSuffix(".") else { return }
        summary.typeAliases[name.name] = parts + [part]
    }

    /// Records the typealias whose `typealias` keyword is at `index` when its right side is a
    /// function type, `@Sendable (Int) -> Void`, rather than an optional one, `(() -> Void)?`.
    private mutating func recordClosureAlias(at index: Int) {
        let name = tokens[index + 1]
        guard name.kind == .identifier, tokens[index + 2].is("=") else { return }
        var depth = 0
        var next = index + 3
        while tokens[next].kind != .end, depth > 0 || !endsDeclaration(tokens[next]) && !tokens[next].is("}") {
            let token = tokens[next]
            if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
            if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
            if token.is("->") && depth == 0 {
                summary.closureAliases.insert(name.name)
                return
            }
            next += 1
        }
    }

    /// Reads a type's `<…>` clause, whose names are parameters unless an extension's arguments.
    private mutating func readGenericClause(recording: Bool) {
        let start = position
        _ = readBalanced()
        if recording { recordGenericParameters(start..<position) }
    }

    /// Records the parameter names of the generic clause `<T: P, each U>` in `range`.
    private mutating func recordGenericParameters(_ range: Range<Int>) {
        var depth = 0
        var expectsName = false
        for token in tokens[range] {
            if token.is("<") || token.is("(") || token.is("[") {
                depth += 1
                expectsName = depth == 1
            } else if token.is(">") || token.is(")") || token.is("]") {
                depth -= 1
            } else if depth == 1 && token.is(",") {
                expectsName = true
            } else if expectsName && token.kind == .identifier && token.text != "each" {
                summary.aliasNames.insert(token.name)
                expectsName = false
            }
        }
    }

    // MARK: - Pieces

    private mutating func readAttributesAndModifiers() -> (attributes: [String], modifiers: [String]) {
        var attributes: [String] = []
        var modifiers: [String] = []
        while true {
            if current.is("@"), tokens[position + 1].kind == .identifier {
                let start = position
                advance()
                advance()
                while current.is("."), tokens[position + 1].kind == .identifier {
                    advance()
                    advance()
                }
                if current.is("("), !current.followsSpace { _ = readBalanced() }
                attributes.append(text(start..<position))
            } else if current.kind == .identifier, isModifier(at: position) {
                var modifier = current.text
                advance()
                if current.is("("), !current.followsSpace {
                    modifier += readBalanced()
                }
                modifiers.append(modifier)
            } else {
                return (attributes, modifiers)
            }
        }
    }

    /// The comments that may mark the declaration whose first token is at `start`: those before it
    /// and among its attributes, up to the current token, its keyword. A comment on the line of the
    /// token before `start` trails the declaration written there, so it is left out.
    private func leadingComments(from start: Int) -> [Comment] {
        let comments = tokens[start...position].flatMap(\.comments)
        guard start > 0 else { return comments }
        return comments.filter { $0.line > tokens[start - 1].line }
    }

    private func isModifier(at index: Int) -> Bool {
        let word = tokens[index].text
        let next = tokens[index + 1]
        if word == "class" {
            return next.kind == .identifier
                && (Self.modifiers.contains(next.text) || ["func", "var", "let", "subscript"].contains(next.text))
        }
        guard Self.modifiers.contains(word) else { return false }
        return next.kind == .identifier || next.is("@") || (next.is("(") && !next.followsSpace)
    }

    /// Reads a list of types after a `:`, up to a `{` or `where`, each without its generic arguments.
    private mutating func readTypeList() -> [String] {
        advance()
        var names: [String] = []
        var name = ""
        var depth = 0
        while current.kind != .end {
            if depth == 0 && (current.is("{") || current.is("where") || endsDeclaration(current)) { break }
            switch current.text {
            case "<", "(", "[":
                depth += 1
            case ">", ")", "]":
                depth -= 1
            case "," where depth == 0, "&" where depth == 0:
                if !name.isEmpty { names.append(name) }
                name = ""
            case "@":
                advance()  // an attribute in the inheritance list (`@retroactive P`): its name is skipped
            default:
                if depth == 0 && (current.kind == .identifier || current.is(".")) && !current.is("~") {
                    if current.kind == .identifier, !name.isEmpty, !name.hasSuffix(".") { name = "" }
                    name += current.name
                }
            }
            advance()
        }
        if !name.isEmpty { names.append(name) }
        return names
    }

    /// Reads an `#if` block, handing each clause's contents to `readClause` with its frames.
    private mutating func readConditional(
        _ conditions: [ConditionFrame],
        _ readClause: (inout DeclarationReader, [ConditionFrame]) -> Void
    ) {
        var earlier: [String] = []
        while current.kind == .directive {
            recordStrandedMarkers(conditions: conditions)
            if current.text == "#endif" {
                advance()
                return
            }
            let clause = current.text == "#else" ? "#else" : "\(current.text) \(current.condition)"
            advance()
            readClause(&self, conditions + [ConditionFrame(earlierClauses: earlier, clause: clause)])
            earlier.append(clause)
            if current.kind == .directive && current.text == "#if" { return }
        }
    }

    /// Records the markers in the comments just before the current directive, which mark nothing:
    /// those of doc comments, and the slips, which no check before a declaration sees: markers in
    /// plain comments, and tags that read like one.
    private mutating func recordStrandedMarkers(conditions: [ConditionFrame]) {
        let comments = leadingComments(from: position)
        for comment in comments {
            for marker in Marker.allCases where Marker.markers(in: [comment]).contains(marker) {
                summary.strandedMarkers.append(
                    Marker.Stranded(line: comment.line, marker: marker, directive: current.text, conditions: conditions)
                )
            }
        }
        for slip in Marker.slips(in: comments) {
            summary.strandedMarkers.append(
                Marker.Stranded(
                    line: slip.line, marker: slip.meant, directive: current.text, conditions: conditions, slip: slip))
        }
    }

    // MARK: - Skipping

    /// Reads a balanced `(…)`, `[…]`, `{…}` or `<…>` group from its opening token, returning its text.
    private mutating func readBalanced() -> String {
        let start = position
        let open = current.text
        let close = ["(": ")", "[": "]", "{": "}", "<": ">"][open] ?? ")"
        var depth = 0
        while current.kind != .end {
            if current.is(open) { depth += 1 }
            if current.is(close) { depth -= 1 }
            advance()
            if depth == 0 { break }
        }
        return text(start..<position)
    }

    /// Skips a type or clause up to one of `stops` at depth zero, or the next declaration.
    private mutating func skipType(stoppingAt stops: Set<String>) {
        var depth = 0
        while current.kind != .end {
            if depth == 0 && (stops.contains(current.text) || endsDeclaration(current)) { return }
            if current.is("(") || current.is("[") || current.is("<") { depth += 1 }
            if current.is(")") || current.is("]") || current.is(">") { depth = max(0, depth - 1) }
            if current.is("}") && depth == 0 { return }
            advance()
        }
    }

    /// The tokens from `where` up to the body's `{`, as text.
    private mutating func readUntilBody() -> String {
        advance()
        let start = position
        skipType(stoppingAt: ["{"])
        return text(start..<position)
    }

    /// Skips a `{…}` body from its `{`; reads the local types it declares when asked.
    private mutating func skipBody(scanningForTypes: Bool) {
        var depth = 0
        while current.kind != .end {
            if current.is("{") { depth += 1 }
            if current.is("}") {
                depth -= 1
                if depth == 0 {
                    advance()
                    return
                }
            }
            if scanningForTypes, isLocalTypeDeclaration(at: position) {
                readType(scope: [], line: current.line, access: nil, conditions: [])
                continue
            }
            advance()
        }
    }

    private func isLocalTypeDeclaration(at index: Int) -> Bool {
        let token = tokens[index]
        guard token.kind == .identifier, ["class", "struct", "enum", "actor"].contains(token.text) else { return false }
        return tokens[index + 1].kind == .identifier && (index == 0 || !tokens[index - 1].is("."))
    }

    /// Skips the rest of a declaration: up to the next one, a `}` or a directive, at depth zero.
    private mutating func skipDeclarationRest() {
        while current.kind != .end && !endsDeclaration(current) && !current.is("}") {
            if current.is("(") || current.is("[") || current.is("{") {
                if current.is("{") {
                    skipBody(scanningForTypes: true)
                } else {
                    _ = readBalanced()
                }
            } else {
                advance()
            }
        }
    }

    /// Skips a statement of top-level code (or anything unreadable) up to the next declaration.
    private mutating func skipStatement(from start: Int) {
        if position == start { advance() }
        while current.kind != .end && !endsDeclaration(current) && !current.is("}") {
            if current.is("{") {
                skipBody(scanningForTypes: true)
            } else if current.is("(") || current.is("[") {
                _ = readBalanced()
            } else {
                advance()
            }
        }
    }

    private mutating func skipPoundExpression() {
        advance()
        if current.is("("), !current.followsSpace { _ = readBalanced() }
        if current.is("{") { skipBody(scanningForTypes: false) }
    }

    /// Whether `token` starts a new declaration on its own line, or is a directive or `;`.
    private func endsDeclaration(_ token: Token) -> Bool {
        if token.kind == .directive || token.is(";") { return true }
        guard token.startsLine else { return false }
        if token.is("@") || token.kind == .pound { return true }
        guard token.kind == .identifier else { return false }
        return Self.startsDeclaration(token.text)
    }

    /// Whether `word` starts a declaration: it is a declaration's keyword or a modifier.
    static func startsDeclaration(_ word: String) -> Bool {
        declarationKeywords.contains(word) || modifiers.contains(word) || word == "class" || word == "import"
    }

    // MARK: - Tokens

    private var current: Token { tokens[position] }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func text(_ range: Range<Int>) -> String {
        Self.joined(tokens[range])
    }

    /// Tokens as text, one space where the source had any whitespace or comment.
    private static func joined(_ tokens: ArraySlice<Token>) -> String {
        var text = ""
        for token in tokens {
            if token.followsSpace && !text.isEmpty { text += " " }
            text += token.text
        }
        return text
    }

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "override",
        "required", "convenience", "dynamic", "lazy", "weak", "unowned", "mutating", "nonmutating", "nonisolated",
        "indirect", "optional", "prefix", "postfix", "infix", "distributed", "isolated", "consuming", "borrowing",
        "__consuming",
    ]

    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "typealias", "associatedtype", "case", "operator",
        "precedencegroup", "macro", "protocol", "struct", "enum", "actor", "extension", "import",
    ]

    private static let importKinds: Set<String> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]
}
