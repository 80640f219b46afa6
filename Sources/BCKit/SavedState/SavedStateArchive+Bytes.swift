// The archive's compact byte format, which the platform adapters keep:
//
//     archive := "BCKS" version(1) body
//     body    := count(pieces) (string value)* count(owners) (string body)*   keys sorted
//     value   := tag payload: 0 null, 1 false, 2 true, 3 int (zigzag varint), 4 unsigned (varint),
//                5 double (8 bytes, little-endian bits), 6 string, 7 array (count value*),
//                8 object (count (string value)*, keys sorted)
//     string  := count(UTF-8 bytes) bytes;  count := unsigned LEB128 varint
//
// Keys are written sorted, so one state always gives the same bytes. The reader trusts nothing:
// every count is checked against the bytes left, nesting is bounded, strings must be UTF-8.

extension SavedStateArchive {
    /// The archive in the kit's compact format, for the platform's restoration storage.
    ///
    /// Deterministic: the same state gives the same bytes. ``init(bytes:)`` reads them back.
    public var bytes: [UInt8] {
        var writer = ArchiveWriter()
        writer.bytes.reserveCapacity(byteCount)
        writer.bytes.append(contentsOf: ArchiveWriter.magic)
        writer.bytes.append(ArchiveWriter.version)
        writer.write(self)
        return writer.bytes
    }

    /// The size of ``bytes``, counted without writing them.
    public var byteCount: Int {
        ArchiveWriter.magic.count + 1 + ArchiveWriter.size(of: self)
    }

    /// How many levels the bytes nest at most: the archive, each nested owner's archive, each
    /// piece, and each array or object inside a piece count one. The reader refuses deeper bytes,
    /// so a corrupt or hostile archive cannot exhaust the stack, and saving leaves out a piece
    /// that would go deeper, so what is written always reads back.
    static let nestingLimit = 128

    /// Reads an archive from the bytes ``bytes`` gave.
    ///
    /// The format carries no checksum: it trusts the platform's storage, as UIKit's restoration
    /// archive does. Bytes that are cut short or do not follow the format are refused, but bytes
    /// altered so that they still follow it (a changed letter in a string) read as what they say.
    ///
    /// - Parameter bytes: The bytes the platform kept.
    /// - Throws: ``SavedStateError/unreadableArchive(_:at:)`` when they are cut short, corrupted or
    ///   not an archive; nothing is partly read.
    public init(bytes: some Sequence<UInt8>) throws(SavedStateError) {
        var reader = ArchiveReader(bytes: Array(bytes))
        try reader.expectHeader()
        self = try reader.readArchive(depth: 0)
        guard reader.isAtEnd else { throw .unreadableArchive("bytes after the archive's end", at: reader.offset) }
    }
}

private struct ArchiveWriter {
    static let magic: [UInt8] = Array("BCKS".utf8)
    static let version: UInt8 = 1

    var bytes: [UInt8] = []

    mutating func write(_ archive: SavedStateArchive) {
        writeCount(archive.pieces.count)
        for key in archive.pieces.keys.sorted() {
            writeString(key)
            write(archive.pieces[key]!)
        }
        writeCount(archive.owners.count)
        for name in archive.owners.keys.sorted() {
            writeString(name)
            write(archive.owners[name]!)
        }
    }

    mutating func write(_ value: SavedValue) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let value): bytes.append(value ? 2 : 1)
        case .int(let value):
            bytes.append(3)
            writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        case .unsigned(let value):
            bytes.append(4)
            writeVarint(value)
        case .double(let value):
            bytes.append(5)
            var bits = value.bitPattern
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        case .string(let value):
            bytes.append(6)
            writeString(value)
        case .array(let elements):
            bytes.append(7)
            writeCount(elements.count)
            for element in elements { write(element) }
        case .object(let members):
            bytes.append(8)
            writeCount(members.count)
            for key in members.keys.sorted() {
                writeString(key)
                write(members[key]!)
            }
        }
    }

    mutating func writeString(_ string: String) {
        writeCount(string.utf8.count)
        bytes.append(contentsOf: string.utf8)
    }

    mutating func writeCount(_ count: Int) {
        writeVarint(UInt64(count))
    }

    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    static func size(of archive: SavedStateArchive) -> Int {
        var total = varintSize(UInt64(archive.pieces.count)) + varintSize(UInt64(archive.owners.count))
        for (key, value) in archive.pieces { total += stringSize(key) + size(of: value) }
        for (name, nested) in archive.owners { total += stringSize(name) + size(of: nested) }
        return total
    }

    static func size(of value: SavedValue) -> Int {
        switch value {
        case .null, .bool: return 1
        case .int(let value): return 1 + varintSize(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        case .unsigned(let value): return 1 + varintSize(value)
        case .double: return 9
        case .string(let value): return 1 + stringSize(value)
        case .array(let elements):
            return elements.reduce(1 + varintSize(UInt64(elements.count))) { $0 + size(of: $1) }
        case .object(let members):
            return members.reduce(1 + varintSize(UInt64(members.count))) {
                $0 + stringSize($1.key) + size(of: $1.value)
            }
        }
    }

    static func stringSize(_ string: String) -> Int {
        let count = string.utf8.count
        return varintSize(UInt64(count)) + count
    }

    static func varintSize(_ value: UInt64) -> Int {
        var size = 1
        var rest = value
        while rest >= 0x80 {
            size += 1
            rest >>= 7
        }
        return size
    }
}

private struct ArchiveReader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func expectHeader() throws(SavedStateError) {
        guard bytes.count >= ArchiveWriter.magic.count + 1, Array(bytes[0..<4]) == ArchiveWriter.magic else {
            throw .unreadableArchive("not a BCKit saved-state archive", at: 0)
        }
        guard bytes[4] == ArchiveWriter.version else {
            throw .unreadableArchive("format version \(bytes[4]), this kit reads \(ArchiveWriter.version)", at: 4)
        }
        offset = 5
    }

    mutating func readArchive(depth: Int) throws(SavedStateError) -> SavedStateArchive {
        guard depth < SavedStateArchive.nestingLimit else {
            throw .unreadableArchive("owners nested too deep", at: offset)
        }
        var archive = SavedStateArchive()
        let pieceCount = try readCount()
        for _ in 0..<pieceCount {
            let key = try readString()
            let value = try readValue(depth: depth + 1)
            guard archive.pieces.updateValue(value, forKey: key) == nil else {
                throw .unreadableArchive("the key '\(key)' appears twice", at: offset)
            }
        }
        let ownerCount = try readCount()
        for _ in 0..<ownerCount {
            let name = try readString()
            let nested = try readArchive(depth: depth + 1)
            guard archive.owners.updateValue(nested, forKey: name) == nil else {
                throw .unreadableArchive("the owner '\(name)' appears twice", at: offset)
            }
        }
        return archive
    }

    mutating func readValue(depth: Int) throws(SavedStateError) -> SavedValue {
        guard depth < SavedStateArchive.nestingLimit else {
            throw .unreadableArchive("values nested too deep", at: offset)
        }
        let tag = try readByte()
        switch tag {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3:
            let zigzag = try readVarint()
            return .int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case 4:
            return .unsigned(try readVarint())
        case 5:
            guard bytes.count - offset >= 8 else { throw .unreadableArchive("a number cut short", at: offset) }
            var bits: UInt64 = 0
            for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[offset + index]) }
            offset += 8
            return .double(Double(bitPattern: bits))
        case 6:
            return .string(try readString())
        case 7:
            let count = try readCount()
            var elements: [SavedValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try readValue(depth: depth + 1)) }
            return .array(elements)
        case 8:
            let count = try readCount()
            var members: [String: SavedValue] = [:]
            members.reserveCapacity(count)
            for _ in 0..<count {
                let key = try readString()
                guard members.updateValue(try readValue(depth: depth + 1), forKey: key) == nil else {
                    throw .unreadableArchive("the member '\(key)' appears twice", at: offset)
                }
            }
            return .object(members)
        default:
            throw .unreadableArchive("unknown value tag \(tag)", at: offset - 1)
        }
    }

    mutating func readByte() throws(SavedStateError) -> UInt8 {
        guard offset < bytes.count else { throw .unreadableArchive("the archive is cut short", at: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readVarint() throws(SavedStateError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64, shift < 63 || byte <= 1 else { throw .unreadableArchive("a number too large", at: start) }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// A count of things that follow, each at least one byte: never more than the bytes left.
    mutating func readCount() throws(SavedStateError) -> Int {
        let start = offset
        let count = try readVarint()
        guard count <= UInt64(bytes.count - offset) else {
            throw .unreadableArchive("a count of \(count) with \(bytes.count - offset) bytes left", at: start)
        }
        return Int(count)
    }

    mutating func readString() throws(SavedStateError) -> String {
        let start = offset
        let count = try readCount()
        let slice = bytes[offset..<offset + count]
        guard let string = String(validating: slice, as: UTF8.self) else {
            throw .unreadableArchive("a string that is not UTF-8", at: start)
        }
        offset += count
        return string
    }
}

extension SavedValue {
    /// Whether the value takes at most `levels` levels of the bytes: one for itself, one more for
    /// each array or object around its deepest element. The walk stops at the limit, so a value too
    /// deep is not walked to its bottom.
    func nests(within levels: Int) -> Bool {
        guard levels > 0 else { return false }
        switch self {
        case .array(let elements): return elements.allSatisfy { $0.nests(within: levels - 1) }
        case .object(let members): return members.values.allSatisfy { $0.nests(within: levels - 1) }
        case .null, .bool, .int, .unsigned, .double, .string: return true
        }
    }
}
