extension WrittenType {
    /// The type written in `text`, or `nil` when it holds what this parser does not read.
    init?(parsing text: String) {
        var parser = Parser(tokens: Lexer.tokens(of: text))
        guard let type = parser.parameterType(), parser.current.kind == .end else { return nil }
        self = type
    }

    /// The names of the attributes written anywhere in a type, sorted: `["MainActor", "escaping"]`
    /// for `@escaping @MainActor () -> Void`. The parsed type leaves them out.
    static func attributes(in text: String) -> [String] {
        let tokens = Lexer.tokens(of: text)
        return zip(tokens, tokens.dropFirst()).filter { $0.is("@") && $1.kind == .identifier }.map(\.1.name).sorted()
    }

    /// A recursive-descent reader over a type's tokens; each method returns `nil` on what it
    /// cannot read, which makes the whole type unreadable.
    private struct Parser {
        let tokens: [Token]
        var position = 0

        var current: Token { tokens[position] }

        mutating func advance() {
            if position < tokens.count - 1 { position += 1 }
        }

        /// A parameter's type: `inout T`, `T...`, or any type.
        mutating func parameterType() -> WrittenType? {
            skipAttributes()
            if current.is("inout") {
                advance()
                return type().map(WrittenType.inout)
            }
            guard let type = type() else { return nil }
            if current.is("...") {
                advance()
                return .variadic(type)
            }
            return type
        }

        /// A type, a composition included.
        mutating func type() -> WrittenType? {
            guard var first = postfixed() else { return nil }
            guard current.is("&") else { return first }
            var parts = [first]
            while current.is("&") {
                advance()
                guard let next = postfixed() else { return nil }
                parts.append(next)
            }
            first = .composition(parts.sorted { "\($0)" < "\($1)" })
            return first
        }

        private mutating func postfixed() -> WrittenType? {
            skipAttributes()
            while ["borrowing", "consuming", "__owned", "__shared", "sending", "isolated"].contains(current.text),
                tokens[position + 1].kind == .identifier || tokens[position + 1].is("(")
                    || tokens[position + 1].is("[") || tokens[position + 1].is("@")
            {
                advance()
                skipAttributes()
            }
            if current.is("some") {
                advance()
                _ = postfixed()
                return .opaque
            }
            if current.is("any") { advance() }
            guard var type = primary() else { return nil }
            while true {
                if current.is("?") || current.is("!") {
                    type = .optional(type)
                    advance()
                } else if current.is("."), ["Type", "Protocol"].contains(tokens[position + 1].text) {
                    advance()
                    type = .metatype(type, isProtocol: current.text == "Protocol")
                    advance()
                } else {
                    return type
                }
            }
        }

        private mutating func primary() -> WrittenType? {
            if current.is("(") { return parenthesized() }
            if current.is("[") {
                advance()
                guard let element = type() else { return nil }
                var result = WrittenType.nominal(["Array"], arguments: [element])
                if current.is(":") {
                    advance()
                    guard let value = type() else { return nil }
                    result = .nominal(["Dictionary"], arguments: [element, value])
                }
                guard current.is("]") else { return nil }
                advance()
                return result
            }
            return nominal()
        }

        private mutating func nominal() -> WrittenType? {
            var path: [String] = []
            var arguments: [WrittenType] = []
            while current.kind == .identifier, !["each", "repeat", "some", "any"].contains(current.text) {
                path.append(current.name)
                advance()
                arguments = []
                if current.is("<") {
                    advance()
                    while !current.is(">") {
                        guard let argument = type() else { return nil }
                        arguments.append(argument)
                        if current.is(",") { advance() } else if !current.is(">") { return nil }
                    }
                    advance()
                }
                guard current.is("."), tokens[position + 1].kind == .identifier,
                    !["Type", "Protocol"].contains(tokens[position + 1].text)
                else { break }
                advance()
            }
            guard !path.isEmpty else { return nil }
            if path.count > 1 && path[0] == "Swift" { path.removeFirst() }
            if path == ["Void"] && arguments.isEmpty { return .tuple([]) }
            return .nominal(path, arguments: arguments)
        }

        /// A tuple, a parenthesized type, or a function type's parameters and the rest of it.
        private mutating func parenthesized() -> WrittenType? {
            advance()
            var elements: [Element] = []
            while !current.is(")") {
                var label: String?
                if current.kind == .identifier, tokens[position + 1].is(":") {
                    label = current.name == "_" ? nil : current.name
                    advance()
                    advance()
                } else if current.kind == .identifier, tokens[position + 1].kind == .identifier,
                    tokens[position + 2].is(":")
                {
                    label = current.name == "_" ? nil : current.name
                    advance()
                    advance()
                    advance()
                }
                guard let type = parameterType() else { return nil }
                elements.append(Element(label: label, type: type))
                if current.is(",") { advance() } else if !current.is(")") { return nil }
                if current.kind == .end { return nil }
            }
            advance()
            var isAsync = false
            var thrown: WrittenType?
            while current.is("async") || current.is("throws") {
                if current.is("async") {
                    isAsync = true
                    advance()
                    continue
                }
                advance()
                thrown = .nominal(["Error"], arguments: [])
                if current.is("("), !current.followsSpace {
                    advance()
                    thrown = type()
                    guard thrown != nil, current.is(")") else { return nil }
                    advance()
                    if thrown == .nominal(["Never"], arguments: []) { thrown = nil }
                }
            }
            if current.is("->") {
                advance()
                guard let result = type() else { return nil }
                return .function(
                    parameters: elements.map(\.type), isAsync: isAsync, thrown: thrown, result: result)
            }
            guard !isAsync, thrown == nil else { return nil }
            if elements.count == 1, elements[0].label == nil, !Self.isParameterOnly(elements[0].type) {
                return elements[0].type
            }
            return .tuple(elements)
        }

        private static func isParameterOnly(_ type: WrittenType) -> Bool {
            switch type {
            case .inout, .variadic: true
            default: false
            }
        }

        private mutating func skipAttributes() {
            while current.is("@"), tokens[position + 1].kind == .identifier {
                advance()
                advance()
                if current.is("("), !current.followsSpace {
                    var depth = 0
                    repeat {
                        if current.is("(") { depth += 1 }
                        if current.is(")") { depth -= 1 }
                        advance()
                    } while depth > 0 && current.kind != .end
                }
            }
        }
    }
}
