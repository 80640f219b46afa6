import BCKit
import Foundation
import Testing

/// A piece with every shape the kit's own encoder writes: plain fields, optionals, nested values,
/// arrays, dictionaries, enums with associated values, and numbers at their limits.
struct EveryShape: Codable, Hashable {
    enum Mode: Codable, Hashable {
        case idle
        case editing(field: String, cursor: Int)
    }

    var text = "héllo, 世界"
    var empty = ""
    var flag = true
    var small: Int8 = -128
    var big = Int64.min
    var huge = UInt64.max
    var ratio = 0.1
    var single: Float = 2.5
    var missing: Int? = nil
    var present: String? = "here"
    var list = [1, 2, 3]
    var nested = [[1.5], [], [-2]]
    var table = ["b": 2, "a": 1]
    var byNumber = [7: "seven"]
    var mode = Mode.editing(field: "email", cursor: 4)
    var modes = [Mode.idle]
}

/// A class hierarchy that encodes its superclass through a super-encoder.
class Base: Codable {
    var id = 0
    init(id: Int) { self.id = id }
}

final class Derived: Base, @unchecked Sendable {
    var label = ""

    init(id: Int, label: String) {
        self.label = label
        super.init(id: id)
    }

    private enum CodingKeys: String, CodingKey { case label }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try super.encode(to: container.superEncoder())
    }
}

@Suite struct SavedStateArchiveTests {
    /// An archive with two pieces here and one in a nested owner.
    func sample() throws -> SavedStateArchive {
        var archive = SavedStateArchive()
        try archive.setPiece(EveryShape(), forKey: "shapes")
        try archive.setPiece("draft", forKey: "composer")
        var nested = SavedStateArchive()
        try nested.setPiece(42, forKey: "scroll")
        archive[owner: "Reviews"] = nested
        return archive
    }

    @Test func everyShapeSurvivesTheBytesRoundTrip() throws {
        let archive = try sample()
        let read = try SavedStateArchive(bytes: archive.bytes)
        #expect(read == archive)
        #expect(try read.piece(EveryShape.self, forKey: "shapes") == EveryShape())
        #expect(try read.piece(String.self, forKey: "composer") == "draft")
        #expect(try read[owner: "Reviews"]?.piece(Int.self, forKey: "scroll") == 42)
    }

    @Test func aSuperclassEncodedThroughASuperEncoderComesBack() throws {
        var archive = SavedStateArchive()
        try archive.setPiece(Derived(id: 7, label: "seven"), forKey: "derived")
        let read = try SavedStateArchive(bytes: archive.bytes).piece(Derived.self, forKey: "derived")
        #expect(read?.id == 7)
        #expect(read?.label == "seven")
    }

    @Test func byteCountIsTheSizeOfTheBytes() throws {
        let archive = try sample()
        #expect(archive.byteCount == archive.bytes.count)
        #expect(SavedStateArchive().byteCount == SavedStateArchive().bytes.count)
    }

    @Test func theSameStateAlwaysGivesTheSameBytes() throws {
        // Dictionaries built in two orders: the bytes sort keys, so they agree.
        var first = SavedStateArchive()
        try first.setPiece(["x": 1, "y": 2, "z": 3], forKey: "a")
        try first.setPiece(true, forKey: "b")
        var second = SavedStateArchive()
        try second.setPiece(true, forKey: "b")
        try second.setPiece(["z": 3, "y": 2, "x": 1], forKey: "a")
        #expect(first.bytes == second.bytes)
    }

    @Test func anArchiveRidesInsideAnAppsOwnJSONAsReadableValues() throws {
        let archive = try sample()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(archive)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""composer":"draft""#))
        #expect(text.contains(#""owners":{"Reviews":{"pieces":{"scroll":42}}}"#))
        let read = try JSONDecoder().decode(SavedStateArchive.self, from: json)
        // JSON keeps no difference between 2.0 and 2, nor Int8 and Int: the pieces still decode.
        #expect(try read.piece(EveryShape.self, forKey: "shapes") == EveryShape())
        #expect(try read[owner: "Reviews"]?.piece(Int.self, forKey: "scroll") == 42)
    }

    @Test(arguments: [-0.0, 0.0, -1.5])
    func aDoubleKeepsItsSignThroughBytesAndAnAppsOwnJSON(_ value: Double) throws {
        // JSON writes -0.0 as `-0`, which also reads as the integer 0.
        var archive = SavedStateArchive()
        try archive.setPiece(["offset": value], forKey: "scroll")
        let fromJSON = try JSONDecoder().decode(SavedStateArchive.self, from: try JSONEncoder().encode(archive))
        for read in [fromJSON, try SavedStateArchive(bytes: archive.bytes)] {
            let offset = try #require(try read.piece([String: Double].self, forKey: "scroll")?["offset"])
            #expect(offset == value)
            #expect(offset.sign == value.sign)
        }
    }

    @Test func aWholeNumberSavedAsDoubleReadsAsAnIntegerAndBack() throws {
        var archive = SavedStateArchive()
        try archive.setPiece(3.0, forKey: "double")
        try archive.setPiece(4, forKey: "int")
        #expect(try archive.piece(Int.self, forKey: "double") == 3)
        #expect(try archive.piece(Double.self, forKey: "int") == 4.0)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberNoFormatCanCarryBackIsNotSaved(_ value: Double) {
        var archive = SavedStateArchive()
        #expect(throws: SavedStateError.self) { try archive.setPiece(["ratio": value], forKey: "ratio") }
        #expect(archive.keys.isEmpty)
    }

    /// A piece whose `encode(to:)` asks one encoder, or one key, for two kinds of container, or
    /// for a container and a single value: one of the two would be lost, so the piece is refused.
    @Test(arguments: MixedRequests.Mix.allCases)
    func aValueWrittenAsTwoKindsIsRefusedNotHalfKept(_ mix: MixedRequests.Mix) {
        var archive = SavedStateArchive()
        let error = #expect(throws: SavedStateError.self) { try archive.setPiece(MixedRequests(mix: mix), forKey: "m") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("was asked for where"))
        #expect(archive.keys.isEmpty)
    }

    @Test func aValueWrittenTwiceAsOneKindIsKept() throws {
        var archive = SavedStateArchive()
        try archive.setPiece(MixedRequests(mix: nil), forKey: "m")
        #expect(try archive.piece([String: Int].self, forKey: "m") == ["a": 1, "b": 2])
    }

    /// A value encoded again under one key replaces the first, whatever either is, as
    /// `JSONEncoder` has it: a default written before the real value, or a shorter list.
    @Test(arguments: [
        WrittenTwice(first: nil, second: [3]), WrittenTwice(first: [0, 0], second: [3]),
        WrittenTwice(first: [0], second: nil),
    ])
    func aValueEncodedAgainUnderOneKeyReplacesTheFirst(_ piece: WrittenTwice) throws {
        var archive = SavedStateArchive()
        try archive.setPiece(piece, forKey: "twice")
        let expected = try JSONDecoder().decode([String: [Int]?].self, from: JSONEncoder().encode(piece))
        #expect(try archive.piece([String: [Int]?].self, forKey: "twice") == expected)
        #expect(expected == ["list": piece.second])
    }

    @Test func aPieceOfAnotherShapeNamesWhatWasExpectedWhere() throws {
        var archive = SavedStateArchive()
        try archive.setPiece(["count": "three"], forKey: "counter")
        struct Counter: Decodable { var count: Int }
        let error = try #require(throws: SavedStateError.self) { try archive.piece(Counter.self, forKey: "counter") }
        #expect("\(error)".contains("the piece 'counter' could not be restored"))
        #expect("\(error)".contains("at count"))
    }

    @Test func aNumberThatDoesNotFitIsRefused() throws {
        var archive = SavedStateArchive()
        try archive.setPiece(300, forKey: "level")
        #expect(throws: SavedStateError.self) { try archive.piece(UInt8.self, forKey: "level") }
        #expect(try archive.piece(UInt16.self, forKey: "level") == 300)
    }

    @Test func aNumberBeyondFloatsRangeIsRefusedNotReadAsInfinity() throws {
        // Read as a single value, a keyed member and an array element: the decoder's three paths.
        struct Keyed: Decodable { var gain: Float }
        var archive = SavedStateArchive()
        try archive.setPiece(1e300, forKey: "gain")
        try archive.setPiece(["gain": 1e300], forKey: "keyed")
        try archive.setPiece([1e300], forKey: "list")
        #expect(throws: SavedStateError.self) { try archive.piece(Float.self, forKey: "gain") }
        #expect(throws: SavedStateError.self) { try archive.piece(Keyed.self, forKey: "keyed") }
        #expect(throws: SavedStateError.self) { try archive.piece([Float].self, forKey: "list") }
        try archive.setPiece(-2.5, forKey: "gain")
        #expect(try archive.piece(Float.self, forKey: "gain") == -2.5)
    }

    /// The bytes read values nested at most 128 levels deep, the archive and the piece counted, so
    /// a piece that would not read back is refused when it is set, not at the next launch.
    @Test func aPieceNestedTooDeepForTheBytesIsRefusedWhenSet() throws {
        var archive = SavedStateArchive()
        let error = #expect(throws: SavedStateError.self) {
            try archive.setPiece(CommentThread.nested(depth: 70), forKey: "thread")
        }
        #expect(error.map { "\($0)".contains("nested too deep") } == true)
        #expect(archive.keys.isEmpty)
    }

    /// A thread of 62 replies and the array around it take 127 levels, the archive's own the 128th.
    @Test func aPieceThatFillsTheNestingLimitReadsBack() throws {
        var archive = SavedStateArchive()
        try archive.setPiece([CommentThread.nested(depth: 62)], forKey: "thread")
        let read = try SavedStateArchive(bytes: archive.bytes)
        #expect(try read.piece([CommentThread].self, forKey: "thread") == [.nested(depth: 62)])
        #expect(throws: SavedStateError.self) {
            try archive.setPiece([CommentThread.nested(depth: 63)], forKey: "thread")
        }
    }

    @Test func settingNilRemovesAPiece() throws {
        var archive = try sample()
        try archive.setPiece(String?.none, forKey: "composer")
        #expect(archive.keys == ["shapes"])
        #expect(try archive.piece(String.self, forKey: "composer") == nil)
    }

    @Test func emptinessCountsNestedOwners() throws {
        var archive = SavedStateArchive()
        #expect(archive.isEmpty)
        archive[owner: "Nested"] = SavedStateArchive()
        #expect(archive.isEmpty)
        var nested = SavedStateArchive()
        try nested.setPiece(1, forKey: "k")
        archive[owner: "Nested"] = nested
        #expect(!archive.isEmpty)
        #expect(archive.ownerNames == ["Nested"])
    }

    // MARK: - Corrupt archives

    /// Bytes that are not an archive, each with the reason the reader gives.
    static let corrupt: [(name: String, bytes: [UInt8], reason: String)] = [
        ("empty", [], "not a BCKit saved-state archive"),
        ("another format", Array("{\"pieces\":{}}".utf8), "not a BCKit saved-state archive"),
        ("a newer version", Array("BCKS".utf8) + [2, 0, 0], "format version 2"),
        ("an unknown tag", Array("BCKS".utf8) + [1, 1, 1, 0x6B, 9, 0], "unknown value tag 9"),
        ("a trailing byte", Array("BCKS".utf8) + [1, 0, 0, 0], "bytes after the archive's end"),
        ("a count past the end", Array("BCKS".utf8) + [1, 0x7F], "a count of 127 with 0 bytes left"),
        ("a string not UTF-8", Array("BCKS".utf8) + [1, 1, 1, 0xFF, 0, 0], "not UTF-8"),
        ("a key twice", Array("BCKS".utf8) + [1, 2, 1, 0x6B, 0, 1, 0x6B, 0, 0], "appears twice"),
        (
            "a number too large",
            Array("BCKS".utf8) + [1, 1, 1, 0x6B, 4] + Array(repeating: 0xFF, count: 10) + [1, 0], "too large"
        ),
        (
            "nesting too deep",
            Array("BCKS".utf8) + [1, 1, 1, 0x6B] + Array(repeating: 7, count: 300).flatMap { [$0, 1] }, "too deep"
        ),
    ]

    @Test(arguments: corrupt)
    func corruptBytesAreRefusedWithTheReason(_ corrupt: (name: String, bytes: [UInt8], reason: String)) {
        let error = #expect(throws: SavedStateError.self) { try SavedStateArchive(bytes: corrupt.bytes) }
        #expect(error.map { "\($0)".contains(corrupt.reason) } == true, "\(corrupt.name): \(String(describing: error))")
    }

    @Test func everyCutOfAValidArchiveIsRefused() throws {
        let bytes = try sample().bytes
        for length in 0..<bytes.count {
            #expect(throws: SavedStateError.self, "cut at \(length)") {
                try SavedStateArchive(bytes: bytes[0..<length])
            }
        }
    }
}

/// Asks its encoder for what `mix` names, writing into both requests; with no mix, for the same
/// keyed container twice, which is allowed.
struct MixedRequests: Encodable {
    enum Mix: CaseIterable, Sendable {
        case keyedThenUnkeyed, unkeyedThenKeyed, singleThenKeyed, keyedThenSingle, oneKeyAsBothKinds
    }

    enum Key: CodingKey { case a, b }

    let mix: Mix?

    func encode(to encoder: any Encoder) throws {
        switch mix {
        case nil:
            var first = encoder.container(keyedBy: Key.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: Key.self)
            try second.encode(2, forKey: .b)
        case .keyedThenUnkeyed:
            var keyed = encoder.container(keyedBy: Key.self)
            try keyed.encode(1, forKey: .a)
            var unkeyed = encoder.unkeyedContainer()
            try unkeyed.encode(99)
            try keyed.encode(2, forKey: .b)
        case .unkeyedThenKeyed:
            var unkeyed = encoder.unkeyedContainer()
            try unkeyed.encode(99)
            var keyed = encoder.container(keyedBy: Key.self)
            try keyed.encode(1, forKey: .a)
        case .singleThenKeyed:
            var single = encoder.singleValueContainer()
            try single.encode(99)
            var keyed = encoder.container(keyedBy: Key.self)
            try keyed.encode(1, forKey: .a)
        case .keyedThenSingle:
            var keyed = encoder.container(keyedBy: Key.self)
            try keyed.encode(1, forKey: .a)
            var single = encoder.singleValueContainer()
            try single.encode(99)
        case .oneKeyAsBothKinds:
            var keyed = encoder.container(keyedBy: Key.self)
            var nested = keyed.nestedContainer(keyedBy: Key.self, forKey: .a)
            try nested.encode(1, forKey: .b)
            var list = keyed.nestedUnkeyedContainer(forKey: .a)
            try list.encode(2)
        }
    }
}

/// Encodes `first`, then `second`, under one key.
struct WrittenTwice: Encodable, Sendable, CustomTestStringConvertible {
    enum Key: CodingKey { case list }

    let first: [Int]?
    let second: [Int]?

    var testDescription: String { "\(first.map { "\($0)" } ?? "nil") then \(second.map { "\($0)" } ?? "nil")" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(first, forKey: .list)
        try container.encode(second, forKey: .list)
    }
}
