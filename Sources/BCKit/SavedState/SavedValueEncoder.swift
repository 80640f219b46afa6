/// Encodes a controller's piece into a ``SavedValue`` tree: the kit's own encoder, since the core
/// imports no Foundation.
///
/// Containers write into reference nodes, so a nested container or a super-encoder taken early and
/// filled late still lands in place, as `Codable` allows; the finished nodes then become one value.
struct SavedValueEncoder {
    /// Encodes `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` when a value cannot be kept (a number that is not
    ///   finite, or one value written as two kinds of container, or as a container and a single
    ///   value), or whatever the value's own `encode(to:)` throws.
    static func encode<Value: Encodable>(_ value: Value) throws -> SavedValue {
        if let plain = SavedValueNode.plain(value) { return plain }
        let root = SavedValueNode()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return try root.finished()
    }
}

/// Where one value is being written.
final class SavedValueNode {
    /// A member of a container: a finished value, or a node still being written (a nested value or
    /// container). Plain members take no node of their own, which keeps a piece of a few fields to
    /// one allocation.
    enum Member {
        case value(SavedValue)
        case node(SavedValueNode)

        func finished() throws -> SavedValue {
            switch self {
            case .value(let value): value
            case .node(let node): try node.finished()
            }
        }
    }

    enum Content {
        /// Nothing asked for a container yet: an empty keyed container, as `JSONEncoder` writes one.
        case unset
        case value(SavedValue)
        case object([String: Member])
        case array([Member])
    }

    var content = Content.unset
    /// The first request this node could not take: a container of another kind than the one it
    /// is, or a single value where it is a container, or the reverse. `Encoder`'s container
    /// requests cannot throw, so it is thrown once the piece is finished; the node keeps what it
    /// holds meanwhile, and what is written into the refused request is dropped with the piece.
    private var refusal: EncodingError?

    /// The value written, once the piece's `encode(to:)` returned.
    ///
    /// - Throws: The first request a node of the piece refused.
    func finished() throws -> SavedValue {
        if let refusal { throw refusal }
        switch content {
        case .unset: return .object([:])
        case .value(let value): return value
        case .object(let members): return .object(try members.mapValues { try $0.finished() })
        case .array(let elements): return .array(try elements.map { try $0.finished() })
        }
    }

    /// The value as a plain one, for the types every piece is made of, without an encoder.
    static func plain<Value: Encodable>(_ value: Value) -> SavedValue? {
        switch value {
        case let value as String: .string(value)
        case let value as Int: .int(Int64(value))
        case let value as Bool: .bool(value)
        case let value as Double: value.isFinite ? .double(value) : nil
        default: nil
        }
    }

    /// Makes this node a keyed container, keeping what an earlier request wrote.
    func becomeObject(at path: [any CodingKey]) {
        switch content {
        case .unset: content = .object([:])
        case .object: break
        case .value, .array: refuse("a keyed container", at: path)
        }
    }

    /// Makes this node an unkeyed container, keeping what an earlier request wrote.
    func becomeArray(at path: [any CodingKey]) {
        switch content {
        case .unset: content = .array([])
        case .array: break
        case .value, .object: refuse("an unkeyed container", at: path)
        }
    }

    /// Makes this node a single value; a later one replaces it, as in a keyed container.
    func become(_ value: SavedValue, at path: [any CodingKey]) {
        switch content {
        case .unset, .value: content = .value(value)
        case .object, .array: refuse("a single value", at: path)
        }
    }

    private func refuse(_ request: String, at path: [any CodingKey]) {
        guard refusal == nil else { return }
        let held =
            switch content {
            case .unset, .value: "a single value"
            case .object: "a keyed container"
            case .array: "an unkeyed container"
            }
        refusal = EncodingError.invalidValue(
            request,
            EncodingError.Context(
                codingPath: path,
                debugDescription: "\(request) was asked for where \(held) was written; "
                    + "write each value as one kind of container, or as one single value"
            )
        )
    }

    func set(_ value: SavedValue, for key: String) {
        guard case .object(var members) = content else { return }
        // Emptied first, so the dictionary is changed in place rather than copied.
        content = .unset
        members[key] = .value(value)
        content = .object(members)
    }

    /// The node to write under `key`. A nested container asked for again under one key goes on in
    /// the node it has there (`reusing`); a value encoded again replaces the first, as `JSONEncoder`
    /// has it, so it gets a new node.
    func child(for key: String, reusing: Bool) -> SavedValueNode {
        guard case .object(var members) = content else { return SavedValueNode() }
        if reusing, case .node(let existing) = members[key] { return existing }
        content = .unset
        let node = SavedValueNode()
        members[key] = .node(node)
        content = .object(members)
        return node
    }

    func append(_ value: SavedValue) {
        guard case .array(var elements) = content else { return }
        content = .unset
        elements.append(.value(value))
        content = .array(elements)
    }

    func appendChild() -> SavedValueNode {
        let node = SavedValueNode()
        guard case .array(var elements) = content else { return node }
        content = .unset
        elements.append(.node(node))
        content = .array(elements)
        return node
    }

    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

/// The `Encoder` a piece's `encode(to:)` is handed.
private struct NodeEncoder: Encoder {
    let node: SavedValueNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject(at: codingPath)
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray(at: codingPath)
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// Encodes a value of any type into `node`: plain values at once, others through their own
/// `encode(to:)`.
private func encode<Value: Encodable>(_ value: Value, into node: SavedValueNode, at path: [any CodingKey]) throws {
    if let plain = SavedValueNode.plain(value) {
        node.become(plain, at: path)
        return
    }
    try value.encode(to: NodeEncoder(node: node, codingPath: path))
}

/// The value of a floating-point number, refused when it is not finite: not every format the
/// archive travels in (JSON) can carry it back.
private func finite(_ value: Double, at path: [any CodingKey]) throws -> SavedValue {
    guard value.isFinite else {
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(codingPath: path, debugDescription: "\(value) cannot be saved; save a finite number")
        )
    }
    return .double(value)
}

private func integer<Value: FixedWidthInteger>(_ value: Value) -> SavedValue {
    if let signed = Int64(exactly: value) { return .int(signed) }
    return .unsigned(UInt64(value))
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: SavedValueNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.set(try finite(value, at: codingPath + [key]), for: key.stringValue)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        node.set(try finite(Double(value), at: codingPath + [key]), for: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.set(integer(value), for: key.stringValue) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try BCKit.encode(value, into: node.child(for: key.stringValue, reusing: false), at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(for: key.stringValue, reusing: true)
        child.becomeObject(at: codingPath + [key])
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(for: key.stringValue, reusing: true)
        child.becomeArray(at: codingPath + [key])
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(for: "super", reusing: false), codingPath: codingPath + [AnyKey("super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(for: key.stringValue, reusing: false), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: SavedValueNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private var nextPath: [any CodingKey] { codingPath + [AnyKey(index: count)] }

    mutating func encodeNil() throws { node.append(.null) }
    mutating func encode(_ value: Bool) throws { node.append(.bool(value)) }
    mutating func encode(_ value: String) throws { node.append(.string(value)) }
    mutating func encode(_ value: Double) throws { node.append(try finite(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws { node.append(try finite(Double(value), at: nextPath)) }
    mutating func encode(_ value: Int) throws { node.append(integer(value)) }
    mutating func encode(_ value: Int8) throws { node.append(integer(value)) }
    mutating func encode(_ value: Int16) throws { node.append(integer(value)) }
    mutating func encode(_ value: Int32) throws { node.append(integer(value)) }
    mutating func encode(_ value: Int64) throws { node.append(integer(value)) }
    mutating func encode(_ value: UInt) throws { node.append(integer(value)) }
    mutating func encode(_ value: UInt8) throws { node.append(integer(value)) }
    mutating func encode(_ value: UInt16) throws { node.append(integer(value)) }
    mutating func encode(_ value: UInt32) throws { node.append(integer(value)) }
    mutating func encode(_ value: UInt64) throws { node.append(integer(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let path = nextPath
        try BCKit.encode(value, into: node.appendChild(), at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = node.appendChild()
        child.becomeObject(at: path)
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = node.appendChild()
        child.becomeArray(at: path)
        return UnkeyedNodeContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(node: node.appendChild(), codingPath: path)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: SavedValueNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.become(.null, at: codingPath) }
    mutating func encode(_ value: Bool) throws { node.become(.bool(value), at: codingPath) }
    mutating func encode(_ value: String) throws { node.become(.string(value), at: codingPath) }
    mutating func encode(_ value: Double) throws { node.become(try finite(value, at: codingPath), at: codingPath) }
    mutating func encode(_ value: Float) throws {
        node.become(try finite(Double(value), at: codingPath), at: codingPath)
    }
    mutating func encode(_ value: Int) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: Int8) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: Int16) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: Int32) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: Int64) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: UInt) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: UInt8) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: UInt16) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: UInt32) throws { node.become(integer(value), at: codingPath) }
    mutating func encode(_ value: UInt64) throws { node.become(integer(value), at: codingPath) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try BCKit.encode(value, into: node, at: codingPath)
    }
}
