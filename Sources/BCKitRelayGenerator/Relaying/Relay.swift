/// The relaying default of one message, written on one line, or why it cannot be written.
///
/// Each form is the one-call relay a hand-written default would use, with the message's name
/// passed explicitly (the name `#function` would give), so traces and retained keys are the
/// same as those of a hand-written default:
///
/// ```text
/// func cartDidChange(count: Int) { relay((any Cart).self, message: "cartDidChange(count:)") { $0.cartDidChange(count: count) } }
/// func title() -> String? { relay((any Cart).self, message: "title()") { $0.title() } }
/// func validate() throws { try relay((any Cart).self, message: "validate()") { try $0.validate() } }
/// func save() async { await relay((any Cart).self, message: "save()") { await $0.save() } }
/// func restore(_ p0: String) { relayRetained((any Cart).self, message: "restore(_:)") { $0.restore(p0) } }
/// var currentGoods: Goods? { relay((any Cart).self, message: .quiet("currentGoods")) { $0.currentGoods } }
/// ```
enum Relay {
    /// The relaying default of `requirement`, a member of `conversation`, or the error that says
    /// what to write instead; `nil` for a member that needs none (a `typealias`).
    static func code(for requirement: Requirement, of conversation: ProtocolDeclaration) -> Result<String, Refusal>? {
        let quiet = requirement.markers.contains(.quiet) || conversation.markers.contains(.quiet)
        let retained = requirement.markers.contains(.retained)
        let name = conversation.name
        switch requirement.shape {
        case .unreadable(let what):
            return .failure(.unreadable(what, conversation: name))
        case .other("typealias"):
            return nil
        case .other(let keyword):
            return .failure(.unsupportedMember(keyword, conversation: name))
        case .function, .property:
            break
        }
        // An operator's `static` cannot be removed, so it gets its own refusal before the modifier's.
        if let first = requirement.plainName.unicodeScalars.first, isOperatorHead(first) {
            return .failure(.operatorRequirement(requirement.plainName))
        }
        if let modifier = requirement.modifiers.first(where: { AccessLevel(keyword: $0) == nil }) {
            return .failure(.modifier(modifier))
        }
        let message = quiet ? ".quiet(\"\(requirement.messageName)\")" : "\"\(requirement.messageName)\""
        let access = conversation.access.map { $0 >= .package ? "\(min($0, .public).keyword) " : "" } ?? ""
        let attributes = requirement.attributes.map { $0 + " " }.joined()
        if requirement.shape == .property {
            return propertyCode(requirement, retained: retained, conversation: name).map { type in
                "\(attributes)\(access)var \(requirement.name): \(type) { relay((any \(name)).self, message: "
                    + "\(message)) { $0.\(requirement.name) } }"
            }
        }
        switch form(of: requirement, retained: retained, conversation: name) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let form):
            let parameters = zip(requirement.parameters, names(of: requirement.parameters)).map(declaration)
            let call = "$0." + Self.call(of: requirement)
            var signature = "\(attributes)\(access)func \(requirement.name)\(requirement.genericClause)"
            signature += "(\(parameters.joined(separator: ", ")))"
            if requirement.isAsync { signature += " async" }
            if let throwsClause = requirement.throwsClause { signature += " \(throwsClause)" }
            if let type = requirement.type { signature += " -> \(type)" }
            if !requirement.whereClause.isEmpty { signature += " \(requirement.whereClause)" }
            // A parameter named like the relay the body calls would hide it: `self.` reaches past.
            let shadowed = requirement.parameters.contains { parameter in
                let name = parameter.name?.trimming(["`"])
                return name == "relay" || name == "relayRetained"
            }
            let relay = shadowed ? "self.relay" : "relay"
            let body: String
            switch form {
            case .message, .question:
                body = "\(relay)((any \(name)).self, message: \(message)) { \(call) }"
            case .throwing:
                body = "try \(relay)((any \(name)).self, message: \(message)) { try \(call) }"
            case .async:
                body = "await \(relay)((any \(name)).self, message: \(message)) { await \(call) }"
            case .retained:
                body = "\(relay)Retained((any \(name)).self, message: \(message)) { \(call) }"
            }
            return .success("\(signature) { \(body) }")
        }
    }

    /// The one-call forms.
    enum Form: Equatable {
        case message
        case question
        case throwing
        case async
        case retained
    }

    /// The one-call form a function requirement takes, or why it has none.
    static func form(of requirement: Requirement, retained: Bool, conversation: String) -> Result<Form, Refusal> {
        if let parameter = requirement.parameters.first(where: \.isInout) {
            return .failure(.inoutParameter(parameter.name ?? parameter.label ?? "_"))
        }
        if let parameter = requirement.parameters.first(where: \.isVariadic) {
            return .failure(.variadic(parameter.name ?? parameter.label ?? "_", type: parameter.type))
        }
        for parameter in requirement.parameters {
            if let specifier = unforwardableSpecifier(of: parameter.type) {
                let name = parameter.name ?? parameter.label ?? "_"
                return .failure(.unforwardableParameter(name, specifier: specifier, type: parameter.type))
            }
        }
        if (requirement.parameters.map(\.type) + [requirement.type ?? ""]).contains(where: mentionsSelf) {
            return .failure(.selfType(conversation: conversation))
        }
        let isQuestion: Bool
        switch requirement.type.map(normalizedType) {
        case nil, "Void", "()":
            isQuestion = false
        case let type? where isOptional(type):
            isQuestion = true
        case let type?:
            return .failure(.result(type, explicitly: explicitForm(of: requirement, conversation: conversation)))
        }
        if let throwsClause = requirement.throwsClause, throwsClause != "throws" {
            return .failure(
                throwsClause.hasPrefix("rethrows")
                    ? .rethrowing
                    : .typedThrows(throwsClause, explicitly: explicitForm(of: requirement, conversation: conversation)))
        }
        let throwing = requirement.throwsClause != nil
        if retained {
            if isQuestion || throwing || requirement.isAsync { return .failure(.retainedNotPlain) }
            if let closure = requirement.parameters.first(where: \.isNonEscapingClosure) {
                return .failure(.retainedClosure(closure.name ?? closure.label ?? "_"))
            }
            return .success(.retained)
        }
        switch (isQuestion, throwing, requirement.isAsync) {
        case (false, false, false): return .success(.message)
        case (true, false, false): return .success(.question)
        case (false, true, false): return .success(.throwing)
        case (false, false, true): return .success(.async)
        case (true, _, _):
            return .failure(.effectfulQuestion(explicitly: explicitForm(of: requirement, conversation: conversation)))
        case (false, true, true):
            return .failure(.asyncThrowing(explicitly: explicitForm(of: requirement, conversation: conversation)))
        }
    }

    /// The explicit call on the center that puts `requirement`, a member with a result or with
    /// effects, to every receiver: each answer, or each receiver's error, comes back to the sender.
    ///
    /// Written against the center's public forms: the throwing `send` gathers the errors of a
    /// synchronous message, and `all`, sync or async, gathers answers. Neither `all` takes a
    /// throwing closure and no async form throws, so a throwing member with a result, or an
    /// `async throws` one, comes back as one `Result` per receiver.
    static func explicitForm(of requirement: Requirement, conversation: String) -> String {
        let call = Self.call(of: requirement)
        let target = "(any \(conversation)).self"
        let answer = requirement.type.map(normalizedType).flatMap { ["Void", "()"].contains($0) ? nil : $0 }
        switch (requirement.throwsClause != nil, requirement.isAsync) {
        case (false, false): return "center.all(\(target)) { $0.\(call) }"
        case (false, true): return "await center.all(\(target)) { await $0.\(call) }"
        case (true, false) where answer == nil: return "try center.send(\(target)) { try $0.\(call) }"
        case (true, false): return "center.all(\(target)) { receiver in Result { try receiver.\(call) } }"
        case (true, true):
            return "await center.all(\(target)) { receiver -> Result<\(answer ?? "Void"), any Error> in "
                + "do { return .success(try await receiver.\(call)) } catch { return .failure(error) } }"
        }
    }

    /// What makes a parameter impossible to forward to each receiver, written before its type, or `nil`.
    static func unforwardableSpecifier(of type: String) -> String? {
        // Specifiers and attributes come first; a closure type's own parameters are forwarded whole.
        let words = type.split(separator: " ")
        for (index, word) in words.enumerated() {
            switch word {
            case "@autoclosure", "consuming", "sending", "isolated": return String(word)
            case "repeat" where words.dropFirst(index + 1).first == "each": return "repeat each"
            case "borrowing", "__shared", "__owned": continue
            default:
                guard word.hasPrefix("@") else { return nil }
            }
        }
        return nil
    }

    /// Whether a type as written names `Self`, which a relay on the center cannot spell.
    static func mentionsSelf(_ type: String) -> Bool {
        type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains("Self")
    }

    /// Whether a name that starts with `scalar` is an operator's: it starts with one of Swift's
    /// operator-head characters. Anything else starts an identifier, an emoji included, since Swift
    /// takes U+10000–U+1FFFD as identifier heads where Unicode's XID_Start does not.
    static func isOperatorHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return "/=-+!*%<>&|^~?.".unicodeScalars.contains(scalar) }
        return operatorHeads.contains { $0.contains(scalar.value) }
    }

    /// The operator-head characters past ASCII, as The Swift Programming Language lists them.
    private static let operatorHeads: [ClosedRange<UInt32>] = [
        0xA1...0xA7, 0xA9...0xA9, 0xAB...0xAC, 0xAE...0xAE, 0xB0...0xB1, 0xB6...0xB6, 0xBB...0xBB, 0xBF...0xBF,
        0xD7...0xD7, 0xF7...0xF7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
        0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
        0x3008...0x3020, 0x3030...0x3030,
    ]

    private static func propertyCode(
        _ requirement: Requirement,
        retained: Bool,
        conversation: String
    ) -> Result<String, Refusal> {
        if mentionsSelf(requirement.type ?? "") { return .failure(.selfType(conversation: conversation)) }
        let type = normalizedType(requirement.type ?? "")
        if retained { return .failure(.retainedNotPlain) }
        if requirement.accessors.contains("set") { return .failure(.settableProperty(requirement.name, type: type)) }
        if requirement.isAsync || requirement.throwsClause != nil { return .failure(.effectfulProperty) }
        guard isOptional(type) else { return .failure(.nonOptionalProperty(requirement.name, type: type)) }
        return .success(requirement.type ?? type)
    }

    /// The call of a function requirement with its parameters as arguments: `cartDidChange(count: count)`.
    private static func call(of requirement: Requirement) -> String {
        let arguments = zip(requirement.parameters, names(of: requirement.parameters)).map { parameter, name in
            (parameter.label.map { "\($0): " } ?? "") + (keywords.contains(name) ? "`\(name)`" : name)
        }
        return "\(requirement.name)(\(arguments.joined(separator: ", ")))"
    }

    /// The name each parameter goes by in the relay: its own, or, for an unnamed one (`_: Int`),
    /// `p` and its position, `p0`, unless a parameter of the message is named so: two parameters
    /// of one name would not compile, so it then takes the next number no parameter uses.
    private static func names(of parameters: [Parameter]) -> [String] {
        var taken = Set(parameters.compactMap { $0.name.map(Token.unquoted) })
        return parameters.enumerated().map { index, parameter in
            if let name = parameter.name { return name }
            var number = index
            while taken.contains("p\(number)") { number += 1 }
            taken.insert("p\(number)")
            return "p\(number)"
        }
    }

    private static func declaration(of parameter: Parameter, named name: String) -> String {
        let label = parameter.label ?? "_"
        return (label == name ? name : "\(label) \(name)") + ": \(parameter.type)"
    }

    private static func normalizedType(_ type: String) -> String {
        type.trimming([" "])
    }

    /// The Optional that carries `type` as a question's answer: the type itself when it is one,
    /// `T?` for an implicitly unwrapped `T!`, a function or `some`/`any` type in parentheses.
    static func optional(_ type: String) -> String {
        if isOptional(type) { return type }
        if type.hasSuffix("!") { return type.dropLast() + "?" }
        if hasTopLevelArrow(Substring(type)) || type.hasPrefix("any ") || type.hasPrefix("some ") {
            return "(\(type))?"
        }
        return type + "?"
    }

    /// Whether a type as written is an `Optional`: `T?`, `Optional<T>`, or one in parentheses; a
    /// function type returning an Optional is not.
    static func isOptional(_ type: String) -> Bool {
        var type = Substring(type)
        while type.hasPrefix("("), type.hasSuffix(")"), isBalanced(type.dropFirst().dropLast()) {
            type = type.dropFirst().dropLast()
        }
        guard !hasTopLevelArrow(type) else { return false }
        return type.hasSuffix("?") || type.hasPrefix("Optional<") || type.hasPrefix("Swift.Optional<")
    }

    private static func isBalanced(_ text: Substring) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    private static func hasTopLevelArrow(_ text: Substring) -> Bool {
        var depth = 0
        var previous: Character = " "
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            case ">" where depth == 0: return true
            default: break
            }
            previous = character
        }
        return false
    }

    /// Words that must be backticked where an argument names a parameter.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]
}
