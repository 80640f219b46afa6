/// One saved piece as the kit keeps it: the tree a `Codable` value encodes to, with no type of the
/// app's left in it, so an archive outlives the process (and the app's version) that wrote it.
///
/// The kit imports no Foundation, so it cannot lean on `JSONEncoder`: ``SavedValueEncoder`` and
/// ``SavedValueDecoder`` turn a piece into this tree and back, ``SavedStateArchive`` writes it as
/// bytes, and its `Codable` conformance lets an app's own encoder (JSON, property lists) carry it.
enum SavedValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// Every signed integer and every unsigned one that fits.
    case int(Int64)
    /// An unsigned integer above `Int64.max`.
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([SavedValue])
    case object([String: SavedValue])

    /// What the value is, in the words of a decoding error.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Bool"
        case .int, .unsigned: "an integer"
        case .double: "a floating-point number"
        case .string: "a String"
        case .array: "an array"
        case .object: "a keyed container"
        }
    }
}

// MARK: - Carried by another encoder

// An archive embedded in an app's own `Codable` state (a JSON file, a property list) carries its
// pieces as that format's plain values, so the file stays readable.
extension SavedValue: Codable {
    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                self = .null
                return
            }
            if let value = try? single.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? single.decode(Int64.self) {
                // JSON writes -0.0 as `-0`, which reads as the integer 0 too: keep its sign.
                if value == 0, let double = try? single.decode(Double.self), double.sign == .minus {
                    self = .double(double)
                    return
                }
                self = .int(value)
                return
            }
            if let value = try? single.decode(UInt64.self) {
                self = .unsigned(value)
                return
            }
            if let value = try? single.decode(Double.self) {
                self = .double(value)
                return
            }
            if let value = try? single.decode(String.self) {
                self = .string(value)
                return
            }
        }
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: SavedValue] = [:]
            for key in keyed.allKeys {
                object[key.stringValue] = try keyed.decode(SavedValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var array: [SavedValue] = []
            while !unkeyed.isAtEnd {
                array.append(try unkeyed.decode(SavedValue.self))
            }
            self = .array(array)
            return
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a saved value")
        )
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .int(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .unsigned(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let values):
            var unkeyed = encoder.unkeyedContainer()
            for value in values { try unkeyed.encode(value) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: AnyKey.self)
            // Sorted, so the same state always writes the same file.
            for key in members.keys.sorted() {
                try keyed.encode(members[key]!, forKey: AnyKey(key))
            }
        }
    }
}

/// A coding key made from whatever string or index a container holds.
struct AnyKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }
}
