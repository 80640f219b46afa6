import Foundation

/// Finds a key written twice in one JSON object, which `JSONDecoder` resolves without a word by
/// keeping one of the two: a manifest route with `"guards": []` and `"guards": ["signedIn"]`
/// would open to everyone.
///
/// It reads JSON that decoded already, so it tracks only what it needs: objects, arrays, strings
/// and the commas between members.
enum DuplicateKeyScan {
    /// One step of the way to a key: a member's key, or an element's position.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// An object or array being read, with where it sits.
    private enum Container {
        case object(keys: Set<String>, awaitingKey: Bool, lastKey: String?)
        case array(index: Int)
    }

    /// The way to the first key that appears twice in its object, that key last; `nil` when every
    /// object's keys are distinct.
    static func firstDuplicate(in json: Data) -> [Step]? {
        let bytes = [UInt8](json)
        var stack: [Container] = []
        var path: [Step] = []
        var position = 0
        // The step that leads from the innermost container to a value that starts now.
        func stepIntoValue() {
            switch stack.last {
            case .object(_, _, let key?)?: path.append(.key(key))
            case .array(let index)?: path.append(.index(index))
            default: break
            }
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stepIntoValue()
                stack.append(
                    byte == UInt8(ascii: "{") ? .object(keys: [], awaitingKey: true, lastKey: nil) : .array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
                if !stack.isEmpty, !path.isEmpty { path.removeLast() }
            case UInt8(ascii: ","):
                switch stack.last {
                case .object(let keys, _, let key)?:
                    stack[stack.count - 1] = .object(keys: keys, awaitingKey: true, lastKey: key)
                case .array(let index)?: stack[stack.count - 1] = .array(index: index + 1)
                case nil: break
                }
            case UInt8(ascii: "\""):
                let (text, end) = string(in: bytes, from: position)
                position = end
                if case .object(var keys, true, _)? = stack.last {
                    guard keys.insert(text).inserted else { return path + [.key(text)] }
                    stack[stack.count - 1] = .object(keys: keys, awaitingKey: false, lastKey: text)
                }
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// The string whose opening quote is at `start`, decoded, and the position of its closing quote.
    private static func string(in bytes: [UInt8], from start: Int) -> (String, Int) {
        var end = start + 1
        var isEscaped = false
        var hasEscapes = false
        while end < bytes.count {
            if isEscaped {
                isEscaped = false
            } else if bytes[end] == UInt8(ascii: "\\") {
                isEscaped = true
                hasEscapes = true
            } else if bytes[end] == UInt8(ascii: "\"") {
                break
            }
            end += 1
        }
        let raw = bytes[start...min(end, bytes.count - 1)]
        // Escapes name one key in several spellings (`"a"`, `"\u0061"`): compare them decoded.
        if hasEscapes, let decoded = try? JSONDecoder().decode(String.self, from: Data(raw)) {
            return (decoded, end)
        }
        return (String(decoding: raw.dropFirst().dropLast(), as: UTF8.self), end)
    }
}
