/// Decodes a controller's piece from a ``SavedValue`` tree: the counterpart of
/// ``SavedValueEncoder``.
///
/// Numbers convert between the integer and floating-point forms when the value fits exactly, as
/// `JSONDecoder` does, since an archive carried through JSON comes back with `2.0` read as `2`.
struct SavedValueDecoder {
    /// Decodes a `Value` from `saved`.
    ///
    /// - Throws: `DecodingError` when the tree does not have the shape `Value` expects: a missing
    ///   key, another kind of value, a number out of range.
    static func decode<Value: Decodable>(_ type: Value.Type, from saved: SavedValue) throws -> Value {
        try decodeValue(type, from: saved, at: [])
    }
}

private func decodeValue<Value: Decodable>(
    _ type: Value.Type,
    from saved: SavedValue,
    at path: [any CodingKey]
) throws -> Value {
    // The common fields without a decoder of their own: each check is a constant of the
    // specialized function.
    switch saved {
    case .string(let value) where Value.self == String.self: return value as! Value
    case .bool(let value) where Value.self == Bool.self: return value as! Value
    case .int(let value) where Value.self == Int.self: if let value = Int(exactly: value) { return value as! Value }
    default: break
    }
    return try Value(from: TreeDecoder(value: saved, codingPath: path))
}

private func mismatch(_ type: Any.Type, _ saved: SavedValue, at path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
        type,
        DecodingError.Context(codingPath: path, debugDescription: "expected \(type), found \(saved.kindName)")
    )
}

private func decodeBool(_ saved: SavedValue, at path: [any CodingKey]) throws -> Bool {
    guard case .bool(let value) = saved else { throw mismatch(Bool.self, saved, at: path) }
    return value
}

private func decodeString(_ saved: SavedValue, at path: [any CodingKey]) throws -> String {
    guard case .string(let value) = saved else { throw mismatch(String.self, saved, at: path) }
    return value
}

private func decodeInteger<Value: FixedWidthInteger>(
    _ type: Value.Type,
    _ saved: SavedValue,
    at path: [any CodingKey]
) throws -> Value {
    let converted: Value?
    switch saved {
    case .int(let value): converted = Value(exactly: value)
    case .unsigned(let value): converted = Value(exactly: value)
    case .double(let value): converted = Value(exactly: value)
    default: throw mismatch(type, saved, at: path)
    }
    guard let converted else {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: path, debugDescription: "the saved number does not fit in \(type)")
        )
    }
    return converted
}

private func decodeDouble(_ saved: SavedValue, at path: [any CodingKey]) throws -> Double {
    switch saved {
    case .double(let value): return value
    case .int(let value): return Double(value)
    case .unsigned(let value): return Double(value)
    default: throw mismatch(Double.self, saved, at: path)
    }
}

/// A `Float` from a saved number: one beyond `Float`'s range is refused as an integer that does
/// not fit is, rather than read as an infinity (archives hold no infinities).
private func decodeFloat(_ saved: SavedValue, at path: [any CodingKey]) throws -> Float {
    let value = Float(try decodeDouble(saved, at: path))
    guard value.isFinite else {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: path, debugDescription: "the saved number does not fit in Float")
        )
    }
    return value
}

/// The `Decoder` a piece's `init(from:)` is handed.
private struct TreeDecoder: Decoder {
    let value: SavedValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch([String: Any].self, value, at: codingPath)
        }
        return KeyedDecodingContainer(KeyedTreeContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, value, at: codingPath) }
        return UnkeyedTreeContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTreeContainer(value: value, codingPath: codingPath)
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: SavedValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> SavedValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "no saved value for '\(key.stringValue)'")
            )
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decodeBool(member(key), at: codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decodeString(member(key), at: codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decodeDouble(member(key), at: codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decodeFloat(member(key), at: codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decodeInteger(type, member(key), at: codingPath + [key])
    }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decodeValue(type, from: member(key), at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: members["super"] ?? .null, codingPath: codingPath + [AnyKey("super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let elements: [SavedValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [SavedValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var path: [any CodingKey] { codingPath + [AnyKey(index: currentIndex)] }

    /// The next element; the index moves on only once it decoded, as `JSONDecoder`'s does.
    private func next(_ type: Any.Type) throws -> SavedValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(codingPath: path, debugDescription: "the saved array has no more elements")
            )
        }
        return elements[currentIndex]
    }

    private mutating func take<Value>(_ type: Value.Type, _ read: (SavedValue, [any CodingKey]) throws -> Value)
        throws -> Value
    {
        let value = try read(next(type), path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self) == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type, decodeBool) }
    mutating func decode(_ type: String.Type) throws -> String { try take(type, decodeString) }
    mutating func decode(_ type: Double.Type) throws -> Double { try take(type, decodeDouble) }
    mutating func decode(_ type: Float.Type) throws -> Float { try take(type, decodeFloat) }
    mutating func decode(_ type: Int.Type) throws -> Int { try take(type) { try decodeInteger(type, $0, at: $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try take(type) { try decodeInteger(type, $0, at: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try take(type) { try decodeInteger(type, $0, at: $1) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try take(type) { try decodeInteger(type, $0, at: $1) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try take(type) { try decodeInteger(type, $0, at: $1) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try take(type) { try decodeInteger(type, $0, at: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try take(type) { try decodeInteger(type, $0, at: $1) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try take(type) { try decodeInteger(type, $0, at: $1) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try take(type) { try decodeInteger(type, $0, at: $1) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try take(type) { try decodeInteger(type, $0, at: $1) }
    }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try take(type) { try decodeValue(type, from: $0, at: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try take(KeyedDecodingContainer<NestedKey>.self) {
            try TreeDecoder(value: $0, codingPath: $1).container(keyedBy: type)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try take((any UnkeyedDecodingContainer).self) { try TreeDecoder(value: $0, codingPath: $1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try take((any Decoder).self) { TreeDecoder(value: $0, codingPath: $1) }
    }
}

private struct SingleTreeContainer: SingleValueDecodingContainer {
    let value: SavedValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeBool(value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try decodeString(value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try decodeDouble(value, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try decodeFloat(value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type, value, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type, value, at: codingPath) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try decodeValue(type, from: value, at: codingPath)
    }
}
