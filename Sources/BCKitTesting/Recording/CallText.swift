/// A call as a test writes it in an expectation, `peerDidStartTyping(userID: "bob")`, taken
/// apart so that a failed expectation can say how it differs from what was recorded: a missing
/// label, a wrong argument, another method.
struct CallText: Equatable {
    /// One argument: its label, if written, and its value as text.
    struct Argument: Equatable {
        let label: String?
        let value: String
    }

    /// What comes before the arguments: `Conversation.method`, `method`, or a property's name.
    let base: String
    /// The arguments; `nil` when the text has no parentheses.
    let arguments: [Argument]?

    /// Takes `text` apart; a text it cannot read becomes a base with no arguments.
    init(_ text: String) {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            base = text
            arguments = nil
            return
        }
        base = String(text[..<open])
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        arguments = Self.split(inner).map(Self.argument)
    }

    /// The arguments of a call, split at the commas outside quotes and brackets.
    private static func split(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        let last = text[start...]
        if !parts.isEmpty || !last.allSatisfy(\.isWhitespace) { parts.append(last) }
        return parts
    }

    /// One argument's label, if it starts with `identifier:`, and value.
    private static func argument(_ text: Substring) -> Argument {
        let trimmed = text.drop(while: \.isWhitespace)
        if let colon = trimmed.firstIndex(of: ":"),
            case let label = trimmed[..<colon],
            let first = label.first, first.isLetter || first == "_",
            label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        {
            return Argument(
                label: String(label), value: String(trimmed[trimmed.index(after: colon)...].drop(while: \.isWhitespace))
            )
        }
        return Argument(label: nil, value: String(trimmed).trimmingTrailingWhitespace())
    }

    /// How a recorded call differs from this expected one, in words, most telling first.
    func differences(from recorded: CallText) -> [String] {
        guard base == recorded.base else {
            return ["another method: `\(recorded.base)`, not `\(base)`"]
        }
        guard let expected = arguments, let actual = recorded.arguments else { return [] }
        guard expected.count == actual.count else {
            return ["\(actual.count) argument\(actual.count == 1 ? "" : "s") recorded, \(expected.count) expected"]
        }
        var differences: [String] = []
        for (position, (want, got)) in zip(expected, actual).enumerated() {
            let which = "argument \(position + 1)"
            switch (want.label, got.label) {
            case (nil, let label?):
                differences.append("missing label `\(label):` on \(which)")
            case (let label?, nil):
                differences.append("\(which) has no label in the recorded call, not `\(label):`")
            case (let wanted?, let label?) where wanted != label:
                differences.append("label `\(label):` on \(which), not `\(wanted):`")
            default:
                break
            }
            if want.value != got.value {
                let quoting =
                    got.value == "\"\(want.value)\""
                    ? " (strings are written quoted, as `String(reflecting:)` does)" : ""
                differences.append("\(which) is `\(got.value)`, not `\(want.value)`\(quoting)")
            }
        }
        return differences
    }

    /// How many single-character edits turn one text into another (Levenshtein distance).
    static func distance(_ from: String, _ to: String) -> Int {
        let source = Array(from)
        let target = Array(to)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for row in 1...source.count {
            current[0] = row
            for column in 1...target.count {
                let substitution = previous[column - 1] + (source[row - 1] == target[column - 1] ? 0 : 1)
                current[column] = min(previous[column] + 1, current[column - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
